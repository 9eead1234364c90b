/** The XRechnung 3.0 specification identifiers (BT-24) the schematron and the KoSIT scenarios know. */

/** XRechnung 3.0 CIUS. */
export const XR_CIUS_ID = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
/** XRechnung 3.0 extension (e.g. DiGA invoices). */
export const XR_EXTENSION_ID = `${XR_CIUS_ID}#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0`;
/** XRechnung CVD (Clean Vehicles Directive) 0.9. */
export const XR_CVD_ID = `${XR_CIUS_ID}#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9`;
/** Plain EN 16931. */
export const EN16931_ID = 'urn:cen.eu:en16931:2017';
