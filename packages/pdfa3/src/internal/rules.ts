/** Value lists from ISO 19005-2/3 and ISO 32000-1 shared by the writer, the loader and the checker. */

/** 6.5.1: action types a conforming file shall not use. */
export const FORBIDDEN_ACTIONS: ReadonlySet<string> = new Set(['Launch', 'Sound', 'Movie', 'ResetForm', 'ImportData', 'Hide', 'SetOCGState', 'Rendition', 'Trans', 'GoTo3DView', 'JavaScript']);

/** 6.5.1: the action types that are allowed. */
export const ALLOWED_ACTIONS: ReadonlySet<string> = new Set(['GoTo', 'GoToR', 'GoToE', 'Thread', 'URI', 'Named', 'SubmitForm']);

export const ALLOWED_NAMED_ACTIONS: ReadonlySet<string> = new Set(['NextPage', 'PrevPage', 'FirstPage', 'LastPage']);

/** 6.3.1: annotation types allowed (ISO 32000-1 types minus 3D, Sound, Screen, Movie). */
export const ALLOWED_ANNOTATIONS: ReadonlySet<string> = new Set([
  'Text',
  'Link',
  'FreeText',
  'Line',
  'Square',
  'Circle',
  'Polygon',
  'PolyLine',
  'Highlight',
  'Underline',
  'Squiggly',
  'StrikeOut',
  'Stamp',
  'Caret',
  'Ink',
  'Popup',
  'FileAttachment',
  'Widget',
  'PrinterMark',
  'TrapNet',
  'Watermark',
  'Redact',
]);

/** 6.2.10: blend modes of ISO 32000-1. */
export const BLEND_MODES: ReadonlySet<string> = new Set([
  'Normal',
  'Compatible',
  'Multiply',
  'Screen',
  'Overlay',
  'Darken',
  'Lighten',
  'ColorDodge',
  'ColorBurn',
  'HardLight',
  'SoftLight',
  'Difference',
  'Exclusion',
  'Hue',
  'Saturation',
  'Color',
  'Luminosity',
]);

export const RENDERING_INTENTS: ReadonlySet<string> = new Set(['RelativeColorimetric', 'AbsoluteColorimetric', 'Perceptual', 'Saturation']);

/** 6.1.7.2: standard filters except LZW and Crypt. */
export const ALLOWED_FILTERS: ReadonlySet<string> = new Set(['ASCIIHexDecode', 'ASCII85Decode', 'FlateDecode', 'RunLengthDecode', 'CCITTFaxDecode', 'JBIG2Decode', 'DCTDecode', 'JPXDecode']);

/** 6.1.10: inline image filter names (full and abbreviated) except LZW and Crypt. */
export const ALLOWED_INLINE_FILTERS: ReadonlySet<string> = new Set([...ALLOWED_FILTERS, 'AHx', 'A85', 'Fl', 'RL', 'CCF', 'DCT']);

/** 6.2.11.3.3: predefined CMaps (ISO 32000-1, 9.7.5.2, Table 118). */
export const PREDEFINED_CMAPS: ReadonlySet<string> = new Set([
  'GB-EUC-H',
  'GB-EUC-V',
  'GBpc-EUC-H',
  'GBpc-EUC-V',
  'GBK-EUC-H',
  'GBK-EUC-V',
  'GBKp-EUC-H',
  'GBKp-EUC-V',
  'GBK2K-H',
  'GBK2K-V',
  'UniGB-UCS2-H',
  'UniGB-UCS2-V',
  'UniGB-UTF16-H',
  'UniGB-UTF16-V',
  'B5pc-H',
  'B5pc-V',
  'HKscs-B5-H',
  'HKscs-B5-V',
  'ETen-B5-H',
  'ETen-B5-V',
  'ETenms-B5-H',
  'ETenms-B5-V',
  'CNS-EUC-H',
  'CNS-EUC-V',
  'UniCNS-UCS2-H',
  'UniCNS-UCS2-V',
  'UniCNS-UTF16-H',
  'UniCNS-UTF16-V',
  '83pv-RKSJ-H',
  '90ms-RKSJ-H',
  '90ms-RKSJ-V',
  '90msp-RKSJ-H',
  '90msp-RKSJ-V',
  '90pv-RKSJ-H',
  'Add-RKSJ-H',
  'Add-RKSJ-V',
  'EUC-H',
  'EUC-V',
  'Ext-RKSJ-H',
  'Ext-RKSJ-V',
  'H',
  'V',
  'UniJIS-UCS2-H',
  'UniJIS-UCS2-V',
  'UniJIS-UCS2-HW-H',
  'UniJIS-UCS2-HW-V',
  'UniJIS-UTF16-H',
  'UniJIS-UTF16-V',
  'KSC-EUC-H',
  'KSC-EUC-V',
  'KSCms-UHC-H',
  'KSCms-UHC-V',
  'KSCms-UHC-HW-H',
  'KSCms-UHC-HW-V',
  'KSCpc-EUC-H',
  'UniKS-UCS2-H',
  'UniKS-UCS2-V',
  'UniKS-UTF16-H',
  'UniKS-UTF16-V',
  'Identity-H',
  'Identity-V',
]);

/** The standard 14 font names (and common aliases), which PDF/A still requires embedded. */
export const STANDARD_14: ReadonlySet<string> = new Set([
  'Times-Roman',
  'Times-Bold',
  'Times-Italic',
  'Times-BoldItalic',
  'Helvetica',
  'Helvetica-Bold',
  'Helvetica-Oblique',
  'Helvetica-BoldOblique',
  'Courier',
  'Courier-Bold',
  'Courier-Oblique',
  'Courier-BoldOblique',
  'Symbol',
  'ZapfDingbats',
]);
