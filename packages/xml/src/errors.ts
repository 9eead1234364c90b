/** The one error class of @kontor/xml: misuse and unreadable input, with a closed code union. */
export type XmlErrorCode =
  | 'XML_MALFORMED'
  | 'XML_DOCTYPE_FORBIDDEN'
  | 'XML_ENTITY_FORBIDDEN'
  | 'XML_TOO_LARGE'
  | 'XML_TOO_DEEP'
  | 'XML_TOO_MANY_NODES'
  | 'XML_TOO_MANY_ATTRIBUTES'
  | 'XML_ENCODING_UNSUPPORTED'
  | 'XML_EMPTY'
  | 'SCHEMA_NOT_INSTALLED'
  | 'SCHEMA_UNKNOWN'
  | 'SCHEMA_INSTALL_FAILED';

export interface XmlLocation {
  line: number;
  column: number;
}

export class KontorXmlError extends Error {
  readonly code: XmlErrorCode;
  readonly location: XmlLocation | undefined;
  constructor(code: XmlErrorCode, message: string, location?: XmlLocation) {
    super(location ? `${message} (line ${location.line}, column ${location.column})` : message);
    this.name = 'KontorXmlError';
    this.code = code;
    this.location = location;
  }
}

/** A finding: data, never an exception. Shared shape across Kontor packages. */
export interface Finding {
  code: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  path?: string;
  location?: XmlLocation;
  bt?: string;
}
