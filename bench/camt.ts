/**
 * @kontor/camt on a generated 10 MB camt.053.001.08 with 50,000 entries: streaming parse and validation
 * (rules, then XSD) against a DOM reading (our parseXml full tree) and against xmllint for the schema part.
 * Every case runs in its own process so that peak RSS belongs to that case alone; a 2.5 MB file with a quarter
 * of the entries shows whether memory grows with the file.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Big, parseXml, SchemaStore, XmlWriter } from '@kontor/xml';
import { parseStatements, validateStatements } from '@kontor/camt';
import { parseCamt053 } from 'camt-parser';
import { commandMs, mb, medianMs, ratio, type BenchRow, runChildCase, xmllintSchema } from './harness';
import { streamXml } from '@kontor/xml';

const here = fileURLToPath(import.meta.url);
const corpusPayments = path.resolve(path.dirname(here), '../../shared/corpus/payments');
const XSD = path.join(corpusPayments, 'xsd/iso/camt.053.001.08.xsd');
const LIMIT = 64 * 1024 * 1024;

/** A lean but schema-valid camt.053.001.08: one statement, n entries with a transaction each, consistent balances. */
export function generateBulk(n: number): string {
  const w = new XmlWriter({ indent: '' });
  let x = 12345;
  const rnd = () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const amounts: [string, 'CRDT' | 'DBIT'][] = [];
  let net = new Big(0);
  for (let i = 0; i < n; i++) {
    const a = ((Math.floor(rnd() * 500000) + 1) / 100).toFixed(2);
    const cd = rnd() < 0.5 ? 'CRDT' : 'DBIT';
    amounts.push([a, cd]);
    net = cd === 'CRDT' ? net.plus(a) : net.minus(a);
  }
  const opening = new Big('250000.00');
  const closing = opening.plus(net);
  w.open('Document', { xmlns: 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08' }).open('BkToCstmrStmt');
  w.el('GrpHdr', undefined, () => w.leaf('MsgId', 'BENCH-1').leaf('CreDtTm', '2026-03-31T20:00:00+02:00'));
  w.open('Stmt').leaf('Id', 'BENCH-STMT-1').leaf('ElctrncSeqNb', 1);
  w.el('Acct', undefined, () => w.el('Id', undefined, () => w.leaf('IBAN', 'DE89370400440532013000')).leaf('Ccy', 'EUR'));
  for (const [code, amt] of [
    ['PRCD', opening],
    ['CLBD', closing],
  ] as const) {
    w.el('Bal', undefined, () => {
      w.el('Tp', undefined, () => w.el('CdOrPrtry', undefined, () => w.leaf('Cd', code)));
      w.leaf('Amt', amt.abs().toFixed(2), { Ccy: 'EUR' }).leaf('CdtDbtInd', amt.lt(0) ? 'DBIT' : 'CRDT');
      w.el('Dt', undefined, () => w.leaf('Dt', '2026-03-31'));
    });
  }
  amounts.forEach(([a, cd], i) => {
    w.open('Ntry').leaf('Amt', a, { Ccy: 'EUR' }).leaf('CdtDbtInd', cd);
    w.el('Sts', undefined, () => w.leaf('Cd', 'BOOK'));
    w.el('BookgDt', undefined, () => w.leaf('Dt', '2026-03-31'));
    w.empty('BkTxCd');
    w.el('NtryDtls', undefined, () => w.el('TxDtls', undefined, () => w.el('RmtInf', undefined, () => w.leaf('Ustrd', `RE ${100000 + i}`))));
    w.close();
  });
  w.close().close().close();
  return w.toString();
}

type CaseName = 'camt-parser' | 'read' | 'baseline' | 'stream-validate' | 'stream-parse' | 'dom-parse' | 'xsd-ours' | 'xsd-libxml2' | 'validate-full' | 'validate-full-libxml2';

/** Worker: runs one case against a file, prints median ms and the process's peak RSS. */
async function worker(name: CaseName, file: string, schemaDir: string): Promise<void> {
  const bytes = new Uint8Array(readFileSync(file));
  const store = new SchemaStore({ dir: schemaDir });
  // The previous XSD path (libxml2-wasm: whole document as one UTF-8 buffer, full tree) for before/after rows.
  const lib = new SchemaStore({ dir: schemaDir, engine: 'libxml2' });
  // libxml2-wasm is loaded on first need only: in the libxml2 cases' processes, before the timing.
  if (name.endsWith('libxml2')) await lib.prepare();
  const fns: Record<CaseName, () => Promise<unknown> | unknown> = {
    // The same process with the libraries loaded and the file read, doing nothing: what every case starts from.
    baseline: () => undefined,
    // npm camt-parser 1.1 (xml2js DOM → objects): camt.053.001.08 to its model.
    'camt-parser': () => parseCamt053(new TextDecoder().decode(bytes)),
    // The hardened streaming reader alone (decode + tokenize + namespaces, no subtree kept).
    read: () => streamXml(bytes, { keep: () => false, onElement: () => {} }, { maxBytes: LIMIT }),
    'stream-validate': () => validateStatements(bytes, { maxBytes: LIMIT }),
    'stream-parse': () => parseStatements(bytes, { maxBytes: LIMIT }),
    'dom-parse': () => {
      // The DOM reference: the whole tree in memory, then the same sums the streaming reader keeps.
      const { root } = parseXml(bytes, { maxBytes: LIMIT });
      let sum = new Big(0);
      for (const n of root.findAll('BkToCstmrStmt', 'Stmt', 'Ntry')) sum = sum.plus(n.textAt('Amt')!);
      return sum;
    },
    'xsd-ours': () => {
      const r = store.validate('iso:camt.053.001.08', bytes, { maxBytes: LIMIT });
      if (!r.valid) throw new Error(`XSD says invalid: ${r.findings[0]?.message}`);
    },
    'xsd-libxml2': () => {
      const r = lib.validate('iso:camt.053.001.08', bytes, { maxBytes: LIMIT });
      if (!r.valid) throw new Error(`XSD says invalid: ${r.findings[0]?.message}`);
    },
    'validate-full': async () => {
      const r = await validateStatements(bytes, { maxBytes: LIMIT, schemaStore: store });
      if (r.verdict !== 'valid') throw new Error(`verdict ${r.verdict}: ${JSON.stringify(r.files[0]?.findings.slice(0, 2))}`);
    },
    'validate-full-libxml2': async () => {
      const r = await validateStatements(bytes, { maxBytes: LIMIT, schemaStore: lib });
      if (r.verdict !== 'valid') throw new Error(`verdict ${r.verdict}: ${JSON.stringify(r.files[0]?.findings.slice(0, 2))}`);
    },
  };
  const ms = await medianMs(fns[name], 3, 1);
  process.stdout.write(`@@CASE@@${JSON.stringify({ ms, rss: process.resourceUsage().maxRSS * 1024 })}\n`);
  store.dispose();
  lib.dispose();
}

const runCase = (name: CaseName, file: string, schemaDir: string) => runChildCase(here, ['--camt-case', name, file, schemaDir]);

const xmllint = (file: string) => xmllintSchema(XSD, file);

const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

export async function run(): Promise<BenchRow[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-camt-'));
  try {
    const big = path.join(dir, 'camt053-50k.xml');
    const small = path.join(dir, 'camt053-12k.xml');
    const huge = path.join(dir, 'camt053-200k.xml');
    writeFileSync(big, generateBulk(50_000));
    writeFileSync(huge, generateBulk(200_000));
    writeFileSync(small, generateBulk(12_500));
    const size = (f: string) => readFileSync(f).length;
    const schemaDir = path.join(dir, 'schemas');
    const haveXsd = existsSync(XSD);
    if (haveXsd) await new SchemaStore({ dir: schemaDir }).installFrom(corpusPayments);
    const rows: BenchRow[] = [];
    const cell = (r: { ms: number; rss: number } | string) => (typeof r === 'string' ? `failed: ${r}` : fmtMs(r.ms));
    const base = runCase('baseline', big, schemaDir);
    const baseRss = typeof base === 'string' ? null : base.rss;
    const rssOf = (r: { ms: number; rss: number } | string) =>
      typeof r === 'string' ? '' : baseRss === null ? mb(r.rss) : `${mb(r.rss)} (+${mb(Math.max(0, r.rss - baseRss))} over the ${mb(baseRss)} baseline)`;
    const refNum = (r: { ms: number; rss: number } | string) => (typeof r === 'string' ? null : r.ms);

    const dom = runCase('dom-parse', big, schemaDir);
    const domSmall = runCase('dom-parse', small, schemaDir);
    for (const [f, d, label] of [
      [big, dom, '50k entries'],
      [small, domSmall, '12.5k entries'],
    ] as const) {
      const v = runCase('stream-validate', f, schemaDir);
      rows.push({
        case: `camt: validate rules, streaming (${label}); ref = DOM parse (parseXml full tree), ref RSS ${rssOf(d)}`,
        ours: cell(v),
        reference: cell(d),
        ratio: typeof v === 'string' ? 'n/a' : ratio(v.ms, refNum(d)),
        inputSize: mb(size(f)),
        peakRss: rssOf(v),
      });
    }
    const cp = runCase('camt-parser', big, schemaDir);
    const rd = runCase('read', big, schemaDir);
    const noout = commandMs('xmllint', ['--noout', big]);
    rows.push({
      case: 'camt: streaming XML read alone (hardened reader, no subtree kept), 50k entries; ref = xmllint --noout (whole process)',
      ours: cell(rd),
      reference: noout === null ? 'xmllint n/a' : `xmllint --noout ${fmtMs(noout)}`,
      ratio: typeof rd === 'string' ? 'n/a' : ratio(rd.ms, noout),
      inputSize: mb(size(big)),
      peakRss: rssOf(rd),
    });
    const p = runCase('stream-parse', big, schemaDir);
    rows.push({
      case: 'camt: parse to the model (streaming, all 50k entries kept); ref = npm camt-parser 1.1 parseCamt053 (xml2js), separate processes',
      ours: cell(p),
      reference: typeof cp === 'string' ? `camt-parser failed: ${cp}` : `camt-parser ${fmtMs(cp.ms)}, RSS ${rssOf(cp)}`,
      ratio: typeof p === 'string' || typeof cp === 'string' ? 'n/a' : ratio(p.ms, cp.ms),
      inputSize: mb(size(big)),
      peakRss: rssOf(p),
    });
    rows.push({
      case: `camt: parse to the model, all 50k entries kept (streaming read); ref = DOM parse, ref RSS ${rssOf(dom)}`,
      ours: cell(p),
      reference: cell(dom),
      ratio: typeof p === 'string' ? 'n/a' : ratio(p.ms, refNum(dom)),
      inputSize: mb(size(big)),
      peakRss: rssOf(p),
    });
    if (haveXsd) {
      // XSD rows at 10 MB and 40 MB: the native engine (streaming, the default) and libxml2-wasm (the previous path),
      // so that RSS growth with the file size is visible side by side.
      for (const [f, label] of [
        [big, '50k entries'],
        [huge, '200k entries'],
      ] as const) {
        // The baseline holds the file's bytes too: measured per file, so "+x MB" is what the case adds.
        const fb = runCase('baseline', f, schemaDir);
        const fbRss = typeof fb === 'string' ? null : fb.rss;
        const rssOfF = (r: { ms: number; rss: number } | string) =>
          typeof r === 'string' ? '' : fbRss === null ? mb(r.rss) : `${mb(r.rss)} (+${mb(Math.max(0, r.rss - fbRss))} over the ${mb(fbRss)} baseline with this file loaded)`;
        const lint = xmllint(f);
        const lintCell = lint ? `xmllint ${fmtMs(lint.ms)}${lint.rss ? `, RSS ${mb(lint.rss)}` : ''}` : 'xmllint not installed';
        for (const [name, what] of [
          ['xsd-ours', 'XSD only, native streaming engine (schema store default)'],
          ['xsd-libxml2', 'XSD only, libxml2-wasm (engine: libxml2; previous path)'],
          ['validate-full', 'validateStatements complete (streaming rules + native XSD)'],
          ['validate-full-libxml2', 'validateStatements complete (streaming rules + libxml2-wasm XSD; previous path)'],
        ] as const) {
          const r = runCase(name, f, schemaDir);
          rows.push({
            case: `camt: ${what}, ${label}; ref = xmllint --schema (XSD only, incl. start)`,
            ours: cell(r),
            reference: lintCell,
            ratio: typeof r === 'string' ? 'n/a' : ratio(r.ms, lint?.ms ?? null),
            inputSize: mb(size(f)),
            peakRss: rssOfF(r),
          });
        }
      }
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--camt-case') {
  await worker(process.argv[3] as CaseName, process.argv[4]!, process.argv[5]!);
}
