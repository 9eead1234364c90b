/**
 * SchemaStore: a directory of installed schema sets (one folder per set) and a cache of compiled validators.
 * A missing set is an answer (available: false + install hint), never a crash.
 */
import { promises as fs, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';
import type { XsdValidator } from 'libxml2-wasm';
import { KontorXmlError } from '../errors';
import { DEFAULT_MAX_XSD_FINDINGS } from './check';
import type { Finding } from '../model/finding';
import { DecodedXml, xmlInputToText, type XmlInput } from '../reader/parse';
import { defaultXmlLimits, inputSizeFor, type XmlLimits } from '../reader/limits';
import { validateWithSchema, type EngineDiagnostic } from './engine';
import { libxml2IfLoaded, loadLibxml2, type Libxml2 } from './libxml2';
import { prescanXml } from './prescan';
import { findSchemaSet, schemaSets, type SchemaSetDef } from './sets';
import type { DownloadOptions } from './download';
import type { NativeSchema } from './native/schema';
import { loadNativeSchema } from './native-cache';
import { runNative } from './native/run';
import { NativeValidation } from './native/validate';

/** A schema diagnostic: the shared Finding (libxml2 reports column 0 for validity errors, as xmllint does). */
export type XsdFinding = Finding;

export interface XsdResult {
  schemaSet: string;
  available: boolean;
  valid: boolean | null;
  /** The first `maxFindings` diagnostics in document order. */
  findings: XsdFinding[];
  /** All errors libxml2 reported (also those beyond `findings`). */
  errorCount: number;
  /** All warnings libxml2 reported. */
  warningCount: number;
  /** True when `findings` holds fewer diagnostics than were reported. */
  truncated: boolean;
  note?: string;
}

export interface XsdValidateOptions {
  /** Byte limit of the input (default 50 MB). */
  maxBytes?: number;
  /** Diagnostics kept in `findings` (default 100). */
  maxFindings?: number;
  /** Element and attribute limits checked before libxml2 parses the document (defaults of the hardened reader). */
  limits?: Partial<Pick<XmlLimits, 'maxElements' | 'maxAttributes'>>;
}

export interface InstalledSet {
  id: string;
  title: string;
  installed: boolean;
  entry: string | null;
  files: number;
  source: string;
}

/** validate's internal answer when the document needs libxml2-wasm and it is not loaded. */
const NEEDS_LIBXML2 = Symbol('needs libxml2');

const MANIFEST = 'kontor-schema-set.json';

export interface SchemaStoreOptions {
  /** Directory holding one folder per installed set. */
  dir: string;
  /**
   * `auto` (default): sets whose XSD lies in the subset of the native engine (xsd/native: the ISO 20022 and DK
   * payment schemas) are validated natively while streaming, the others by libxml2; documents the native path
   * cannot judge like libxml2 (not well-formed, reader limits, xsi:type) go to libxml2 as well.
   * `libxml2`: always libxml2 (for differential tests and comparisons).
   */
  engine?: 'auto' | 'libxml2';
}

/** A native validation bound to its schema set, to be fed by a reader pass of the caller (see SchemaStore.nativeValidation). */
export interface SharedXsdValidation {
  schemaSet: string;
  /** The reader events (StreamHandlers.tap of streamXml), called as methods of this object. */
  tap: { open: NativeValidation['open']; close: () => void; text: (t: string) => void };
  /** The result once the pass is over, or null when the native path could not judge the document (validate it with `validate`). */
  result(): XsdResult | null;
}

export class SchemaStore {
  readonly dir: string;
  private readonly compiled = new Map<string, XsdValidator>();
  private readonly native = new Map<string, NativeSchema | null>();
  private readonly engine: 'auto' | 'libxml2';

  constructor(opts: SchemaStoreOptions) {
    this.dir = path.resolve(opts.dir);
    this.engine = opts.engine ?? 'auto';
  }

  /** The natively compiled schema of an installed set, or null (not installed, outside the native subset, or engine libxml2). */
  private nativeSchema(id: string): NativeSchema | null {
    if (this.engine === 'libxml2') return null;
    const cached = this.native.get(id);
    if (cached !== undefined) return cached;
    const entry = this.entryPath(id);
    if (!entry) return null;
    // Read back compiled from the set's folder when it was compiled before (native-cache.ts), else compiled now.
    const compiled = loadNativeSchema(this.setDir(id), entry);
    const schema = 'refused' in compiled ? null : compiled;
    this.native.set(id, schema);
    return schema;
  }

  /** Which engine validates documents of this set: native, libxml2, or none (not installed). */
  engineFor(id: string): 'native' | 'libxml2' | 'none' {
    if (!this.entryPath(id)) return 'none';
    return this.nativeSchema(id) ? 'native' : 'libxml2';
  }

  /**
   * A native validation of `id` that the caller feeds from its own reader pass (one pass for rules and schema),
   * or null when the set is not validated natively. Diagnostics are capped like `validate`'s.
   */
  nativeValidation(id: string, opts: Pick<XsdValidateOptions, 'maxFindings'> = {}): SharedXsdValidation | null {
    if (!findSchemaSet(id)) throw new KontorXmlError('SCHEMA_UNKNOWN', `Unknown schema set "${id}"`);
    const schema = this.nativeSchema(id);
    if (!schema) return null;
    const maxFindings = capFindings(opts.maxFindings);
    // Tolerant: a document the native path cannot judge (xsi:type, xsi:nil) turns it off instead of throwing, and
    // result() says null. The validation itself is the tap (no wrapper call per event).
    const v = new NativeValidation(schema, { max: maxFindings, kept: [], errors: 0, warnings: 0 }, true);
    return {
      schemaSet: id,
      tap: v,
      result: () => (v.unsupported || !v.started ? null : nativeResult(id, v)),
    };
  }

  private setDir(id: string): string {
    return path.join(this.dir, id.replace(/[^A-Za-z0-9._-]/g, '_'));
  }

  /** The entry XSD of an installed set, or null. */
  entryPath(id: string): string | null {
    const d = this.setDir(id);
    const mf = path.join(d, MANIFEST);
    if (!existsSync(mf)) return null;
    try {
      const m = JSON.parse(readFileSync(mf, 'utf8')) as { entry: string };
      const p = path.join(d, m.entry);
      return existsSync(p) ? p : null;
    } catch {
      return null;
    }
  }

  isInstalled(id: string): boolean {
    return this.entryPath(id) !== null;
  }

  installHint(id: string): string {
    return `Schema set "${id}" is not installed in ${this.dir}. Install it with: kontor schemas install --from <directory containing the official XSDs> (for example --from ../shared/corpus).`;
  }

  async list(): Promise<InstalledSet[]> {
    const out: InstalledSet[] = [];
    for (const s of schemaSets) {
      const entry = this.entryPath(s.id);
      let files = 0;
      if (entry) files = (await walk(this.setDir(s.id))).filter((f) => f.endsWith('.xsd')).length;
      out.push({ id: s.id, title: s.title, installed: !!entry, entry: entry ? path.relative(this.dir, entry) : null, files, source: s.source });
    }
    return out;
  }

  /** Searches a directory tree for every known set and copies what it finds. Returns the ids installed. */
  async installFrom(sourceDir: string): Promise<{ installed: string[]; skipped: string[] }> {
    const root = path.resolve(sourceDir);
    if (!existsSync(root)) throw new KontorXmlError('SCHEMA_INSTALL_FAILED', `Directory not found: ${root}`);
    const files = await walk(root);
    const installed: string[] = [];
    const skipped: string[] = [];
    for (const def of schemaSets) {
      const candidates = files.filter((f) => path.basename(f) === def.entry && (!def.pathMustInclude || f.split(path.sep).includes(def.pathMustInclude)));
      // Prefer the shortest path: canonical folders over copies nested in fixtures.
      candidates.sort((a, b) => a.length - b.length || a.localeCompare(b));
      const found = candidates[0];
      if (!found) {
        skipped.push(def.id);
        continue;
      }
      await this.installSet(def, found);
      installed.push(def.id);
    }
    return { installed, skipped };
  }

  /** Downloads an official release (ZIP or single XSD) and installs the sets it contains. */
  async installFromUrl(url: string, opts: DownloadOptions = {}): Promise<{ installed: string[]; skipped: string[] }> {
    // Loaded here only: the download path brings the ZIP reader (fflate), which validating never needs.
    const { downloadSchemaSource } = await import('./download');
    const src = await downloadSchemaSource(url, opts);
    try {
      return await this.installFrom(src.dir);
    } finally {
      src.cleanup();
    }
  }

  private async installSet(def: SchemaSetDef, entryFile: string): Promise<void> {
    let base = path.dirname(entryFile);
    for (let i = 0; i < def.rootLevelsUp; i++) base = path.dirname(base);
    const target = this.setDir(def.id);
    // A unique temporary folder per install (several processes, or several stores in one process, may install at once).
    const tmp = `${target}.tmp-${process.pid}-${randomUUID()}`;
    await fs.mkdir(tmp, { recursive: true });
    const toCopy = def.singleFile ? [entryFile] : (await walk(base)).filter((f) => f.endsWith('.xsd'));
    for (const f of toCopy) {
      const rel = path.relative(base, f);
      const dest = path.join(tmp, rel);
      await fs.mkdir(path.dirname(dest), { recursive: true });
      await fs.copyFile(f, dest);
    }
    await fs.writeFile(path.join(tmp, MANIFEST), JSON.stringify({ id: def.id, entry: path.relative(base, entryFile), installedFrom: entryFile }, null, 2));
    try {
      await swapIn(tmp, target);
    } finally {
      await fs.rm(tmp, { recursive: true, force: true });
    }
    this.dispose(def.id);
  }

  /**
   * Loads libxml2-wasm when a validation of these sets may need it, so that the synchronous `validate` can use it:
   * with `ids`, only when one of them is installed and validated by libxml2 (CII, UBL, Factur-X, or any set of a
   * store with `engine: 'libxml2'`); without `ids`, in any case — a set validated natively still hands documents
   * the native path cannot judge (not well-formed, xsi:type) to libxml2. Sets that are not installed load nothing.
   * `validateAsync` does this by itself, only for the documents that need it.
   *
   * @example
   * ```ts
   * const store = new SchemaStore({ dir: 'schemas' });
   * await store.prepare('cii-d16b'); // loads libxml2-wasm: the CII schema is outside the native subset
   * store.validate('cii-d16b', xml).valid; // true
   * ```
   */
  async prepare(ids?: string | readonly string[]): Promise<void> {
    const list = typeof ids === 'string' ? [ids] : ids;
    for (const id of list ?? []) if (!findSchemaSet(id)) throw new KontorXmlError('SCHEMA_UNKNOWN', `Unknown schema set "${id}"`);
    if (list && !list.some((id) => this.engineFor(id) === 'libxml2')) return;
    await loadLibxml2();
  }

  /** Compiled validator for an installed set (compiled once per store, then reused). */
  private validator(lx: Libxml2, id: string, entry: string): XsdValidator {
    const cached = this.compiled.get(id);
    if (cached) return cached;
    // libxml2-wasm resolves xs:import/xs:include through registered input providers (process-wide, idempotent).
    lx.registerFsProviders();
    const doc = lx.XmlDocument.fromBuffer(readFileSync(entry), { url: pathToFileURL(entry).href });
    try {
      const v = lx.XsdValidator.fromDoc(doc);
      this.compiled.set(id, v);
      return v;
    } finally {
      doc.dispose();
    }
  }

  /**
   * Validates a document against an installed set. Bytes are decoded once by @kontor/xml (BOM, declared
   * encoding) and handed to libxml2 as UTF-8. Before libxml2 parses anything, a cheap scan refuses DOCTYPE
   * (so no DTD or entity reaches it) and documents beyond the element/attribute limits. Diagnostics are capped
   * at `maxFindings` (default 100); `errorCount`/`warningCount` count all of them and `truncated` says so.
   *
   * Synchronous: a document that needs libxml2-wasm (see `prepare`) before it is loaded throws
   * SCHEMA_ENGINE_NOT_LOADED. `validateAsync` loads it when needed instead.
   */
  validate(id: string, input: XmlInput | DecodedXml, opts: XsdValidateOptions = {}): XsdResult {
    const r = this.run(libxml2IfLoaded(), id, input, opts);
    if (r === NEEDS_LIBXML2) {
      throw new KontorXmlError(
        'SCHEMA_ENGINE_NOT_LOADED',
        `Schema set "${id}": this document is validated by libxml2-wasm, which is not loaded yet (await store.prepare() first, or use validateAsync)`,
      );
    }
    return r;
  }

  /**
   * `validate`, loading libxml2-wasm first when this document needs it (a set outside the native subset, or a
   * document the native path cannot judge); a document the native engine answers never loads it.
   *
   * @example
   * ```ts
   * const r = await store.validateAsync('dk:pain.001.001.09_GBIC_5', bytes); // native: libxml2-wasm stays unloaded
   * console.log(r.valid, r.errorCount);
   * ```
   */
  async validateAsync(id: string, input: XmlInput | DecodedXml, opts: XsdValidateOptions = {}): Promise<XsdResult> {
    if (!libxml2IfLoaded()) {
      const r = this.run(undefined, id, input, opts);
      if (r !== NEEDS_LIBXML2) return r;
      await loadLibxml2();
    }
    // Through `validate` (an instrumented store times it), with libxml2-wasm there.
    return this.validate(id, input, opts);
  }

  private run(lx: Libxml2 | undefined, id: string, input: XmlInput | DecodedXml, opts: XsdValidateOptions): XsdResult | typeof NEEDS_LIBXML2 {
    if (!findSchemaSet(id)) throw new KontorXmlError('SCHEMA_UNKNOWN', `Unknown schema set "${id}"`);
    const maxFindings = capFindings(opts.maxFindings);
    const maxBytes = opts.maxBytes ?? 50 * 1024 * 1024;
    const schema = this.nativeSchema(id);
    // Over the byte limit: the libxml2 path below throws XML_TOO_LARGE exactly as before (UTF-8 size for strings).
    if (schema && (input instanceof DecodedXml ? input.sizeFor(maxBytes) : inputSizeFor(input, maxBytes)) <= maxBytes) {
      // One streaming pass; anything the native path cannot judge like libxml2 falls through to it below.
      const v = runNative(schema, input, maxFindings, { maxBytes: Number.MAX_SAFE_INTEGER, ...opts.limits });
      if (v) return nativeResult(id, v);
    }
    const entry = this.entryPath(id);
    if (!entry) return { schemaSet: id, available: false, valid: null, findings: [], errorCount: 0, warningCount: 0, truncated: false, note: this.installHint(id) };
    const text = xmlInputToText(input, maxBytes);
    // libxml2 never sees a DTD: a DOCTYPE anywhere (even in a comment) is refused up front; without a DTD no
    // entity can be declared, and undefined entities are libxml2 errors.
    const dt = /<!DOCTYPE/i.exec(text);
    if (dt) {
      const before = text.slice(0, dt.index);
      const line = before.split('\n').length;
      const column = dt.index - before.lastIndexOf('\n');
      const message = 'DOCTYPE declarations are not allowed (DTDs and entities are refused)';
      return {
        schemaSet: id,
        available: true,
        valid: false,
        findings: [{ code: 'XML_DOCTYPE_FORBIDDEN', severity: 'error', message, line, column }],
        errorCount: 1,
        warningCount: 0,
        truncated: false,
      };
    }
    const violation = prescanXml(text, { maxElements: opts.limits?.maxElements ?? defaultXmlLimits.maxElements, maxAttributes: opts.limits?.maxAttributes ?? defaultXmlLimits.maxAttributes });
    if (violation) {
      const { line, column } = violation.location;
      return {
        schemaSet: id,
        available: true,
        valid: false,
        findings: [{ code: violation.code, severity: 'error', message: violation.message, line, column }],
        errorCount: 1,
        warningCount: 0,
        truncated: false,
      };
    }
    // Only now, with a document that got past the checks above, does libxml2-wasm have to be there.
    if (!lx) return NEEDS_LIBXML2;
    const outcome = validateWithSchema(lx, this.validator(lx, id, entry), Buffer.from(text, 'utf8'), maxFindings);
    const d = outcome.diagnostics;
    const findings = toFindings(d.kept, outcome.kind === 'malformed' ? 'XML_MALFORMED' : 'XSD');
    const counts = { errorCount: d.errors, warningCount: d.warnings, truncated: d.errors + d.warnings > d.kept.length };
    return { schemaSet: id, available: true, valid: outcome.kind === 'validated' && outcome.valid, findings, ...counts };
  }

  /** Frees compiled validators (all, or one set). */
  dispose(id?: string): void {
    for (const k of [...this.native.keys()]) if (id === undefined || k === id) this.native.delete(k);
    for (const [k, v] of this.compiled) {
      if (id === undefined || k === id) {
        v.dispose();
        this.compiled.delete(k);
      }
    }
  }
}

function capFindings(wanted = DEFAULT_MAX_XSD_FINDINGS): number {
  return Number.isFinite(wanted) ? Math.max(0, Math.floor(wanted)) : wanted === Infinity ? Number.MAX_SAFE_INTEGER : DEFAULT_MAX_XSD_FINDINGS;
}

function nativeResult(id: string, v: NativeValidation): XsdResult {
  const d = v.sink;
  return {
    schemaSet: id,
    available: true,
    valid: d.errors === 0,
    findings: toFindings(d.kept, 'XSD'),
    errorCount: d.errors,
    warningCount: d.warnings,
    truncated: d.errors + d.warnings > d.kept.length,
  };
}

const isCode = (e: unknown, ...codes: string[]): boolean => codes.includes((e as NodeJS.ErrnoException)?.code ?? '');

/**
 * Moves a fully written set folder into place with renames only, so a reader never sees half a set and any number of
 * installers may run at once (two instances starting together on one store): an existing set is first renamed aside
 * (then removed); when another installer puts its complete copy in place between our two renames, that copy stays
 * (same files) and ours is dropped by the caller.
 */
async function swapIn(tmp: string, target: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      await fs.rename(tmp, target);
      return;
    } catch (e) {
      if (!isCode(e, 'ENOTEMPTY', 'EEXIST', 'EPERM', 'EACCES')) throw e;
    }
    const aside = `${target}.old-${process.pid}-${randomUUID()}`;
    try {
      await fs.rename(target, aside);
    } catch (e) {
      if (isCode(e, 'ENOENT')) continue; // another installer moved it aside first: try again
      throw e;
    }
    try {
      await fs.rename(tmp, target);
    } catch (e) {
      if (!isCode(e, 'ENOTEMPTY', 'EEXIST')) throw e; // else a concurrent installer's complete set is in place
    } finally {
      await fs.rm(aside, { recursive: true, force: true });
    }
    return;
  }
  throw new KontorXmlError('SCHEMA_INSTALL_FAILED', `Could not move the schema set into place at ${target} (concurrent installers kept replacing it)`);
}

function toFindings(details: readonly EngineDiagnostic[], code: string): XsdFinding[] {
  return details.map((d) => ({
    code,
    severity: d.level === 1 ? 'warning' : 'error',
    message: d.message.trim(),
    ...(d.line ? { line: d.line, column: d.col ?? 0 } : {}),
  }));
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop()!;
    let entries;
    try {
      entries = await fs.readdir(d, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.isFile()) out.push(p);
    }
  }
  return out.sort();
}
