/**
 * MCP overhead: the same work through a tool call on /api/mcp (one stateless JSON-RPC POST; the tool calls the route
 * in-process) and directly on the /api/v1 route, interleaved, against the built service on 127.0.0.1. Also the
 * round trip of tools/list and initialize.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, startServer } from '@kontor/api';
import { fmtStats, interleaved, mb, peakRss, type BenchRow } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = path.resolve(root, '../shared/corpus');

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-mcp-'));
  const cfg = loadConfig({ PORT: '0', DATABASE_URL: path.join(tmp, 'bench.sqlite'), KONTOR_SCHEMA_DIR: path.join(tmp, 'schemas'), KONTOR_LOG: 'off', KONTOR_RATE_LIMITS: 'off' });
  let key = '';
  const srv = await startServer(cfg, (l) => {
    const m = /API key \(shown only once\): (\S+)/.exec(l);
    if (m) key = m[1]!;
  });
  try {
    const url = `http://127.0.0.1:${srv.port}`;
    const auth = { authorization: `Bearer ${key}` };
    let id = 0;
    const mcp = async (method: string, params: unknown): Promise<number> => {
      const s = performance.now();
      const r = await fetch(`${url}/api/mcp`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
      });
      const body = (await r.json()) as { result?: { isError?: boolean }; error?: unknown };
      if (r.status !== 200 || body.error || body.result?.isError) throw new Error(`MCP ${method} failed: ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
      return performance.now() - s;
    };
    const direct = async (p: string, init: RequestInit): Promise<number> => {
      const s = performance.now();
      const r = await fetch(`${url}/api/v1${p}`, { ...init, headers: { ...auth, ...(init.headers as Record<string, string>) } });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`${p} answered ${r.status}`);
      return performance.now() - s;
    };

    const i = await interleaved(
      () => mcp('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } }),
      () => direct('/me', {}),
      25,
      5,
    );
    rows.push({
      case: 'MCP initialize (stateless POST) vs GET /api/v1/me',
      ours: fmtStats(i.a),
      reference: fmtStats(i.b),
      ratio: `+${(i.a.median - i.b.median).toFixed(2)} ms`,
      inputSize: '-',
      peakRss: peakRss(),
    });
    const l = await interleaved(
      () => mcp('tools/list', {}),
      () => direct('/me', {}),
      25,
      5,
    );
    rows.push({
      case: 'MCP tools/list (10 tools) vs GET /api/v1/me',
      ours: fmtStats(l.a),
      reference: fmtStats(l.b),
      ratio: `+${(l.a.median - l.b.median).toFixed(2)} ms`,
      inputSize: '-',
      peakRss: peakRss(),
    });

    const xml = readFileSync(path.join(corpus, 'einvoice/instances/xrechnung/testsuite/technical-cases/cius/01.06_minimal_test_uncefact.xml'), 'utf8');
    const v = await interleaved(
      () => mcp('tools/call', { name: 'validate_invoice_xml', arguments: { xml } }),
      () => direct('/invoices/validate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ xml }) }),
      15,
      3,
    );
    rows.push({
      case: 'validate_invoice_xml (XRechnung 01.06) vs POST /invoices/validate',
      ours: fmtStats(v.a),
      reference: fmtStats(v.b),
      ratio: `+${(v.a.median - v.b.median).toFixed(2)} ms`,
      inputSize: mb(Buffer.byteLength(xml)),
      peakRss: peakRss(),
    });

    const pdf = readFileSync(path.join(corpus, 'einvoice/samples/pdf/zugferd-corpus/EN16931_Einfach.pdf'));
    const b64 = pdf.toString('base64');
    const p = await interleaved(
      () => mcp('tools/call', { name: 'verify_zugferd', arguments: { pdf_base64: b64 } }),
      () => {
        const form = new FormData();
        form.append('pdf', new Blob([pdf], { type: 'application/pdf' }), 'invoice.pdf');
        return direct('/verify', { method: 'POST', body: form });
      },
      9,
      2,
    );
    rows.push({
      case: 'verify_zugferd (EN16931_Einfach.pdf, base64) vs POST /verify (multipart)',
      ours: fmtStats(p.a),
      reference: fmtStats(p.b),
      ratio: `+${(p.a.median - p.b.median).toFixed(2)} ms`,
      inputSize: mb(pdf.length),
      peakRss: peakRss(),
    });
  } finally {
    await srv.close();
    rmSync(tmp, { recursive: true, force: true });
  }
  return rows;
}
