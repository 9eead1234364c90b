/** kontor pdf check: the bare PDF/A conformance check of @kontor/pdfa3 (ISO 19005-2/-3, levels B and U) over many files. */
import { checkPdfA3, Pdfa3Error, type Finding } from '@kontor/pdfa3';
import { CliError, parse, type Command } from '../command';
import { batchOptions, batchUsage, formatOf, runBatch } from '../batch/run';
import type { BatchTask } from '../batch/task';
import { toDisplay } from '../output';
import { readInputFile } from '../batch/inputs';

const FLAVOURS = { '2b': { part: 2, conformance: 'B' }, '2u': { part: 2, conformance: 'U' }, '3b': { part: 3, conformance: 'B' }, '3u': { part: 3, conformance: 'U' } } as const;
type Flavour = keyof typeof FLAVOURS;

interface FileResult {
  file: string;
  flavour: Flavour;
  compliant: boolean;
  findings: Finding[];
  error?: string;
}

/** One PDF: read and checked in a worker; a file that is no PDF at all is an invalid file, not a crash. */
export const pdfCheckTask: BatchTask<{ flavour: Flavour; lang?: 'de' | 'en' | undefined }, null> = {
  open: () => null,
  async check(_ctx, file, o) {
    const bytes = readInputFile(file);
    let r: FileResult;
    try {
      const c = await checkPdfA3(bytes, { part: FLAVOURS[o.flavour].part, conformance: FLAVOURS[o.flavour].conformance, lang: o.lang });
      r = { file: file.name, flavour: o.flavour, compliant: c.passed, findings: c.findings };
    } catch (e) {
      if (!(e instanceof Pdfa3Error)) throw e;
      r = { file: file.name, flavour: o.flavour, compliant: false, findings: [], error: e.message };
      return { file: file.name, verdict: 'invalid', json: r, error: { code: e.code, message: e.message } };
    }
    const warned = r.findings.some((f) => f.severity === 'warning');
    return {
      file: file.name,
      verdict: r.compliant ? (warned ? 'valid_with_warnings' : 'valid') : 'invalid',
      json: r,
      headline: `PDF/A-${o.flavour.toUpperCase()} ${r.compliant ? 'compliant' : 'NOT compliant'}`,
      findings: r.findings.map((f) => toDisplay({ ...f, ...(f.rule ? { ruleset: `veraPDF ${f.rule}` } : f.clause ? { ruleset: `ISO 19005 ${f.clause}` } : {}) })),
    };
  },
};

export const pdfCheckCommands: Command[] = [
  {
    name: 'pdf check',
    summary: 'Check PDF files for PDF/A-2 or PDF/A-3 conformance (levels B, U) with clause-numbered findings',
    usage: `kontor pdf check <file|dir|glob>... --flavour 2b|2u|3b|3u ${batchUsage}`,
    async run(argv, io) {
      const { values, positionals } = parse(argv, { flavour: { type: 'string' }, ...batchOptions });
      const flavour = (values.flavour ?? '3b').toLowerCase();
      if (!(flavour in FLAVOURS)) throw new CliError(`Unknown flavour "${values.flavour}" (2b, 2u, 3b or 3u)`);
      return runBatch(io, { task: 'pdf check', options: { flavour: flavour as Flavour, lang: formatOf(io, values.lang).lang }, inputs: positionals, extensions: ['.pdf'], values });
    },
  },
];
