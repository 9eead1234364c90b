/** XMP namespace URIs used by PDF/A and the schemas predefined for it (XMP 2005, ISO 19005-1/2/3). */

export const NS = {
  x: 'adobe:ns:meta/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  xml: 'http://www.w3.org/XML/1998/namespace',
  dc: 'http://purl.org/dc/elements/1.1/',
  xmp: 'http://ns.adobe.com/xap/1.0/',
  pdf: 'http://ns.adobe.com/pdf/1.3/',
  pdfaid: 'http://www.aiim.org/pdfa/ns/id/',
  pdfaExtension: 'http://www.aiim.org/pdfa/ns/extension/',
  pdfaSchema: 'http://www.aiim.org/pdfa/ns/schema#',
  pdfaProperty: 'http://www.aiim.org/pdfa/ns/property#',
  pdfaType: 'http://www.aiim.org/pdfa/ns/type#',
  pdfaField: 'http://www.aiim.org/pdfa/ns/field#',
} as const;

/**
 * Namespaces whose properties need no extension schema: the schemas predefined in the XMP Specification
 * 2005 and by ISO 19005 (PDF/A identification, extension container, the PDF/A-1 Corrigendum's pdfuaid is
 * not among them). Structure namespaces (stRef, stEvt ...) are field namespaces of predefined types.
 */
export const PREDEFINED_NAMESPACES: ReadonlySet<string> = new Set([
  NS.dc,
  NS.xmp,
  'http://ns.adobe.com/xap/1.0/rights/',
  'http://ns.adobe.com/xap/1.0/mm/',
  'http://ns.adobe.com/xap/1.0/bj/',
  'http://ns.adobe.com/xap/1.0/t/pg/',
  'http://ns.adobe.com/xmp/1.0/DynamicMedia/',
  NS.pdf,
  'http://ns.adobe.com/photoshop/1.0/',
  'http://ns.adobe.com/camera-raw-settings/1.0/',
  'http://ns.adobe.com/tiff/1.0/',
  'http://ns.adobe.com/exif/1.0/',
  'http://ns.adobe.com/exif/1.0/aux/',
  'http://ns.adobe.com/xap/1.0/g/img/',
  'http://ns.adobe.com/xap/1.0/sType/Dimensions#',
  'http://ns.adobe.com/xap/1.0/sType/ResourceEvent#',
  'http://ns.adobe.com/xap/1.0/sType/ResourceRef#',
  'http://ns.adobe.com/xap/1.0/sType/Version#',
  'http://ns.adobe.com/xap/1.0/sType/Job#',
  'http://ns.adobe.com/xap/1.0/sType/Font#',
  'http://ns.adobe.com/xap/1.0/g/',
  'http://ns.adobe.com/xmp/sType/Area#',
  NS.pdfaid,
  NS.pdfaExtension,
  NS.pdfaSchema,
  NS.pdfaProperty,
  NS.pdfaType,
  NS.pdfaField,
]);

/** Value types an extension property may name without declaring it (XMP 2005 basic and media types). */
export const XMP_VALUE_TYPES: ReadonlySet<string> = new Set(
  [
    'Boolean',
    'Date',
    'Integer',
    'Real',
    'Text',
    'AgentName',
    'Choice',
    'GUID',
    'Lang Alt',
    'Locale',
    'MIMEType',
    'ProperName',
    'RenditionClass',
    'RenditionDescription',
    'ResourceEvent',
    'ResourceRef',
    'URI',
    'URL',
    'XPath',
    'Dimensions',
    'Font',
    'Job',
    'Thumbnail',
    'Version',
    'Colorant',
    'Rational',
  ].flatMap((t) => (t === 'Lang Alt' ? [t] : [t, `Bag ${t}`, `Seq ${t}`, `Alt ${t}`])),
);
