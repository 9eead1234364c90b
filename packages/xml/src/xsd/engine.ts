/**
 * The libxml2 calls of the XSD step, with our own bounded error collection.
 *
 * Why not `XsdValidator.validate` / `XmlDocument.fromString` of libxml2-wasm: their error collector computes an
 * XPath (`xmlGetNodePath`) for every diagnostic, which walks all preceding siblings of the node, so a document
 * with n invalid siblings costs O(n²) (200k empty `<PmtInf/>` took about two minutes), and every diagnostic is
 * kept. Here the first `maxFindings` diagnostics are kept (message, level, line, column) and the rest only
 * counted, which keeps the cost linear and the memory bounded.
 *
 * Decoding happens once, in @kontor/xml (decodeXmlBytes): libxml2 is always handed UTF-8 bytes with the
 * encoding forced to UTF-8, so an `encoding="UTF-16"` or `"ISO-8859-1"` declaration in the (already decoded)
 * text is not applied a second time.
 *
 * libxml2-wasm is handed in by the caller (loaded on first need, see libxml2.ts): this module imports types only.
 */
import type { XsdValidator } from 'libxml2-wasm';
import type { Libxml2 } from './libxml2';

/** libxml2 xmlErrorLevel: 1 warning, 2 error, 3 fatal. */
const XML_ERR_ERROR = 2;
/** xmlParserOption: no network access, line numbers above 65535 reported as they are. */
const XML_PARSE_NONET = 1 << 11;
const XML_PARSE_BIG_LINES = 1 << 22;

export interface EngineDiagnostic {
  message: string;
  level: number;
  line: number;
  col: number;
}

/** Kept diagnostics plus counts of all of them (errors = level ≥ 2). */
export interface DiagnosticSink {
  max: number;
  kept: EngineDiagnostic[];
  errors: number;
  warnings: number;
}

type AddFunction = (fn: (index: number, err: number) => void, signature: string) => number;

// The collector is one function in the wasm table (registered once, like libxml2-wasm's own); the sinks it
// writes to exist only for the duration of one synchronous libxml2 call and are removed right after.
const sinks = new Map<number, DiagnosticSink>();
let nextSink = 0;
let collectorPtr = 0;

function collector(lib: Libxml2['lib']): number {
  if (collectorPtr === 0) {
    const add = (lib as unknown as { addFunction: AddFunction }).addFunction;
    collectorPtr = add((index, err) => {
      const sink = sinks.get(index);
      if (sink === undefined || err === 0) return;
      const level = lib.XmlErrorStruct.level(err);
      if (level >= XML_ERR_ERROR) sink.errors++;
      else sink.warnings++;
      if (sink.kept.length < sink.max) {
        sink.kept.push({ message: lib.XmlErrorStruct.message(err), level, line: lib.XmlErrorStruct.line(err), col: lib.XmlErrorStruct.col(err) });
      }
    }, 'vii');
  }
  return collectorPtr;
}

function withSink<T>(lib: Libxml2['lib'], max: number, run: (fn: number, index: number, sink: DiagnosticSink) => T): T {
  const fn = collector(lib);
  const index = ++nextSink;
  const sink: DiagnosticSink = { max, kept: [], errors: 0, warnings: 0 };
  sinks.set(index, sink);
  try {
    return run(fn, index, sink);
  } finally {
    sinks.delete(index);
  }
}

export type EngineOutcome = { kind: 'malformed'; diagnostics: DiagnosticSink } | { kind: 'validated'; valid: boolean; diagnostics: DiagnosticSink };

/**
 * Parses UTF-8 bytes with libxml2 and validates them against a compiled schema. Malformed input is an
 * outcome, not an exception; an internal libxml2 failure throws.
 */
export function validateWithSchema(libxml2: Libxml2, validator: XsdValidator, utf8: Uint8Array, maxFindings: number): EngineOutcome {
  const lib = libxml2.lib;
  const schemaPtr = (validator as unknown as { _ptr: number })._ptr;
  if (!schemaPtr) throw new Error('The compiled schema has been disposed');
  const parsed = withSink(lib, maxFindings, (fn, index, sink) => {
    const ctxt = lib.xmlNewParserCtxt();
    if (ctxt === 0) throw new Error('libxml2: out of memory');
    try {
      lib.xmlCtxtSetErrorHandler(ctxt, fn, index);
      const doc = lib.xmlReadMemory(ctxt, utf8, 'document.xml', 'UTF-8', XML_PARSE_NONET | XML_PARSE_BIG_LINES);
      if (doc === 0 || sink.errors > 0) {
        if (doc !== 0) lib.xmlFreeDoc(doc);
        if (sink.errors === 0) sink.errors = 1;
        return { doc: 0, sink };
      }
      return { doc, sink };
    } finally {
      lib.xmlFreeParserCtxt(ctxt);
    }
  });
  if (parsed.doc === 0) return { kind: 'malformed', diagnostics: parsed.sink };
  try {
    return withSink(lib, maxFindings, (fn, index, sink) => {
      const vctxt = lib.xmlSchemaNewValidCtxt(schemaPtr);
      if (vctxt === 0) throw new Error('libxml2: out of memory');
      try {
        lib.xmlSchemaSetValidStructuredErrors(vctxt, fn, index);
        const ret = lib.xmlSchemaValidateDoc(vctxt, parsed.doc);
        if (ret < 0) throw new Error('libxml2: internal error during schema validation');
        return { kind: 'validated' as const, valid: ret === 0 && sink.errors === 0, diagnostics: sink };
      } finally {
        lib.xmlSchemaFreeValidCtxt(vctxt);
      }
    });
  } finally {
    lib.xmlFreeDoc(parsed.doc);
  }
}
