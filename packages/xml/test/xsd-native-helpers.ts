/** Both XSD engines side by side for the differential tests: the native one and libxml2-wasm in process. */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { XsdValidator } from 'libxml2-wasm';
import { validateWithSchema } from '../src/xsd/engine';
import { loadLibxml2 } from '../src/xsd/libxml2';
import { compileNativeSchema, type NativeSchema } from '../src/xsd/native/schema';
import { runNative } from '../src/xsd/native/run';

export interface Verdict {
  /** null: the native path declined (not well-formed, xsi:type ...). */
  valid: boolean | null;
  errors: number;
  diagnostics: { line: number; message: string }[];
}

const lx = await loadLibxml2();

export interface EnginePair {
  native: NativeSchema;
  libxml2: XsdValidator;
  dispose(): void;
}

export function enginePair(xsdPath: string): EnginePair | { refused: string } {
  const compiled = compileNativeSchema(readFileSync(xsdPath, 'utf8'));
  if ('refused' in compiled) return compiled;
  const doc = lx.XmlDocument.fromBuffer(readFileSync(xsdPath), { url: pathToFileURL(xsdPath).href });
  try {
    const v = lx.XsdValidator.fromDoc(doc);
    return { native: compiled, libxml2: v, dispose: () => v.dispose() };
  } finally {
    doc.dispose();
  }
}

const MAX = 10_000;

export function nativeVerdict(p: EnginePair, xml: string | Uint8Array): Verdict {
  const v = runNative(p.native, xml, MAX);
  if (!v) return { valid: null, errors: 0, diagnostics: [] };
  return { valid: v.valid, errors: v.sink.errors, diagnostics: v.sink.kept.map((d) => ({ line: d.line, message: d.message.trim() })) };
}

export function libxml2Verdict(p: EnginePair, xml: string | Uint8Array): Verdict {
  const bytes = typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml;
  const o = validateWithSchema(lx, p.libxml2, bytes, MAX);
  return { valid: o.kind === 'validated' ? o.valid : null, errors: o.diagnostics.errors, diagnostics: o.diagnostics.kept.map((d) => ({ line: d.line, message: d.message.trim() })) };
}
