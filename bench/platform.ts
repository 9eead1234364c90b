/** Foundation benchmarks: XML reader throughput, XSD validation vs xmllint, API overhead of GET /me. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { parseXml, streamXml, SchemaStore } from '@kontor/xml';
import { loadConfig, startServer } from '@kontor/api';
import { commandMs, mb, medianMs, peakRss, ratio, type BenchRow } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = path.resolve(root, '../shared/corpus');

function bigDocument(targetBytes: number): string {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>'];
  let size = parts[0]!.length;
  for (let i = 0; size < targetBytes; i++) {
    const e = `<Ntry><NtryRef>${i}</NtryRef><Amt Ccy="EUR">${(i % 1000) + 0.5}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-01-02</Dt></BookgDt><AddtlNtryInf>Überweisung &amp; Gutschrift ${i}</AddtlNtryInf></Ntry>\n`;
    parts.push(e);
    size += e.length;
  }
  parts.push('</BkToCstmrStmt></Document>\n');
  return parts.join('');
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-'));
  try {
    const doc = bigDocument(10 * 1024 * 1024);
    const bytes = Buffer.byteLength(doc);
    const tTree = await medianMs(() => parseXml(doc), 3);
    const tStream = await medianMs(() => streamXml(doc, { keep: (i) => i.local === 'Ntry', onElement: () => {} }), 3);
    const docFile = path.join(tmp, 'big.xml');
    writeFileSync(docFile, doc);
    const lint = commandMs('xmllint', ['--noout', docFile]);
    rows.push({
      case: 'XML read, tree (10 MB camt-like)',
      ours: `${tTree.toFixed(0)} ms (${(bytes / 1048576 / (tTree / 1000)).toFixed(0)} MB/s)`,
      reference: lint === null ? 'xmllint n/a' : `xmllint --noout ${lint.toFixed(0)} ms`,
      ratio: ratio(tTree, lint),
      inputSize: mb(bytes),
      peakRss: peakRss(),
    });
    rows.push({
      case: 'XML read, streaming (10 MB)',
      ours: `${tStream.toFixed(0)} ms (${(bytes / 1048576 / (tStream / 1000)).toFixed(0)} MB/s)`,
      reference: lint === null ? 'xmllint n/a' : `xmllint --noout ${lint.toFixed(0)} ms`,
      ratio: ratio(tStream, lint),
      inputSize: mb(bytes),
      peakRss: peakRss(),
    });

    const store = new SchemaStore({ dir: path.join(tmp, 'schemas') });
    await store.installFrom(corpus);
    await store.prepare(); // libxml2-wasm (CII set below) before the synchronous validate
    const cases: [string, string, string, string][] = [
      [
        'XSD CII D16B (CII_example1)',
        'cii-d16b',
        path.join(corpus, 'einvoice/instances/en16931/examples/CII_example1.xml'),
        path.join(store.dir, 'cii-d16b', JSON.parse(readFileSync(path.join(store.dir, 'cii-d16b', 'kontor-schema-set.json'), 'utf8')).entry),
      ],
    ];
    const painDir = path.join(corpus, 'payments/samples/pain.001.001.09');
    const { readdirSync } = await import('node:fs');
    const pain = readdirSync(painDir)
      .filter((f) => f.endsWith('.xml'))
      .map((f) => path.join(painDir, f))
      .sort((a, b) => readFileSync(b).length - readFileSync(a).length)[0];
    if (pain) cases.push(['XSD pain.001.001.09 GBIC_5 (largest sample)', 'dk:pain.001.001.09_GBIC_5', pain, path.join(store.dir, 'dk_pain.001.001.09_GBIC_5', 'pain.001.001.09_GBIC_5.xsd')]);
    for (const [name, set, file, xsd] of cases) {
      const input = readFileSync(file);
      store.validate(set, input); // compile once
      const t = await medianMs(() => store.validate(set, input), 20, 2);
      const ref = commandMs('xmllint', ['--noout', '--schema', xsd, file]);
      rows.push({
        case: name,
        ours: `${t.toFixed(2)} ms (schema cached)`,
        reference: ref === null ? 'xmllint n/a' : `xmllint ${ref.toFixed(1)} ms/file`,
        ratio: ratio(t, ref),
        inputSize: mb(input.length),
        peakRss: peakRss(),
      });
    }
    store.dispose();

    const cfg = loadConfig({ PORT: '0', DATABASE_URL: path.join(tmp, 'bench.sqlite'), KONTOR_SCHEMA_DIR: path.join(tmp, 'schemas'), KONTOR_LOG: 'off', KONTOR_RATE_LIMITS: 'off' });
    let key = '';
    const srv = await startServer(cfg, (l) => {
      const m = /API key \(shown only once\): (\S+)/.exec(l);
      if (m) key = m[1]!;
    });
    try {
      const url = `http://127.0.0.1:${srv.port}`;
      // autocannon runs in its own process so the load generator does not share the server's event loop.
      type Result = { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number };
      const cannon = (target: string, seconds: number, headers: string[] = []) =>
        new Promise<Result>((resolve, reject) => {
          const child = spawn(path.join(root, 'node_modules/.bin/autocannon'), ['-j', '-c', '10', '-d', String(seconds), ...headers.flatMap((h) => ['-H', h]), target]);
          let out = '';
          child.stdout.on('data', (d: Buffer) => (out += d.toString()));
          child.on('error', reject);
          child.on('close', () => resolve(JSON.parse(out) as Result));
        });
      const res = await cannon(`${url}/api/v1/me`, 5, [`authorization=Bearer ${key}`]);
      const base = await cannon(`${url}/api/v1/formats`, 3);
      rows.push({
        case: 'API GET /me (auth + DB, autocannon in its own process, 10 conn, 5 s)',
        ours: `${Math.round(res.requests.average)} req/s, p50 ${res.latency.p50} ms, p99 ${res.latency.p99} ms, non-2xx ${res.non2xx}`,
        reference: `GET /formats (anonymous) ${Math.round(base.requests.average)} req/s`,
        ratio: `${(res.requests.average / base.requests.average).toFixed(2)} of anonymous`,
        inputSize: '-',
        peakRss: peakRss(),
      });
    } finally {
      await srv.close();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return rows;
}
