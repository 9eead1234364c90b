/** kontor pdf check: the bare PDF/A conformance check of @kontor/pdfa3 (ISO 19005-2/-3, levels B and U) over many files. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkPdfA3, Pdfa3Error, type Finding } from '@kontor/pdfa3';
import { CliError, parse, printJson, type Command, type Io } from '../command';

const FLAVOURS = { '2b': { part: 2, conformance: 'B' }, '2u': { part: 2, conformance: 'U' }, '3b': { part: 3, conformance: 'B' }, '3u': { part: 3, conformance: 'U' } } as const;
type Flavour = keyof typeof FLAVOURS;

interface FileResult {
  file: string;
  flavour: Flavour;
  compliant: boolean;
  findings: Finding[];
  error?: string;
}

function printHuman(io: Io, r: FileResult): void {
  if (r.error) {
    io.stdout(`${r.file}: ERROR ${r.error}\n`);
    return;
  }
  const errors = r.findings.filter((f) => f.severity === 'error');
  io.stdout(`${r.file}: ${r.compliant ? 'compliant' : 'NOT compliant'} (PDF/A-${r.flavour.toUpperCase()}${errors.length ? `, ${errors.length} errors` : ''})\n`);
  for (const f of r.findings.slice(0, 40)) io.stdout(`  ${f.severity.padEnd(7)} ${f.code}${f.rule ? ` (veraPDF ${f.rule})` : ''}${f.path ? ` at ${f.path}` : ''}: ${f.message}\n`);
  if (r.findings.length > 40) io.stdout(`  ... and ${r.findings.length - 40} more (use --json)\n`);
}

export const pdfCheckCommands: Command[] = [
  {
    name: 'pdf check',
    summary: 'Check PDF files for PDF/A-2 or PDF/A-3 conformance (levels B, U) with clause-numbered findings',
    usage: 'kontor pdf check <file.pdf>... --flavour 2b|2u|3b|3u [--json | --jsonl]',
    async run(argv, io) {
      const { values, positionals } = parse(argv, { flavour: { type: 'string' }, json: { type: 'boolean' }, jsonl: { type: 'boolean' } });
      if (positionals.length === 0) throw new CliError('Missing PDF file(s)');
      const flavour = (values.flavour ?? '3b').toLowerCase();
      if (!(flavour in FLAVOURS)) throw new CliError(`Unknown flavour "${values.flavour}" (2b, 2u, 3b or 3u)`);
      if (values.json && values.jsonl) throw new CliError('Use either --json or --jsonl');
      const fl = flavour as Flavour;
      const results: FileResult[] = [];
      for (const file of positionals) {
        let r: FileResult;
        try {
          const bytes = new Uint8Array(await readFile(path.resolve(io.cwd, file)));
          const c = await checkPdfA3(bytes, { part: FLAVOURS[fl].part, conformance: FLAVOURS[fl].conformance });
          r = { file, flavour: fl, compliant: c.passed, findings: c.findings };
        } catch (e) {
          if (e instanceof Pdfa3Error || (e as NodeJS.ErrnoException).code) r = { file, flavour: fl, compliant: false, findings: [], error: (e as NodeJS.ErrnoException).code ?? (e as Error).message };
          else throw e;
        }
        // one line per file as soon as it is done: a long run can be followed and cut short
        if (values.jsonl) io.stdout(JSON.stringify(r) + '\n');
        results.push(r);
      }
      if (values.json) printJson(io, results.length === 1 ? results[0] : { results });
      else if (!values.jsonl) for (const r of results) printHuman(io, r);
      if (results.some((r) => r.error)) return 2;
      return results.every((r) => r.compliant) ? 0 : 1;
    },
  },
];
