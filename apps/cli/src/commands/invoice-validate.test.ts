import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchemaStore } from '@kontor/xml';
import { corpusAvailable, corpusDir } from '@kontor/testkit/corpus';
import { runCapture } from '../../test/run';

const haveCorpus = corpusAvailable();
const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-cli-invoice-'));
const schemaDir = path.join(dir, 'schemas');
const einvoice = path.join(corpusDir, 'einvoice');

beforeAll(async () => {
  if (!haveCorpus) return;
  const s = new SchemaStore({ dir: schemaDir });
  await s.installFrom(path.join(einvoice, 'schema/cii-d16b'));
  s.dispose();
  const good = readFileSync(path.join(einvoice, 'instances/en16931/examples/CII_example1.xml'), 'utf8');
  writeFileSync(path.join(dir, 'good.xml'), good);
  // Seller name emptied (BR-06) and the line total changed (BR-CO-10): invalid, XSD still valid.
  const bad = good
    .replace(/(<ram:SellerTradeParty>\s*<ram:Name>)[^<]*/, '$1')
    .replace(/<ram:LineTotalAmount>[\d.]+<\/ram:LineTotalAmount>(\s*<ram:TaxBasisTotalAmount)/, '<ram:LineTotalAmount>1.00</ram:LineTotalAmount>$1');
  writeFileSync(path.join(dir, 'bad.xml'), bad);
  writeFileSync(path.join(dir, 'broken.xml'), '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[]) {
  return runCapture(argv, { cwd: dir, env: { KONTOR_SCHEMA_DIR: schemaDir } });
}

describe.runIf(haveCorpus)('kontor invoice validate', () => {
  it('accepts a valid EN 16931 invoice and prints the result as JSON', async () => {
    const r = await run(['invoice', 'validate', 'good.xml', '--json']);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.out) as { verdict: string; profile: string; xsd: { available: boolean; valid: boolean }; rulesets: { name: string; version: string }[]; findings: unknown[] };
    expect(body.verdict).toBe('valid');
    expect(body.profile).toBe('en16931');
    expect(body.xsd).toMatchObject({ available: true, valid: true });
    expect(body.rulesets[0]!.version).toBe('1.3.16');
  });

  it('reports rule id, BT and location for an invalid invoice (JSON and human)', async () => {
    const j = await run(['invoice', 'validate', 'bad.xml', '--json']);
    expect(j.code).toBe(1);
    const body = JSON.parse(j.out) as { verdict: string; findings: { code: string; bt?: string; path?: string; line?: number; column?: number }[] };
    expect(body.verdict).toBe('invalid');
    const codes = body.findings.map((f) => f.code);
    expect(codes).toContain('BR-06');
    expect(codes).toContain('BR-CO-10');
    const co10 = body.findings.find((f) => f.code === 'BR-CO-10')!;
    expect(co10.bt).toBe('BT-106');
    expect(co10.path).toMatch(/ram:SpecifiedTradeSettlementHeaderMonetarySummation\[1\]$/);
    expect(co10.line).toBeGreaterThan(1);
    const human = await run(['invoice', 'validate', 'bad.xml']);
    expect(human.code).toBe(1);
    expect(human.out).toContain('bad.xml: INVALID');
    expect(human.out).toMatch(/BR-CO-10 \(BT-106\) \[en16931\]: .*\n\s+at line \d+:\d+ {2}\/rsm:CrossIndustryInvoice\[1\]/);
  });

  it('gives the rule messages in the language of --lang: same codes and verdict in de and en', async () => {
    const en = JSON.parse((await run(['invoice', 'validate', 'bad.xml', '--json', '--lang', 'en'])).out) as { verdict: string; findings: { code: string; message: string }[] };
    const de = JSON.parse((await run(['invoice', 'validate', 'bad.xml', '--json', '--lang', 'de'])).out) as typeof en;
    expect(de.verdict).toBe(en.verdict);
    expect(de.findings.map((f) => f.code)).toEqual(en.findings.map((f) => f.code));
    const msg = (b: typeof en) => b.findings.find((f) => f.code === 'BR-06')!.message;
    expect(msg(de)).not.toBe(msg(en));
    expect(msg(de)).toMatch(/Verkäufer/);
  });

  it('validates several files and the invoice embedded in hybrid PDFs, with the XRechnung profile', async () => {
    const pdfs = path.join(einvoice, 'samples/pdf/zugferd-corpus');
    const r = await run(['invoice', 'validate', 'good.xml', path.join(pdfs, 'EN16931_Einfach.pdf'), path.join(pdfs, 'XRECHNUNG_Einfach.pdf'), '--profile', 'xrechnung', '--json']);
    const body = JSON.parse(r.out) as { results: { file: string; embeddedFile?: string; profile: string; notes: string[]; kosit?: { scenario: string | null; accept: boolean } }[] };
    expect(body.results).toHaveLength(3);
    expect(body.results.every((x) => x.profile === 'xrechnung')).toBe(true);
    expect(body.results[1]!.embeddedFile).toBe('factur-x.xml');
    expect(body.results[1]!.kosit).toMatchObject({ scenario: 'en16931', accept: true });
    // The sample PDF embeds an XRechnung 2.1 invoice: no KoSIT 3.0 scenario, with a note saying why.
    expect(body.results[2]!.embeddedFile).toBe('xrechnung.xml');
    expect(body.results[2]!.kosit).toMatchObject({ scenario: null, accept: false });
    expect(body.results[2]!.notes.join(' ')).toMatch(/XRechnung 1\.x\/2\.x/);
    expect(r.code).toBe(1);
  });

  it('fails clearly on unreadable input, PDFs without an invoice and usage errors', async () => {
    const broken = await run(['invoice', 'validate', 'broken.xml', '--json']);
    expect(broken.code).toBe(1);
    expect((JSON.parse(broken.out) as { findings: { code: string }[] }).findings[0]!.code).toBe('XML_MALFORMED');
    const plain = await run(['invoice', 'validate', path.join(corpusDir, 'pdf/plain/pdf-lib/normal.pdf')]);
    expect(plain.code).toBe(1);
    expect(plain.err).toContain('NO_EMBEDDED_INVOICE');
    expect((await run(['invoice', 'validate'])).code).toBe(2);
    expect((await run(['invoice', 'validate', 'good.xml', '--profile', 'peppol'])).code).toBe(2);
  });
});
