/**
 * Issue 12, "same behaviour at every door": POST /invoices?format=xml and `kontor invoice xml` call the same
 * library function (@kontor/cii generateCii, which runs the authoritative gate itself) and map the same outcomes.
 * The gate failure is forced honestly: a schema store whose "cii-d16b" set only allows another root element, so
 * the XSD step of the gate rejects every generated CII — the same store is given to the API (KONTOR_SCHEMA_DIR)
 * and to the CLI (same variable, read by the same config loader).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCapture } from '../../../cli/test/run';
import { makeTestApp, testClock, type TestApp } from '../../test/helpers';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/cii/test/fixtures');
const good = JSON.parse(readFileSync(path.join(fixtures, '01-minimal-en16931.json'), 'utf8')) as Record<string, unknown>;
const bad = { ...good, totalNet: 1 };

const work = mkdtempSync(path.join(os.tmpdir(), 'kontor-gate-parity-'));
const strictDir = path.join(work, 'strict-schemas');
const emptyDir = path.join(work, 'no-schemas');

beforeAll(() => {
  mkdirSync(path.join(strictDir, 'cii-d16b'), { recursive: true });
  mkdirSync(emptyDir);
  writeFileSync(path.join(strictDir, 'cii-d16b', 'kontor-schema-set.json'), JSON.stringify({ id: 'cii-d16b', entry: 'strict.xsd' }));
  writeFileSync(
    path.join(strictDir, 'cii-d16b', 'strict.xsd'),
    '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><xs:element name="Other" type="xs:string"/></xs:schema>',
  );
  writeFileSync(path.join(work, 'good.json'), JSON.stringify(good));
  writeFileSync(path.join(work, 'bad.json'), JSON.stringify(bad));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Door {
  status: number;
  code: string | null;
  details: string[];
  credits: number;
  xml: string | null;
}

async function viaApi(schemaDir: string, invoice: unknown): Promise<Door> {
  const app: TestApp = await makeTestApp({ clock: testClock(), env: { KONTOR_SCHEMA_DIR: schemaDir, KONTOR_RATE_LIMITS: 'off' } });
  try {
    const a = await app.account({ credits: 2 });
    const r = await app.request('/api/v1/invoices?format=xml', { method: 'POST', key: a.key, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ invoice }) });
    const text = await r.text();
    const credits = (await app.services.accounts.byId(a.id))!.credits;
    if (r.status === 200) return { status: 200, code: null, details: [], credits, xml: text };
    const b = JSON.parse(text) as { code: string; details: { code: string; severity: string }[] };
    return {
      status: r.status,
      code: b.code,
      details: b.details
        .filter((d) => d.severity === 'error')
        .map((d) => d.code)
        .sort(),
      credits,
      xml: null,
    };
  } finally {
    await app.dispose();
  }
}

async function viaCli(schemaDir: string, file: string) {
  const out = path.join(work, `${file}.${path.basename(schemaDir)}.xml`);
  const human = await runCapture(['invoice', 'xml', file, '-o', out], { cwd: work, env: { KONTOR_SCHEMA_DIR: schemaDir } });
  let written: string | null = null;
  try {
    written = readFileSync(out, 'utf8');
  } catch {
    written = null;
  }
  rmSync(out, { force: true });
  const json = await runCapture(['invoice', 'xml', file, '--json'], { cwd: work, env: { KONTOR_SCHEMA_DIR: schemaDir } });
  const j = JSON.parse(json.out) as { ok: boolean; stage?: string; xml?: string; findings: { code: string; severity: string }[]; gate: { xsd: string; rules: string } | null };
  return { human, json: j, jsonCode: json.code, written };
}

describe('generate-then-validate gate: API and CLI agree', () => {
  it('invalid input: 400 invalid_input over HTTP, exit 1 with the same findings on the CLI; nothing charged or written', async () => {
    const api = await viaApi(emptyDir, bad);
    const cli = await viaCli(emptyDir, 'bad.json');
    expect(api).toMatchObject({ status: 400, code: 'invalid_input', credits: 2, xml: null });
    expect(api.details).toContain('BR-CO-13');
    expect(cli.human.code).toBe(1);
    expect(cli.human.err).toContain('rejected, nothing written');
    expect(cli.written).toBeNull();
    expect(cli.jsonCode).toBe(1);
    expect(cli.json).toMatchObject({ ok: false, stage: 'input' });
    expect(
      cli.json.findings
        .filter((f) => f.severity === 'error')
        .map((f) => f.code)
        .sort(),
    ).toEqual(api.details);
  });

  it('gate failure: 502 upstream_error over HTTP, exit 1 with a clear message on the CLI; same findings; nothing charged or written', async () => {
    const api = await viaApi(strictDir, good);
    const cli = await viaCli(strictDir, 'good.json');
    expect(api).toMatchObject({ status: 502, code: 'upstream_error', credits: 2, xml: null });
    expect(api.details).toContain('XSD_INVALID');
    expect(cli.human.code).toBe(1);
    expect(cli.human.err).toMatch(/failed the authoritative check \(XSD failed/);
    expect(cli.written).toBeNull();
    expect(cli.json).toMatchObject({ ok: false, stage: 'gate', gate: { xsd: 'failed' } });
    expect(cli.json.xml).toBeUndefined();
    expect(cli.json.findings.map((f) => f.code).sort()).toEqual(api.details);
  });

  it('no XSD installed: both deliver the same natively checked XML (API 200, one credit; CLI exit 0 with a warning)', async () => {
    const api = await viaApi(emptyDir, good);
    const cli = await viaCli(emptyDir, 'good.json');
    expect(api).toMatchObject({ status: 200, credits: 1 });
    expect(cli.human.code).toBe(0);
    expect(cli.human.err).toMatch(/warning: XSD check skipped/);
    expect(cli.written).toBe(api.xml);
    expect(cli.json).toMatchObject({ ok: true, gate: { xsd: 'unavailable', rules: 'passed' } });
  });
});
