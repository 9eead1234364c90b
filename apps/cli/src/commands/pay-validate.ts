/**
 * kontor pay validate: pain.001 files through validatePain001 (rules + schema), in batch. Apart from pay.ts so a
 * validation loads only the reading side of @kontor/pain001 (not the writer, the bank directory or the model provider).
 */
import path from 'node:path';
import { SchemaStore, xsdCheckToJson } from '@kontor/xml';
import { DEFAULT_MAX_BYTES, describeValidation, validatePain001 } from '@kontor/pain001';
import { CliError, parse, type Command } from '../command';
import { batchOptions, batchUsage, runBatch } from '../batch/run';
import type { BatchTask } from '../batch/task';
import { toDisplay } from '../output';
import { schemaDirFrom } from '@kontor/api';
import { readInputFile } from '../batch/inputs';

interface PayValidateOptions {
  profile: 'auto' | 'sct' | 'axz';
  schemaDir: string;
  maxBytes: number;
}

/** One pain.001 file: profile detection, business rules and XSD; library refusals (not a pain.001) are findings of the file. */
export const payValidateTask: BatchTask<PayValidateOptions, SchemaStore> = {
  open: (o) => new SchemaStore({ dir: o.schemaDir }),
  async check(store, file, o, fmt) {
    const bytes = readInputFile(file, o.maxBytes);
    // A refused file (Pain001Error: not XML, too large, not a pain.001 …) becomes the batch's errorOutcome (batch/task.ts)
    // --lang (or the locale) also picks the language of the library's findings, notes and summary.
    const r = await validatePain001(bytes, { profile: o.profile, schemaStore: store, maxBytes: o.maxBytes, lang: fmt.lang });
    const name = path.basename(file.path);
    const findings = [...r.findings.map((f) => toDisplay(f))];
    if (r.xsd.available) for (const f of r.xsd.findings) findings.push(toDisplay(f));
    const de = fmt.lang === 'de';
    const source = r.profileSource === 'requested' ? (de ? 'vorgegeben' : 'requested') : de ? 'erkannt' : 'detected';
    const lines = [`${de ? 'Profil' : 'Profile'} ${r.profile.toUpperCase()} (${source}): ${r.profileReasons.join('; ')}`];
    if (!r.xsd.available) lines.push(`Schema: ${r.xsd.note ?? (de ? 'nicht geprüft' : 'not checked')}`);
    // The JSON is the service's result shape (xsd positions null when unknown, spec §2.6).
    const summary = describeValidation(r, name, fmt.lang);
    return { file: file.name, verdict: r.verdict, json: { file: file.name, summary, result: { ...r, xsd: xsdCheckToJson(r.xsd) } }, headline: summary, findings, lines };
  },
  close: (store) => store.dispose(),
};

export const payValidateCommands: Command[] = [
  {
    name: 'pay validate',
    summary: 'Validate pain.001 files (.09/.03, SCT or AXZ): rules, schema with line/column, verdict',
    usage: `kontor pay validate <file|dir|glob>... [--profile auto|sct|axz] [--schema-dir <dir>] [--max-bytes <n>] ${batchUsage}`,
    async run(argv, io) {
      const { values, positionals } = parse(argv, { ...batchOptions, profile: { type: 'string' }, 'schema-dir': { type: 'string' }, 'max-bytes': { type: 'string' } });
      const profile = values.profile ?? 'auto';
      if (profile !== 'auto' && profile !== 'sct' && profile !== 'axz') throw new CliError('--profile must be auto, sct or axz');
      const maxBytes = values['max-bytes'] === undefined ? DEFAULT_MAX_BYTES : Number(values['max-bytes']);
      if (!Number.isInteger(maxBytes) || maxBytes < 1) throw new CliError('--max-bytes must be a positive whole number');
      const schemaDir = values['schema-dir'] ? path.resolve(io.cwd, values['schema-dir']) : schemaDirFrom(io.env, io.cwd);
      return runBatch(io, { task: 'pay validate', options: { profile, schemaDir, maxBytes } satisfies PayValidateOptions, inputs: positionals, extensions: ['.xml'], values });
    },
  },
];
