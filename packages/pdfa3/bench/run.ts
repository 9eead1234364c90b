/**
 * @kontor/pdfa3 benchmark: make a 1-page PDF/A-3 with an attachment, and embed an XML into a supplied
 * 2-page PDF (load, check, repair, metadata, attach, save). Reference: the same work done with plain
 * pdf-lib without any PDF/A parts (so the ratio is the PDF/A overhead). Times in ms (median of runs).
 */
import fontkit from '@pdf-lib/fontkit';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { attachFile, checkPdfA3, embedPdfA3Font, loadForPdfA3, loadLiberationSans, makePdfA3, savePdfA3 } from '../src/index';

/** Raw numbers; bench/pdfa3.ts formats them for the repository table. */
export interface PdfA3BenchRow {
  case: string;
  /** ms */
  ours: number;
  /** ms of the reference, null when there is none */
  reference: number | null;
  referenceName: string;
  ratio: number | null;
  inputSize: number;
  /** MB */
  peakRss: number;
  /** the produced file, for callers that want to validate it */
  output?: Uint8Array;
  /** input files of a batch case, for callers that time the reference over the same files */
  files?: string[];
}

const XML = new TextEncoder().encode(
  `<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">${'<x/>'.repeat(2000)}</rsm:CrossIndustryInvoice>`,
);
const DATE = new Date('2024-05-01T10:00:00Z');

async function median(fn: () => Promise<unknown>, runs: number): Promise<{ ms: number; rss: number }> {
  await fn(); // warm-up
  const times: number[] = [];
  let rss = process.memoryUsage().rss;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
    rss = Math.max(rss, process.memoryUsage().rss);
  }
  times.sort((a, b) => a - b);
  return { ms: +times[Math.floor(times.length / 2)]!.toFixed(2), rss: Math.round(rss / (1024 * 1024)) };
}

export async function run(): Promise<PdfA3BenchRow[]> {
  const regular = await loadLiberationSans('regular');
  const rows: PdfA3BenchRow[] = [];

  const makeOurs = async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    const font = await embedPdfA3Font(doc, regular);
    doc.addPage().drawText('Rechnung 4711 – 1.234,56 €', { x: 50, y: 780, size: 14, font });
    attachFile(doc, { name: 'factur-x.xml', data: XML, mimeType: 'text/xml', relationship: 'Alternative', modDate: DATE });
    makePdfA3(doc, { title: 'Rechnung 4711', createDate: DATE, modifyDate: DATE, conformance: 'B' });
    return savePdfA3(doc);
  };
  const makeRefWithKit = async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.registerFontkit(fontkit);
    const font = await doc.embedFont(regular, { subset: true });
    doc.addPage().drawText('Rechnung 4711 – 1.234,56 €', { x: 50, y: 780, size: 14, font });
    await doc.attach(XML, 'factur-x.xml', { mimeType: 'text/xml' });
    return doc.save({ useObjectStreams: false });
  };
  const a = await median(makeOurs, 15);
  const b = await median(makeRefWithKit, 15);
  rows.push({
    case: 'pdfa3: make 1-page PDF/A-3 + 8 KB XML attachment',
    ours: a.ms,
    reference: b.ms,
    referenceName: 'pdf-lib without PDF/A',
    ratio: +(a.ms / b.ms).toFixed(2),
    inputSize: XML.length,
    peakRss: Math.max(a.rss, b.rss),
    output: await makeOurs(),
  });

  // a supplied 2-page PDF (not PDF/A), as office software writes it
  const src = await (async () => {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const font = await doc.embedFont(regular, { subset: true });
    for (let p = 1; p <= 2; p++) {
      const page = doc.addPage();
      for (let l = 0; l < 40; l++) page.drawText(`Position ${p}.${l} Artikel ${l * 7} Menge ${l} Preis ${(l * 3.5).toFixed(2)} €`, { x: 40, y: 800 - l * 18, size: 10, font });
    }
    return doc.save();
  })();
  const embedOurs = async () => {
    const r = await loadForPdfA3(src);
    if (!r.ok) throw new Error('refused');
    makePdfA3(r.doc, { title: 'Rechnung 4711', createDate: DATE, modifyDate: DATE, conformance: 'B' });
    attachFile(r.doc, { name: 'factur-x.xml', data: XML, mimeType: 'text/xml', relationship: 'Alternative', modDate: DATE });
    return savePdfA3(r.doc);
  };
  const embedRef = async () => {
    const doc = await PDFDocument.load(src);
    await doc.attach(XML, 'factur-x.xml', { mimeType: 'text/xml' });
    return doc.save({ useObjectStreams: false });
  };
  const c = await median(embedOurs, 15);
  const d = await median(embedRef, 15);
  const out = await embedOurs();
  rows.push({
    case: 'pdfa3: embed XML into a supplied 2-page PDF (load+check+PDF/A+attach+save)',
    ours: c.ms,
    reference: d.ms,
    referenceName: 'pdf-lib load+attach+save',
    ratio: +(c.ms / d.ms).toFixed(2),
    inputSize: src.length,
    peakRss: Math.max(c.rss, d.rss),
    output: out,
  });

  const e = await median(() => checkPdfA3(out), 15);
  rows.push({ case: 'pdfa3: checkPdfA3 on the 2-page result', ours: e.ms, reference: null, referenceName: 'veraPDF', ratio: null, inputSize: out.length, peakRss: e.rss, output: out });

  // the veraPDF corpus in one process, each file at the flavour of its folder (one pass after a warm-up file)
  const corpus = fileURLToPath(new URL('../../../../shared/corpus/pdf/', import.meta.url));
  if (existsSync(join(corpus, 'verapdf-expected.json'))) {
    const expected = JSON.parse(readFileSync(join(corpus, 'verapdf-expected.json'), 'utf8')) as Record<string, { part: 2 | 3; conformance: 'A' | 'B' | 'U' }>;
    const inputs = Object.entries(expected).map(([f, rec]) => ({ path: join(corpus, f), bytes: new Uint8Array(readFileSync(join(corpus, f))), rec }));
    await checkPdfA3(inputs[0]!.bytes, { part: inputs[0]!.rec.part });
    const t = performance.now();
    let rss = process.memoryUsage().rss;
    for (const x of inputs) {
      await checkPdfA3(x.bytes, { part: x.rec.part, conformance: x.rec.conformance });
      rss = Math.max(rss, process.memoryUsage().rss);
    }
    const ms = +(performance.now() - t).toFixed(1);
    const size = inputs.reduce((n, x) => n + x.bytes.length, 0);
    rows.push({
      case: `pdfa3: checkPdfA3 over the veraPDF corpus (${inputs.length} files, one process)`,
      ours: ms,
      reference: null,
      referenceName: 'veraPDF batch',
      ratio: null,
      inputSize: size,
      peakRss: Math.round(rss / (1024 * 1024)),
      files: inputs.map((x) => x.path),
    });
  }
  return rows;
}
