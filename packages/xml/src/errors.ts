/** The error class of @kontor/xml (on the shared KontorError base): misuse and unreadable input, with a closed code union. */
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
  | 'SCHEMA_INSTALL_FAILED'
  /** A synchronous SchemaStore.validate needed libxml2-wasm before it was loaded (await store.prepare(…) or use validateAsync). */
  | 'SCHEMA_ENGINE_NOT_LOADED';

import { KontorError } from './model/kontor-error';

/** Thrown with the position in the XML (`location`) when the reader knows it. */
export class KontorXmlError extends KontorError<XmlErrorCode, undefined> {
  override readonly name = 'KontorXmlError';
}
