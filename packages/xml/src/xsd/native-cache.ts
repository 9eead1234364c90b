/**
 * The natively compiled schema of an installed set, kept beside it on disk (issue 18, process floor): compiling the
 * GBIC_5 XSD (126 KB: read with the XML reader, then compiled) costs a fresh process ~60–130 ms of CPU, reading the
 * compiled form back with v8.deserialize ~6–8 ms. A one-call `kontor pay validate` or `camt validate` pays that on
 * every run; the HTTP service once per set.
 *
 * The file is `.native-<key>.v8` in the set's folder. The key hashes the XSD text, the V8 version and a fingerprint
 * of the compiler (its code, and the serialized output of a small XSD that uses every construct of the subset), so
 * a changed schema, Node or compiler never reads an old file. A file that does not read back as a schema is ignored
 * and the XSD compiled again. Writing is best effort: into a temporary file renamed into place (readers never see
 * half a file); a read-only store simply compiles every time. Only the schema store writes here, in its own folder.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { Automaton, compileNativeSchema, type NativeSchema } from './native/schema';
import { compileXsdPattern, translateXsdRegex } from './native/regex';
import * as values from './native/values';

/** Bumped when this file's own format changes. */
const FORMAT = 1;

/** Uses every construct the native compiler accepts, so a change in what it makes of them changes the fingerprint. */
export const PROBE_XSD = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns="urn:kontor:probe" xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:kontor:probe" elementFormDefault="qualified">
  <xs:element name="Doc" type="Doc"/>
  <xs:complexType name="Doc"><xs:sequence>
    <xs:element name="A" type="Text" maxOccurs="unbounded"/>
    <xs:choice minOccurs="0"><xs:element name="B" type="Amt"/><xs:element name="C" type="Code"/></xs:choice>
    <xs:element name="D" type="Cur" minOccurs="0" maxOccurs="2"/>
    <xs:element name="E" type="Restricted" minOccurs="0"/>
    <xs:element name="F" type="xs:dateTime" minOccurs="0"/>
    <xs:element name="G" type="xs:boolean" minOccurs="0"/>
    <xs:element name="H" type="Empty" minOccurs="0"/>
    <xs:any namespace="##any" processContents="lax" minOccurs="0"/>
  </xs:sequence></xs:complexType>
  <xs:complexType name="Base"><xs:sequence><xs:element name="X" type="Text" minOccurs="0"/></xs:sequence><xs:attribute name="k" type="Text"/></xs:complexType>
  <xs:complexType name="Restricted"><xs:complexContent><xs:restriction base="Base"><xs:sequence><xs:element name="X" type="Text"/></xs:sequence></xs:restriction></xs:complexContent></xs:complexType>
  <xs:complexType name="Empty"/>
  <xs:complexType name="Cur"><xs:simpleContent><xs:extension base="Amt"><xs:attribute name="Ccy" type="Code" use="required"/></xs:extension></xs:simpleContent></xs:complexType>
  <xs:simpleType name="Text"><xs:restriction base="xs:string"><xs:minLength value="1"/><xs:maxLength value="35"/><xs:pattern value="[A-Z]{2,2}[0-9]{2,2}[a-zA-Z0-9]{1,30}"/><xs:pattern value="\\+[0-9]{1,3}-[0-9()+\\-]{1,30}"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="Code"><xs:restriction base="xs:string"><xs:length value="3"/><xs:enumeration value="EUR"/><xs:enumeration value="USD"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="Amt"><xs:restriction base="xs:decimal"><xs:totalDigits value="18"/><xs:fractionDigits value="2"/><xs:minInclusive value="0"/><xs:maxExclusive value="1000000000"/></xs:restriction></xs:simpleType>
</xs:schema>`;

let fingerprint: string | undefined;

/**
 * The compiler's fingerprint (once per process). In a bundle that holds the compiler in this very file (the built
 * CLI's chunk, @kontor/xml's dist), the hash of that file; else (sources run by a test runner, or the compiler in
 * another chunk) the hash of the compiler's functions and of its output for PROBE_XSD (~5-15 ms in a fresh process).
 */
function compilerFingerprint(): string {
  if (fingerprint === undefined) {
    const h = createHash('sha256');
    h.update(`${FORMAT}\0${process.versions.v8}\0`);
    const own = ownFile();
    const code = [Automaton, compileNativeSchema, compileXsdPattern, translateXsdRegex, ...Object.values(values)].filter((f) => typeof f === 'function').map(String);
    if (own !== null && code.every((c) => own.includes(c))) {
      h.update('bundle\0').update(own);
    } else {
      for (const c of code) h.update(c).update('\0');
      const probe = compileNativeSchema(PROBE_XSD);
      h.update('refused' in probe ? `refused ${probe.refused}` : (serialize(probe) ?? 'not serializable'));
    }
    fingerprint = h.digest('hex');
  }
  return fingerprint;
}

/** The text of the file this module was loaded from, when it is a built .js file (not TypeScript run by a test runner). */
function ownFile(): string | null {
  try {
    const file = fileURLToPath(import.meta.url);
    return file.endsWith('.js') || file.endsWith('.mjs') ? readFileSync(file, 'utf8') : null;
  } catch {
    return null;
  }
}

/** The file name of the compiled form of `xsdText`. */
export function nativeCacheFile(xsdText: string): string {
  const key = createHash('sha256').update(compilerFingerprint()).update('\0').update(xsdText).digest('hex').slice(0, 32);
  return `.native-${key}.v8`;
}

type Compiled = NativeSchema | { refused: string };

/**
 * The compiled schema of the XSD at `entry` (the entry file of a set installed in `setDir`): read back from the
 * set's folder when a file for this XSD and this compiler is there, else compiled (and the file written).
 */
export function loadNativeSchema(setDir: string, entry: string): Compiled {
  const xsdText = readFileSync(entry, 'utf8');
  const file = path.join(setDir, nativeCacheFile(xsdText));
  let bytes: Buffer | undefined;
  try {
    bytes = readFileSync(file);
  } catch {
    // not written yet (or unreadable): compile below
  }
  if (bytes) {
    const revived = revive(bytes);
    if (revived) return revived;
  }
  const compiled = compileNativeSchema(xsdText);
  const data = serialize(compiled);
  if (!data) return compiled; // holds something this file cannot keep: compiled in every process
  const tmp = `${file}.tmp-${process.pid}-${randomUUID()}`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, file);
    // Files of earlier compilers or XSD texts are of no use any more.
    for (const f of readdirSync(setDir)) if (/^\.native-[0-9a-f]+\.v8$/.test(f) && f !== path.basename(file)) rmSync(path.join(setDir, f), { force: true });
  } catch {
    rmSync(tmp, { force: true }); // a read-only store: compile every time
  }
  return compiled;
}

/** A simple type's value predicate, compiled from the type's data (values.ts), when the compiler makes one. */
type ValidPredicate = (t: never) => (raw: string) => boolean;
const compileValid = (values as unknown as { compileValid?: ValidPredicate }).compileValid;

/** Every object of the compiled graph once (Maps, Sets, arrays and plain objects; RegExps are leaves). */
function walk(root: unknown, visit: (o: Record<string, unknown>) => void): void {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || seen.has(v) || v instanceof RegExp) continue;
    seen.add(v);
    if (v instanceof Map) {
      for (const [k, x] of v) stack.push(k, x);
    } else if (v instanceof Set || Array.isArray(v)) {
      for (const x of v) stack.push(x);
    } else {
      visit(v as Record<string, unknown>);
      for (const x of Object.values(v)) stack.push(x);
    }
  }
}

/**
 * The bytes of a compiled schema, or null when it holds functions other than the simple types' `valid` predicates
 * (those are left out and compiled again on reading). v8.serialize keeps data — Maps, Sets, RegExps, shared
 * references, cycles — not functions or classes.
 */
function serialize(s: Compiled): Buffer | null {
  const taken: Record<string, unknown>[] = [];
  let foreign = false;
  walk(s, (o) => {
    for (const [k, x] of Object.entries(o)) {
      if (typeof x !== 'function') continue;
      if (k === 'valid' && o.kind === 'simple' && compileValid) taken.push(o);
      else foreign = true;
    }
  });
  if (foreign) return null;
  const kept = taken.map((o) => o.valid);
  for (const o of taken) o.valid = null;
  try {
    return v8.serialize(s);
  } catch {
    return null;
  } finally {
    taken.forEach((o, i) => {
      o.valid = kept[i];
    });
  }
}

/** A deserialized compiled schema with its automata's class and its value predicates back, or null when the bytes are not one. */
function revive(bytes: Buffer): Compiled | null {
  let v: unknown;
  try {
    v = v8.deserialize(bytes);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  if ('refused' in v) return typeof v.refused === 'string' ? { refused: v.refused } : null;
  const s = v as NativeSchema;
  if (typeof s.targetNamespace !== 'string' || !(s.elements instanceof Map)) return null;
  let ok = true;
  walk(s, (o) => {
    // a content model automaton (its fields, as the class declares them)
    if (Array.isArray(o.eps) && Array.isArray(o.edges) && o.states instanceof Map && typeof o.start === 'object') Object.setPrototypeOf(o, Automaton.prototype);
    if (o.kind === 'simple' && 'valid' in o) {
      if (o.valid === null && compileValid) o.valid = compileValid(o as never);
      else ok = false;
    }
  });
  return ok ? s : null;
}
