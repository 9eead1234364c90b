/** The `camt validate` batch task: apart from camt.ts so `camt parse` loads neither the XSD step nor libxml2-wasm. */
import path from 'node:path';
import { describeValidation, validateStatements, validationResultToJson } from '@kontor/camt';
import { SchemaStore } from '@kontor/xml';
import type { BatchTask } from '../batch/task';
import { toDisplay } from '../output';
import type { ValidateOptions } from './camt';
import { readInputFile } from '../batch/inputs';

/** One statement file or ZIP delivery, validated against the rules and (when installed) the XSD. */
export const camtValidateTask: BatchTask<ValidateOptions, SchemaStore> = {
  open: (o) => new SchemaStore({ dir: o.schemaDir }),
  async check(store, file, o, fmt) {
    const bytes = readInputFile(file, o.maxBytes);
    const result = await validateStatements(bytes, { filename: path.basename(file.path), schemaStore: store, maxBytes: o.maxBytes, lang: fmt.lang, ...(o.bestEffort ? { bestEffort: true } : {}) });
    const lines: string[] = [];
    const findings = [];
    const de = fmt.lang === 'de';
    for (const f of result.files) {
      lines.push(`${f.name}: ${f.message}.001.${f.version}, ${f.statements} ${de ? 'Auszug/Auszüge' : 'statement(s)'}, ${f.items} ${de ? 'Positionen' : 'items'}: ${f.verdict}`);
      const xsd = f.xsd.available
        ? f.xsd.valid
          ? de
            ? 'gültig'
            : 'valid'
          : de
            ? `ungültig (${f.xsd.errorCount} Fehler)`
            : `invalid (${f.xsd.errorCount} errors)`
        : (f.xsd.note ?? (de ? 'nicht geprüft' : 'not checked'));
      lines.push(`  XSD ${f.xsd.schemaSet}: ${xsd}`);
      for (const x of f.xsd.findings)
        findings.push(toDisplay({ code: 'XSD', severity: x.severity, message: x.message, ...(x.line ? { line: x.line } : {}), ...(x.column ? { column: x.column } : {}), path: f.name }));
      for (const x of f.findings) findings.push(toDisplay(x));
    }
    for (const x of result.deliveryFindings) findings.push(toDisplay(x));
    for (const s of result.skipped) lines.push(`${fmt.lang === 'de' ? 'übersprungen' : 'skipped'}: ${s.name}: ${s.reason}`);
    lines.push(`${de ? 'Urteil' : 'Verdict'}: ${result.verdict}`);
    return {
      file: file.name,
      verdict: result.verdict,
      json: { file: file.name, summary: describeValidation(result, fmt.lang), result: validationResultToJson(result) },
      headline: describeValidation(result, fmt.lang),
      findings,
      lines,
    };
  },
  close: (store) => store.dispose(),
};
