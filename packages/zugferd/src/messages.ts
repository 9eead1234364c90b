/**
 * The message catalogue of @kontor/zugferd: the texts of the verification report (findings of our own structure
 * checks, notes, summary), of the external engines' availability notes and of the extraction issues, in German and
 * English. Rule messages (EN 16931, XRechnung) come from @kontor/cii / @kontor/ubl in the same language; veraPDF's and
 * the KoSIT validator's own texts are passed through as they answer.
 */
import { defineMessages, message, type Lang, type MessageParams } from '@kontor/xml';

export const messages = defineMessages({
  // ---- verify: summary and notes
  SUMMARY_VALID: { en: 'Valid {kind}{profile}', de: 'Gültige {kind}{profile}' },
  SUMMARY_VALID_WITH_WARNINGS: { en: 'Valid {kind}{profile} with warnings', de: 'Gültige {kind}{profile} mit Warnungen' },
  SUMMARY_INVALID: { en: 'Invalid {kind}{profile}', de: 'Ungültige {kind}{profile}' },
  SUMMARY_COUNTS: { en: '{errors} error(s), {warnings} warning(s)', de: '{errors} Fehler, {warnings} Warnung(en)' },
  SUMMARY_FIRST_ERROR: { en: '; first error {code}: {message}', de: '; erster Fehler {code}: {message}' },
  SUMMARY_NOT_ALL_RAN: { en: ' (not every check could run, see authoritative.note)', de: ' (nicht jede Prüfung konnte laufen, siehe authoritative.note)' },
  KIND_PDF: { en: 'e-invoice PDF', de: 'E-Rechnung (PDF)' },
  KIND_CII: { en: 'CII invoice', de: 'CII-Rechnung' },
  KIND_UBL: { en: 'UBL invoice', de: 'UBL-Rechnung' },
  ALL_CHECKS_RAN: { en: 'All checks ran.', de: 'Alle Prüfungen sind gelaufen.' },
  KOSIT_NO_SCENARIO_FOR_PROFILE: {
    en: 'The KoSIT validator is configured but has no scenario for {profile}; the native checks decide.',
    de: 'Der KoSIT-Validator ist eingerichtet, hat aber kein Szenario für {profile}; es entscheiden die eigenen Prüfungen.',
  },
  XSD_SET_MISSING: { en: 'XSD set {set} is not installed: the XSD step was skipped.', de: 'Der XSD-Satz {set} ist nicht installiert: der XSD-Schritt entfiel.' },
  NO_SCHEMA_STORE: { en: 'No schema store configured: the XSD step ({set}) was skipped.', de: 'Kein Schemaspeicher eingerichtet: der XSD-Schritt ({set}) entfiel.' },
  UBL_DOCUMENT: { en: 'UBL 2.1 {kind}.', de: 'UBL 2.1 {kind}.' },

  // ---- verify/profiles: what the detected profile means for the checks
  PROFILE_ZUGFERD1: {
    en: 'ZUGFeRD 1.0 uses its own XML namespace (urn:ferd:CrossIndustryDocument:invoice:1p0) and its own schema and schematron, which Kontor does not ship or run: the embedded XML was not validated (only read for attachments); the PDF/A and structure checks still apply. ZUGFeRD 1.0 is superseded by ZUGFeRD 2.x / Factur-X.',
    de: 'ZUGFeRD 1.0 hat einen eigenen XML-Namensraum (urn:ferd:CrossIndustryDocument:invoice:1p0) und eigenes Schema und Schematron, die Kontor weder mitliefert noch ausführt: das eingebettete XML wurde nicht geprüft (nur für Anhänge gelesen); die PDF/A- und Strukturprüfungen gelten weiter. ZUGFeRD 1.0 ist durch ZUGFeRD 2.x / Factur-X abgelöst.',
  },
  PROFILE_ZUGFERD1_RC: {
    en: 'The guideline id "{guideline}" is not a ZUGFeRD 1.0 release profile (e.g. a release candidate). {note}',
    de: 'Die Guideline-ID „{guideline}“ ist kein ZUGFeRD-1.0-Release-Profil (z. B. ein Release Candidate). {note}',
  },
  PROFILE_NOT_CII: {
    en: 'The root element {root} is not a CII invoice (CrossIndustryInvoice D16B) nor a ZUGFeRD 1.0 invoice.',
    de: 'Das Wurzelelement {root} ist weder eine CII-Rechnung (CrossIndustryInvoice D16B) noch eine ZUGFeRD-1.0-Rechnung.',
  },
  PROFILE_XRECHNUNG_OLD: {
    en: 'BT-24 names XRechnung {version}, which is no longer in force (current: 3.0): the EN 16931 rules and the German core rules BR-DE-1 to BR-DE-18 (in force since XRechnung 1.x) were applied; the later XRechnung and Peppol rules are not applied to it.',
    de: 'BT-24 nennt XRechnung {version}, die nicht mehr gilt (aktuell: 3.0): angewandt wurden die EN-16931-Regeln und die deutschen Kernregeln BR-DE-1 bis BR-DE-18 (gültig seit XRechnung 1.x); die späteren XRechnung- und Peppol-Regeln nicht.',
  },
  UNKNOWN_VERSION: { en: '(unknown version)', de: '(unbekannte Version)' },
  PROFILE_MINIMUM: {
    en: 'Factur-X/ZUGFeRD MINIMUM is not an EN 16931 invoice (no lines, no full VAT breakdown; in Germany not an invoice in the legal sense): the EN 16931 rules do not apply and were not run. The XML was checked against the Factur-X MINIMUM XSD; the Factur-X MINIMUM schematron is not run natively.',
    de: 'Factur-X/ZUGFeRD MINIMUM ist keine EN-16931-Rechnung (keine Positionen, keine vollständige Steueraufschlüsselung; in Deutschland keine Rechnung im Rechtssinn): die EN-16931-Regeln gelten nicht und liefen nicht. Das XML wurde gegen das Factur-X-MINIMUM-XSD geprüft; das Factur-X-MINIMUM-Schematron läuft nicht nativ.',
  },
  PROFILE_BASIC_WL: {
    en: 'Factur-X/ZUGFeRD BASIC WL is not an EN 16931 invoice (no lines; in Germany not an invoice in the legal sense): the EN 16931 rules do not apply and were not run. The XML was checked against the Factur-X BASIC WL XSD; the Factur-X BASIC WL schematron is not run natively.',
    de: 'Factur-X/ZUGFeRD BASIC WL ist keine EN-16931-Rechnung (keine Positionen; in Deutschland keine Rechnung im Rechtssinn): die EN-16931-Regeln gelten nicht und liefen nicht. Das XML wurde gegen das Factur-X-BASIC-WL-XSD geprüft; das Factur-X-BASIC-WL-Schematron läuft nicht nativ.',
  },
  PROFILE_BASIC: {
    en: 'Factur-X/ZUGFeRD BASIC is an EN 16931 subset: checked with the Factur-X BASIC XSD and the EN 16931 rules; the Factur-X BASIC profile schematron is not run natively.',
    de: 'Factur-X/ZUGFeRD BASIC ist eine Teilmenge von EN 16931: geprüft mit dem Factur-X-BASIC-XSD und den EN-16931-Regeln; das Schematron des Profils BASIC läuft nicht nativ.',
  },
  PROFILE_EXTENDED: {
    en: 'Factur-X/ZUGFeRD EXTENDED extends EN 16931 (conformant): checked with the Factur-X EXTENDED XSD and the EN 16931 rules (extension elements may raise CII-SR warnings); the Factur-X EXTENDED schematron is not run natively.',
    de: 'Factur-X/ZUGFeRD EXTENDED erweitert EN 16931 (konform): geprüft mit dem Factur-X-EXTENDED-XSD und den EN-16931-Regeln (Erweiterungselemente können CII-SR-Warnungen auslösen); das Factur-X-EXTENDED-Schematron läuft nicht nativ.',
  },
  PROFILE_PEPPOL: {
    en: 'BT-24 names Peppol BIS Billing 3.0 (not a ZUGFeRD/Factur-X profile): checked with the CII XSD and the EN 16931 rules; the Peppol BIS schematron is not run.',
    de: 'BT-24 nennt Peppol BIS Billing 3.0 (kein ZUGFeRD/Factur-X-Profil): geprüft mit dem CII-XSD und den EN-16931-Regeln; das Peppol-BIS-Schematron läuft nicht.',
  },
  PROFILE_NO_BT24: {
    en: 'BT-24 (the guideline id) is missing: the profile cannot be determined; the EN 16931 rules were applied.',
    de: 'BT-24 (die Guideline-ID) fehlt: das Profil lässt sich nicht bestimmen; angewandt wurden die EN-16931-Regeln.',
  },
  PROFILE_UNKNOWN_BT24: {
    en: 'BT-24 "{guideline}" is not a known ZUGFeRD / Factur-X / XRechnung profile; the EN 16931 rules were applied.',
    de: 'BT-24 „{guideline}“ ist kein bekanntes ZUGFeRD-/Factur-X-/XRechnung-Profil; angewandt wurden die EN-16931-Regeln.',
  },

  // ---- verify: findings of our own checks
  FILE_EMPTY: { en: 'The file is empty', de: 'Die Datei ist leer' },
  FILE_IS_XML: { en: 'The file is XML, not a PDF: validate bare XML invoices as XML', de: 'Die Datei ist XML, kein PDF: reine XML-Rechnungen bitte als XML prüfen' },
  NOT_A_PDF: { en: 'The file is not a PDF (no %PDF- header)', de: 'Die Datei ist kein PDF (kein %PDF-Kopf)' },
  KOSIT_REJECTED: { en: 'The KoSIT validator rejected the document', de: 'Der KoSIT-Validator hat das Dokument abgelehnt' },
  KOSIT_REJECTED_NATIVE: { en: 'No KoSIT XRechnung scenario accepts this document ({reasons})', de: 'Kein KoSIT-XRechnung-Szenario nimmt dieses Dokument an ({reasons})' },
  NO_SCENARIO_FOR_BT24: { en: 'no scenario for BT-24', de: 'kein Szenario für BT-24' },
  XML_NOT_WELL_FORMED: { en: 'The invoice XML cannot be read: {reason}', de: 'Das Rechnungs-XML kann nicht gelesen werden: {reason}' },
  UNKNOWN_ERROR: { en: 'unknown error', de: 'unbekannter Fehler' },
  EXTENDED_AS_WARNING: {
    en: '{message} (EXTENDED profile: decided by the Factur-X EXTENDED schematron, which is not run natively; reported as a warning)',
    de: '{message} (Profil EXTENDED: entscheidet das Factur-X-EXTENDED-Schematron, das nicht nativ läuft; als Warnung gemeldet)',
  },
  XRECHNUNG_VERSION_OUTDATED: {
    en: 'XRechnung {version} is no longer accepted by German public buyers (current: 3.0); the KoSIT validator with the current configuration rejects it (no scenario)',
    de: 'XRechnung {version} wird von öffentlichen Auftraggebern nicht mehr angenommen (aktuell: 3.0); der KoSIT-Validator mit der aktuellen Konfiguration lehnt sie ab (kein Szenario)',
  },
  ZUGFERD1_NOT_SUPPORTED: {
    en: 'ZUGFeRD 1.0 XML cannot be validated natively (own namespace, schema and schematron)',
    de: 'ZUGFeRD-1.0-XML kann nicht nativ geprüft werden (eigener Namensraum, eigenes Schema und Schematron)',
  },
  NOT_CII: { en: 'The document is not a CII invoice (rsm:CrossIndustryInvoice)', de: 'Das Dokument ist keine CII-Rechnung (rsm:CrossIndustryInvoice)' },
  PDF_ENCRYPTED: {
    en: 'The PDF is encrypted: its embedded files cannot be read (PDF/A forbids encryption)',
    de: 'Das PDF ist verschlüsselt: seine eingebetteten Dateien können nicht gelesen werden (PDF/A verbietet Verschlüsselung)',
  },
  PDFA_NOT_DECLARED: {
    en: 'The XMP metadata declares no PDF/A part (pdfaid:part): a ZUGFeRD/Factur-X invoice must be PDF/A-3',
    de: 'Die XMP-Metadaten geben keinen PDF/A-Teil an (pdfaid:part): eine ZUGFeRD/Factur-X-Rechnung muss PDF/A-3 sein',
  },
  PDFA_PART: { en: 'The file declares PDF/A-{part}; ZUGFeRD 2.x / Factur-X 1.0 require PDF/A-3', de: 'Die Datei erklärt PDF/A-{part}; ZUGFeRD 2.x / Factur-X 1.0 verlangen PDF/A-3' },
  PDFA_CONFORMANCE: { en: 'pdfaid:conformance is "{value}"; it must be A, B or U (upper case)', de: 'pdfaid:conformance ist „{value}“; erlaubt sind A, B oder U (Großbuchstaben)' },
  NO_EMBEDDED_FILES: {
    en: 'The PDF embeds no files: it is not a ZUGFeRD/Factur-X/XRechnung hybrid invoice',
    de: 'Das PDF bettet keine Dateien ein: es ist keine hybride ZUGFeRD/Factur-X/XRechnung-Rechnung',
  },
  INVOICE_XML_MISSING: { en: 'No embedded file is an invoice XML (embedded: {files})', de: 'Keine eingebettete Datei ist ein Rechnungs-XML (eingebettet: {files})' },
  INVOICE_XML_UNREADABLE: { en: '{name} cannot be read: {reason}', de: '{name} kann nicht gelesen werden: {reason}' },
  EMPTY_STREAM: { en: 'empty stream', de: 'leerer Datenstrom' },
  FACTURX_FILENAME_UNKNOWN: { en: 'The invoice XML is embedded as "{name}"; receivers look for {expected}', de: 'Das Rechnungs-XML ist als „{name}“ eingebettet; Empfänger suchen nach {expected}' },
  FACTURX_FILENAME_PROFILE: { en: 'A {profile} invoice is embedded as "{name}"; expected {expected}', de: 'Eine {profile}-Rechnung ist als „{name}“ eingebettet; erwartet: {expected}' },
  OR: { en: ' or ', de: ' oder ' },
  FACTURX_NOT_ASSOCIATED: { en: '{name} is not listed in the catalog /AF array (ISO 19005-3 6.8, Factur-X §6)', de: '{name} steht nicht im /AF-Array des Katalogs (ISO 19005-3 6.8, Factur-X §6)' },
  FACTURX_NO_RELATIONSHIP: { en: '{name} has no /AFRelationship', de: '{name} hat keine /AFRelationship' },
  FACTURX_BAD_RELATIONSHIP: {
    en: '{name} has /AFRelationship /{relationship}; the invoice XML must be Data, Alternative or Source',
    de: '{name} hat /AFRelationship /{relationship}; das Rechnungs-XML muss Data, Alternative oder Source sein',
  },
  FACTURX_MIME_TYPE: { en: '{name} has MIME type {mime}; expected text/xml', de: '{name} hat den MIME-Typ {mime}; erwartet: text/xml' },
  AF_NOT_ASSOCIATED: { en: 'not listed in the catalog /AF array (ISO 19005-3 6.8)', de: 'nicht im /AF-Array des Katalogs (ISO 19005-3 6.8)' },
  AF_NO_RELATIONSHIP: { en: 'no /AFRelationship (ISO 19005-3 6.8)', de: 'keine /AFRelationship (ISO 19005-3 6.8)' },
  AF_BAD_RELATIONSHIP: { en: '/AFRelationship /{relationship} is not one of {allowed}', de: '/AFRelationship /{relationship} ist keiner von {allowed}' },
  AF_NO_SUBTYPE: { en: 'the embedded stream has no /Subtype (MIME type; ISO 19005-3 6.8)', de: 'der eingebettete Datenstrom hat keinen /Subtype (MIME-Typ; ISO 19005-3 6.8)' },
  AF_INVOICE_RELATIONSHIP: { en: 'the invoice XML must be Data, Alternative or Source, not {relationship}', de: 'das Rechnungs-XML muss Data, Alternative oder Source sein, nicht {relationship}' },
  AF_EXPECT_DATA: {
    en: '{profile} XML is data, not an alternative invoice: Factur-X expects /AFRelationship /Data',
    de: '{profile}-XML sind Daten, keine alternative Rechnung: Factur-X erwartet /AFRelationship /Data',
  },
  AF_EXPECT_ALTERNATIVE: {
    en: '{profile} XML is the invoice itself: Factur-X expects /AFRelationship /Alternative (or /Source)',
    de: '{profile}-XML ist die Rechnung selbst: Factur-X erwartet /AFRelationship /Alternative (oder /Source)',
  },
  AF_OK: { en: 'associated as {relationship}{mime}', de: 'verknüpft als {relationship}{mime}' },
  AF_PROFILE: { en: '{name}: {message}', de: '{name}: {message}' },
  XMP_MISSING: {
    en: 'The catalog has no XMP metadata: the Factur-X/ZUGFeRD properties (fx:DocumentType, DocumentFileName, Version, ConformanceLevel) are missing',
    de: 'Der Katalog hat keine XMP-Metadaten: die Factur-X/ZUGFeRD-Eigenschaften (fx:DocumentType, DocumentFileName, Version, ConformanceLevel) fehlen',
  },
  XMP_UNREADABLE: {
    en: 'The XMP metadata is not well-formed XML: the Factur-X/ZUGFeRD properties cannot be read',
    de: 'Die XMP-Metadaten sind kein wohlgeformtes XML: die Factur-X/ZUGFeRD-Eigenschaften können nicht gelesen werden',
  },
  XMP_NO_INVOICE_PROPERTIES: {
    en: 'The XMP metadata has no Factur-X/ZUGFeRD invoice properties (fx:DocumentType, DocumentFileName, Version, ConformanceLevel)',
    de: 'Die XMP-Metadaten haben keine Factur-X/ZUGFeRD-Rechnungseigenschaften (fx:DocumentType, DocumentFileName, Version, ConformanceLevel)',
  },
  XMP_NAMESPACE: {
    en: 'The XMP invoice properties use the namespace "{ns}", which is not a Factur-X/ZUGFeRD invoice namespace',
    de: 'Die XMP-Rechnungseigenschaften verwenden den Namensraum „{ns}“, der kein Factur-X/ZUGFeRD-Namensraum ist',
  },
  XMP_NOT_DECLARED: {
    en: 'The XMP properties of {ns} are not declared in a PDF/A extension schema (pdfaExtension:schemas; ISO 19005-3 6.6.2.3)',
    de: 'Die XMP-Eigenschaften von {ns} sind in keinem PDF/A-Erweiterungsschema erklärt (pdfaExtension:schemas; ISO 19005-3 6.6.2.3)',
  },
  XMP_DOCUMENT_TYPE: { en: 'XMP DocumentType is {value}, expected "INVOICE"', de: 'XMP DocumentType ist {value}, erwartet: „INVOICE“' },
  MISSING: { en: 'missing', de: 'nicht vorhanden' },
  XMP_FILENAME_MISSING: { en: 'XMP DocumentFileName is missing', de: 'XMP DocumentFileName fehlt' },
  XMP_FILENAME: {
    en: 'XMP DocumentFileName is "{name}" but the invoice XML is embedded as "{embedded}"',
    de: 'XMP DocumentFileName ist „{name}“, das Rechnungs-XML ist aber als „{embedded}“ eingebettet',
  },
  XMP_VERSION_MISSING: { en: 'XMP Version is missing', de: 'XMP Version fehlt' },
  XMP_VERSION: { en: 'XMP Version is "{version}", expected "{expected}" for {standard}', de: 'XMP Version ist „{version}“, erwartet: „{expected}“ für {standard}' },
  XMP_LEVEL_MISSING: { en: 'XMP ConformanceLevel is missing', de: 'XMP ConformanceLevel fehlt' },
  XMP_LEVEL_MISMATCH: {
    en: 'XMP ConformanceLevel "{level}" does not match the embedded XML (guideline id {guideline} = {profile}; expected {expected})',
    de: 'XMP ConformanceLevel „{level}“ passt nicht zum eingebetteten XML (Guideline-ID {guideline} = {profile}; erwartet: {expected})',
  },
  NONE: { en: '(none)', de: '(keine)' },
  XMP_LEVEL_UNKNOWN: { en: 'XMP ConformanceLevel "{level}" is not a Factur-X/ZUGFeRD level', de: 'XMP ConformanceLevel „{level}“ ist keine Factur-X/ZUGFeRD-Stufe' },

  // ---- verify/engines: availability notes of the external engines
  KOSIT_UNREACHABLE: {
    en: 'The KoSIT validator at {url} is unreachable: {reason}; the native result stands.',
    de: 'Der KoSIT-Validator unter {url} ist nicht erreichbar: {reason}; es gilt das eigene Ergebnis.',
  },
  KOSIT_HTTP: {
    en: 'The KoSIT validator at {url} answered HTTP {status} (processing aborted or internal error); the native result stands.',
    de: 'Der KoSIT-Validator unter {url} antwortete mit HTTP {status} (Verarbeitung abgebrochen oder interner Fehler); es gilt das eigene Ergebnis.',
  },
  KOSIT_UNREADABLE: {
    en: 'The KoSIT validator answered HTTP {status} with an unreadable report ({reason}); the native result stands.',
    de: 'Der KoSIT-Validator antwortete mit HTTP {status} und einem unlesbaren Bericht ({reason}); es gilt das eigene Ergebnis.',
  },
  KOSIT_NOT_VARL: {
    en: "The KoSIT validator's answer is not a VARL report (root {root}); the native result stands.",
    de: 'Die Antwort des KoSIT-Validators ist kein VARL-Bericht (Wurzel {root}); es gilt das eigene Ergebnis.',
  },
  KOSIT_NO_ASSESSMENT: {
    en: 'The KoSIT report has no assessment (a partial report after an engine failure); the native result stands.',
    de: 'Der KoSIT-Bericht hat keine Bewertung (ein Teilbericht nach einem Fehler); es gilt das eigene Ergebnis.',
  },
  KOSIT_CONTRADICTION: {
    en: "The KoSIT validator's HTTP status {status} contradicts its assessment ({assessment}); the native result stands.",
    de: 'Der HTTP-Status {status} des KoSIT-Validators widerspricht seiner Bewertung ({assessment}); es gilt das eigene Ergebnis.',
  },
  KOSIT_NO_SCENARIO: {
    en: 'The KoSIT configuration has no scenario for this document (BT-24 / document type).',
    de: 'Die KoSIT-Konfiguration hat kein Szenario für dieses Dokument (BT-24 / Dokumentart).',
  },
  VERAPDF_UNREACHABLE: {
    en: 'The veraPDF service at {url} is unreachable: {reason}; the native PDF/A result stands.',
    de: 'Der veraPDF-Dienst unter {url} ist nicht erreichbar: {reason}; es gilt das eigene PDF/A-Ergebnis.',
  },
  VERAPDF_HTTP: {
    en: 'The veraPDF service answered HTTP {status}: {body}; the native PDF/A result stands.',
    de: 'Der veraPDF-Dienst antwortete mit HTTP {status}: {body}; es gilt das eigene PDF/A-Ergebnis.',
  },
  VERAPDF_NOT_JSON: { en: 'The veraPDF service did not answer JSON; the native PDF/A result stands.', de: 'Der veraPDF-Dienst antwortete nicht mit JSON; es gilt das eigene PDF/A-Ergebnis.' },
  VERAPDF_NO_RESULT: { en: 'The veraPDF report has no validation result; the native PDF/A result stands.', de: 'Der veraPDF-Bericht enthält kein Prüfergebnis; es gilt das eigene PDF/A-Ergebnis.' },
  VERAPDF_JOB_STATUS: {
    en: 'The veraPDF job ended with status "{status}"; the native PDF/A result stands.',
    de: 'Der veraPDF-Auftrag endete mit dem Status „{status}“; es gilt das eigene PDF/A-Ergebnis.',
  },
  VERAPDF_NOT_COMPLIANT: { en: 'veraPDF reports the file as not compliant', de: 'veraPDF meldet die Datei als nicht konform' },

  // ---- the PDF path's refusals: attachments, profile, logo
  ATT_NOT_OBJECT: { en: '{where} must be an object', de: '{where} muss ein Objekt sein' },
  ATT_NAME_REQUIRED: { en: '{where}: a file name is required', de: '{where}: ein Dateiname ist nötig' },
  ATT_NAME_PLAIN: { en: '{where}: "{name}" is not a plain file name', de: '{where}: „{name}“ ist kein einfacher Dateiname' },
  ATT_NAME_RESERVED: { en: '{where}: the name {name} is reserved for the invoice XML', de: '{where}: der Name {name} ist dem Rechnungs-XML vorbehalten' },
  ATT_NAME_TWICE: { en: '{where}: two attachments are named {name}', de: '{where}: zwei Anhänge heißen {name}' },
  ATT_DATA_BYTES: { en: '{where}: data must be bytes', de: '{where}: data müssen Bytes sein' },
  ATT_EMPTY: { en: '{where}: {name} is empty', de: '{where}: {name} ist leer' },
  ATT_TOO_LARGE: { en: '{where}: {name} has {bytes} bytes; at most {max} are allowed', de: '{where}: {name} hat {bytes} Bytes; erlaubt sind höchstens {max}' },
  ATT_TYPE_UNKNOWN: {
    en: '{where}: the type of {name} is unknown; allowed are PDF, PNG, JPEG, CSV, XLSX, ODS and XML',
    de: '{where}: der Typ von {name} ist unbekannt; erlaubt sind PDF, PNG, JPEG, CSV, XLSX, ODS und XML',
  },
  ATT_TYPE_NOT_ALLOWED: { en: '{where}: {mime} is not an allowed attachment type ({allowed})', de: '{where}: {mime} ist kein erlaubter Anhangstyp ({allowed})' },
  ATT_DESCRIPTION: { en: '{where}: description must be a string of at most 1000 characters', de: '{where}: description muss ein Text von höchstens 1000 Zeichen sein' },
  PROFILE_XML_ONLY: {
    en: 'The xrechnung profile is XML only (XRechnung is delivered as a bare XML file); request format=xml, or use profile en16931 for a ZUGFeRD/Factur-X PDF',
    de: 'Das Profil xrechnung gibt es nur als XML (XRechnung wird als reine XML-Datei geliefert); format=xml anfordern oder für ein ZUGFeRD/Factur-X-PDF das Profil en16931 verwenden',
  },
  PROFILE_XML_ONLY_SHORT: { en: 'profile xrechnung cannot be delivered as a PDF', de: 'das Profil xrechnung kann nicht als PDF geliefert werden' },
  INVOICE_NOT_VALID: { en: 'The invoice is not valid: {errors}', de: 'Die Rechnung ist nicht gültig: {errors}' },
  AND_MORE: { en: ' and {count} more', de: ' und {count} weitere' },
  LOGO_EMPTY: { en: 'The logo is empty', de: 'Das Logo ist leer' },
  LOGO_TOO_MANY_BYTES: { en: 'The logo has {bytes} bytes; at most {max} are allowed', de: 'Das Logo hat {bytes} Bytes; erlaubt sind höchstens {max}' },
  LOGO_TYPE: { en: 'The logo is neither PNG, JPEG nor SVG', de: 'Das Logo ist weder PNG noch JPEG noch SVG' },
  LOGO_DECLARED: { en: 'The logo was declared as {declared} but its content is {mime}', de: 'Das Logo wurde als {declared} angegeben, sein Inhalt ist aber {mime}' },
  LOGO_DAMAGED: { en: 'The {what} logo is damaged: no image size found', de: 'Das {what}-Logo ist beschädigt: keine Bildgröße gefunden' },
  LOGO_TOO_LARGE: {
    en: 'The {what} logo is too large ({width} x {height} pixels); at most {side} pixels a side and {pixels} pixels in all',
    de: 'Das {what}-Logo ist zu groß ({width} x {height} Pixel); erlaubt sind höchstens {side} Pixel je Seite und {pixels} Pixel insgesamt',
  },
  LOGO_CMYK: {
    en: 'The JPEG logo has {components} colour components (CMYK); PDF/A with an sRGB output intent needs an RGB or grayscale JPEG, or a PNG',
    de: 'Das JPEG-Logo hat {components} Farbkomponenten (CMYK); PDF/A mit sRGB-Ausgabebedingung braucht ein RGB- oder Graustufen-JPEG oder ein PNG',
  },
  SVG_DTD: { en: 'The SVG logo declares a DTD or entities, which are not allowed: {reason}', de: 'Das SVG-Logo erklärt eine DTD oder Entitäten, die nicht erlaubt sind: {reason}' },
  SVG_NOT_WELL_FORMED: { en: 'The SVG logo is not well-formed XML: {reason}', de: 'Das SVG-Logo ist kein wohlgeformtes XML: {reason}' },
  SVG_STYLESHEET: {
    en: 'The SVG logo references a style sheet (xml-stylesheet); references to other files are not allowed',
    de: 'Das SVG-Logo verweist auf ein Stylesheet (xml-stylesheet); Verweise auf andere Dateien sind nicht erlaubt',
  },
  SVG_ROOT: { en: "The logo's root element is <{root}>, not <svg>", de: 'Das Wurzelelement des Logos ist <{root}>, nicht <svg>' },
  SVG_SCRIPT: { en: 'The SVG logo contains a <script> element; scripts are not allowed', de: 'Das SVG-Logo enthält ein <script>-Element; Skripte sind nicht erlaubt' },
  SVG_FOREIGN_OBJECT: { en: 'The SVG logo contains <foreignObject> (embedded HTML), which is not allowed', de: 'Das SVG-Logo enthält <foreignObject> (eingebettetes HTML), das nicht erlaubt ist' },
  SVG_STYLE_IMPORT: {
    en: 'The SVG logo style sheet references another file (@import or url()), which is not allowed',
    de: 'Das Stylesheet des SVG-Logos verweist auf eine andere Datei (@import oder url()), das ist nicht erlaubt',
  },
  SVG_EVENT_HANDLER: { en: 'The SVG logo has an event handler attribute ({name}); scripts are not allowed', de: 'Das SVG-Logo hat ein Ereignis-Attribut ({name}); Skripte sind nicht erlaubt' },
  SVG_REFERENCE: {
    en: 'The SVG logo references another file or URL ({name}="{value}"); only internal references (#id) and embedded PNG/JPEG/GIF/WebP data are allowed',
    de: 'Das SVG-Logo verweist auf eine andere Datei oder URL ({name}="{value}"); erlaubt sind nur interne Verweise (#id) und eingebettete PNG-/JPEG-/GIF-/WebP-Daten',
  },

  // ---- extraction (spec §2.2 issues)
  EMBEDDED_ZUGFERD1_NOT_READ: {
    en: 'The embedded {name} is a ZUGFeRD 1.0 invoice, which the invoice reader does not map; the data was read from the print instead',
    de: 'Die eingebettete Datei {name} ist eine ZUGFeRD-1.0-Rechnung, die der Leser nicht abbildet; die Daten wurden stattdessen aus dem Druckbild gelesen',
  },
  EMBEDDED_XML_UNREADABLE: {
    en: 'The embedded {name} could not be read as a CII invoice ({reason}); the data was read from the print instead',
    de: 'Die eingebettete Datei {name} konnte nicht als CII-Rechnung gelesen werden ({reason}); die Daten wurden stattdessen aus dem Druckbild gelesen',
  },
  ZUGFERD1_MAPPED: {
    en: 'The embedded {name} is ZUGFeRD 1.0; it was mapped to CII D16B (renamed containers, same content) and read from there; paths of unmapped elements refer to that form',
    de: 'Die eingebettete Datei {name} ist ZUGFeRD 1.0; sie wurde auf CII D16B abgebildet (umbenannte Container, gleicher Inhalt) und von dort gelesen; Pfade nicht abgebildeter Elemente beziehen sich auf diese Form',
  },
  TEXT_LINE_NOT_IN_MODEL: {
    en: 'Text-only invoice line (a note between positions): present in the e-invoice, not held by the invoice model',
    de: 'Reine Textzeile (eine Bemerkung zwischen Positionen): in der E-Rechnung vorhanden, im Rechnungsmodell nicht abgebildet',
  },
  NOT_IN_MODEL: { en: '{reason}: present in the e-invoice, not held by the invoice model', de: '{reason}: in der E-Rechnung vorhanden, im Rechnungsmodell nicht abgebildet' },
  ATTACHMENT_NOT_IN_MODEL: {
    en: 'Supporting document {name} (BT-122..BT-125) is not part of the invoice model; send it again as an attachment',
    de: 'Der rechnungsbegründende Anhang {name} (BT-122..BT-125) ist nicht Teil des Rechnungsmodells; bitte erneut als Anhang senden',
  },
  SCAN_NOT_READABLE: {
    en: 'The PDF has no text layer and no page image could be rendered; every field is a placeholder.',
    de: 'Das PDF hat keine Textebene und es konnte kein Seitenbild erzeugt werden; jedes Feld ist ein Platzhalter.',
  },
  IBAN_NOT_IN_DOCUMENT: {
    en: "The model's IBAN {iban} is not printed in the document or fails its check digits; {outcome}",
    de: 'Die IBAN {iban} des Modells steht nicht im Dokument oder hat falsche Prüfziffern; {outcome}',
  },
  TOOK_PRINTED: { en: 'the printed one was taken', de: 'die gedruckte wurde übernommen' },
  LEFT_OUT: { en: 'left out', de: 'weggelassen' },
  IBAN_FROM_IMAGE: {
    en: 'IBAN {iban} was read from the page image (check digits valid); compare it with the document',
    de: 'Die IBAN {iban} wurde aus dem Seitenbild gelesen (Prüfziffern stimmen); bitte mit dem Dokument vergleichen',
  },
  VAT_ID_NOT_IN_DOCUMENT: {
    en: "The model's {party} VAT ID {vatId} is not printed in the document; {outcome}",
    de: 'Die Umsatzsteuer-ID {vatId} ({party}) des Modells steht nicht im Dokument; {outcome}',
  },
  AMOUNT_NOT_IN_DOCUMENT: { en: '{field} {amount} does not appear in the document', de: '{field} {amount} kommt im Dokument nicht vor' },
  FIELD_PLACEHOLDER: { en: '{path} could not be read; placeholder set, please correct', de: '{path} konnte nicht gelesen werden; Platzhalter gesetzt, bitte korrigieren' },
  NO_LINE_READ: { en: 'No invoice line could be read; one placeholder line was set', de: 'Keine Rechnungsposition konnte gelesen werden; eine Platzhalterposition wurde gesetzt' },
  NO_VAT_BREAKDOWN_READ: { en: 'No VAT breakdown could be read; a placeholder entry was set', de: 'Keine Steueraufschlüsselung konnte gelesen werden; ein Platzhaltereintrag wurde gesetzt' },
  MODEL_USED_TEXT: {
    en: 'Read from the text layer by the model {model} ({answers} answer(s), {left} finding(s) left); check every value against the document.',
    de: 'Vom Modell {model} aus der Textebene gelesen ({answers} Antwort(en), {left} offene Befund(e)); bitte jeden Wert mit dem Dokument vergleichen.',
  },
  MODEL_USED_IMAGES: {
    en: 'Read from {pages} page image(s) by the model {model} ({answers} answer(s), {left} finding(s) left); check every value against the document.',
    de: 'Vom Modell {model} aus {pages} Seitenbild(ern) gelesen ({answers} Antwort(en), {left} offene Befund(e)); bitte jeden Wert mit dem Dokument vergleichen.',
  },
  // ---- extraction from the text layer
  PLACEHOLDER_SET: { en: '{why}; placeholder set, please correct', de: '{why}; Platzhalter gesetzt, bitte korrigieren' },
  NOT_FOUND: { en: 'No {what} found', de: '{what} nicht gefunden' },
  WHAT_INVOICE_NUMBER: { en: 'invoice number (BT-1)', de: 'Rechnungsnummer (BT-1)' },
  WHAT_ISSUE_DATE: { en: 'invoice date (BT-2)', de: 'Rechnungsdatum (BT-2)' },
  WHAT_DUE_DATE: { en: 'due date (BT-9)', de: 'Fälligkeitsdatum (BT-9)' },
  WHAT_DELIVERY_DATE: { en: 'delivery date (BT-72)', de: 'Lieferdatum (BT-72)' },
  WHAT_SELLER_NAME: { en: 'seller name (BT-27)', de: 'Name des Verkäufers (BT-27)' },
  WHAT_BUYER_NAME: { en: 'buyer name (BT-44)', de: 'Name des Käufers (BT-44)' },
  WHAT_NET_TOTAL: { en: 'net total (BT-109)', de: 'Nettosumme (BT-109)' },
  WHAT_VAT_TOTAL: { en: 'VAT total (BT-110)', de: 'Umsatzsteuersumme (BT-110)' },
  WHAT_GROSS_TOTAL: { en: 'gross total (BT-112)', de: 'Bruttosumme (BT-112)' },
  DATE_UNREADABLE: { en: 'The {what} "{value}" is not a readable date; left out', de: '{what} „{value}“ ist kein lesbares Datum; weggelassen' },
  NO_MODEL_USED: {
    en: 'Extracted deterministically from the PDF text layer; no language model was used. Check every value against the document.',
    de: 'Deterministisch aus der Textebene des PDF gelesen; kein Sprachmodell verwendet. Bitte jeden Wert mit dem Dokument vergleichen.',
  },
  PDF_PAGES_TRUNCATED: { en: 'Only the first pages were read', de: 'Nur die ersten Seiten wurden gelesen' },
  NO_TEXT_LAYER: {
    en: 'The PDF has no text layer (a scan or an image). Without a vision model nothing can be read; every field is a placeholder.',
    de: 'Das PDF hat keine Textebene (ein Scan oder ein Bild). Ohne Bildmodell kann nichts gelesen werden; jedes Feld ist ein Platzhalter.',
  },
  PERIOD_AMBIGUOUS: {
    en: 'The service period shows one date ({date}); whether it starts or ends the period is not printed',
    de: 'Der Leistungszeitraum zeigt ein Datum ({date}); ob es Beginn oder Ende ist, steht nicht im Dokument',
  },
  CURRENCY_ASSUMED: { en: 'No currency printed; EUR assumed', de: 'Keine Währung angegeben; EUR angenommen' },
  VAT_ID_CHECKSUM: {
    en: 'The printed VAT ID {vatId} fails its check digits ({reason}); taken as printed, please verify',
    de: 'Die gedruckte Umsatzsteuer-ID {vatId} hat falsche Prüfziffern ({reason}); wie gedruckt übernommen, bitte prüfen',
  },
  CHECKSUM: { en: 'checksum', de: 'Prüfsumme' },
  VAT_ID_UNREADABLE: { en: '"{value}" is not a recognisable VAT ID; left out', de: '„{value}“ ist keine erkennbare Umsatzsteuer-ID; weggelassen' },
  SELLER_TAX_ID_MISSING: { en: 'Neither a seller VAT ID (BT-31) nor a tax number (BT-32) was found', de: 'Weder eine Umsatzsteuer-ID (BT-31) noch eine Steuernummer (BT-32) des Verkäufers gefunden' },
  IBAN_CHECKSUM: { en: 'The printed IBAN {iban} fails its check digits; left out (never guessed)', de: 'Die gedruckte IBAN {iban} hat falsche Prüfziffern; weggelassen (nie geraten)' },
  PAYMENT_MEANS_UNSURE: {
    en: 'The document mentions a direct debit; the IBAN found may be the debited account',
    de: 'Das Dokument erwähnt eine Lastschrift; die gefundene IBAN kann das belastete Konto sein',
  },
  LINE_TABLE_NOT_FOUND: { en: 'No line table with column headings was recognised', de: 'Keine Positionstabelle mit Spaltenüberschriften erkannt' },
  NO_QUANTITY: { en: 'No quantity read; placeholder 0', de: 'Keine Menge gelesen; Platzhalter 0' },
  NO_UNIT_PRICE: { en: 'No unit price read; placeholder 0', de: 'Kein Einzelpreis gelesen; Platzhalter 0' },
  NO_LINE_RATE: { en: 'No VAT rate read for the line; placeholder 0', de: 'Kein Steuersatz für die Position gelesen; Platzhalter 0' },
  LINE_AMOUNT_MISMATCH: {
    en: 'Quantity × unit price = {calc} but the line amount reads {amount} (allowances or a misread)',
    de: 'Menge × Einzelpreis = {calc}, der Positionsbetrag lautet aber {amount} (Abschläge oder ein Lesefehler)',
  },
  VAT_BASIS_COMPUTED: {
    en: 'The taxable amount at {rate} % is not printed; the sum of the lines at that rate ({basis}) was taken',
    de: 'Die Bemessungsgrundlage zu {rate} % ist nicht gedruckt; die Summe der Positionen zu diesem Satz ({basis}) wurde übernommen',
  },
  NO_TAXABLE_AMOUNT: { en: 'No taxable amount; placeholder 0', de: 'Keine Bemessungsgrundlage; Platzhalter 0' },
  VAT_AMOUNT_MISMATCH: { en: '{rate} % of {basis} is {calc}, but {tax} is printed', de: '{rate} % von {basis} sind {calc}, gedruckt ist aber {tax}' },
  VAT_TOTAL_MISMATCH: { en: 'The VAT entries add up to {sum}, the printed VAT total is {total}', de: 'Die Steuerbeträge ergeben {sum}, die gedruckte Umsatzsteuersumme ist {total}' },
  TOTALS_MISMATCH_LINES: {
    en: 'The lines add up to {sum}, the printed net total is {total} (unread lines or amounts)',
    de: 'Die Positionen ergeben {sum}, die gedruckte Nettosumme ist {total} (ungelesene Positionen oder Beträge)',
  },
  TOTALS_MISMATCH_LINES_AC: {
    en: 'The lines with the document allowances/charges add up to {sum}, the printed net total is {total} (unread lines or amounts)',
    de: 'Die Positionen mit den Ab- und Zuschlägen ergeben {sum}, die gedruckte Nettosumme ist {total} (ungelesene Positionen oder Beträge)',
  },
  TOTALS_MISMATCH_GROSS: { en: 'Net {net} + VAT {vat} ≠ gross {gross}', de: 'Netto {net} + USt {vat} ≠ Brutto {gross}' },
  PDF_ENCRYPTED_READABLE: { en: 'The PDF is encrypted (opened with the empty user password)', de: 'Das PDF ist verschlüsselt (mit dem leeren Benutzerkennwort geöffnet)' },
});

export type MessageKey = keyof typeof messages;

/** A parameter that is itself a text of this catalogue, filled in per language. */
export type TextParams = Readonly<Record<string, MessageParams[string] | { key: MessageKey }>>;

/** The text of `key` in `lang`. */
export function msg(key: MessageKey, lang: Lang, params: TextParams = {}): string {
  const p: Record<string, MessageParams[string]> = {};
  for (const [k, v] of Object.entries(params)) p[k] = v !== null && typeof v === 'object' ? message(messages, v.key, lang) : v;
  return message(messages, key, lang, p);
}
