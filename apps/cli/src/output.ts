/**
 * Human output shared by every command: colour only on a TTY and never with NO_COLOR, German or English (--lang,
 * else the locale environment), findings grouped by file, severity and rule with BT and line:column.
 */
export type Lang = 'de' | 'en';

export interface Format {
  lang: Lang;
  color: boolean;
}

export interface DisplayFinding {
  code: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  bt?: string | undefined;
  ruleset?: string | undefined;
  path?: string | undefined;
  line?: number | undefined;
  column?: number | undefined;
}

/** The locale environment decides when --lang is not given: LC_ALL, then LC_MESSAGES, then LANG. */
export function langFromEnv(env: Record<string, string | undefined>): Lang {
  const loc = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return /^de([_.@-]|$)/i.test(loc) ? 'de' : 'en';
}

/** https://no-color.org: any non-empty NO_COLOR disables colour; FORCE_COLOR (non-zero) enables it off a TTY. */
export function colorEnabled(env: Record<string, string | undefined>, isTty: boolean | undefined): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  return isTty === true && env.TERM !== 'dumb';
}

const codes = { red: 31, green: 32, yellow: 33, blue: 34, dim: 2, bold: 1 } as const;
export function paint(fmt: Format, style: keyof typeof codes, s: string): string {
  return fmt.color ? `\x1b[${codes[style]}m${s}\x1b[0m` : s;
}

const words = {
  en: {
    errors: 'errors',
    warnings: 'warnings',
    information: 'information',
    at: 'at',
    line: 'line',
    note: 'note',
    files: 'files',
    valid: 'valid',
    valid_with_warnings: 'valid with warnings',
    invalid: 'invalid',
    error: 'not readable',
    total: 'total',
    findings: 'findings',
    file: 'file',
    verdict: 'verdict',
  },
  de: {
    errors: 'Fehler',
    warnings: 'Warnungen',
    information: 'Hinweise',
    at: 'bei',
    line: 'Zeile',
    note: 'Hinweis',
    files: 'Dateien',
    valid: 'gültig',
    valid_with_warnings: 'gültig mit Warnungen',
    invalid: 'ungültig',
    error: 'nicht lesbar',
    total: 'gesamt',
    findings: 'Befunde',
    file: 'Datei',
    verdict: 'Urteil',
  },
} as const;
export type Word = keyof (typeof words)['en'];
export const t = (fmt: Format, w: Word): string => words[fmt.lang][w];

export type Verdict = 'valid' | 'valid_with_warnings' | 'invalid';

export function verdictLabel(fmt: Format, v: Verdict | 'error'): string {
  const style = v === 'valid' ? 'green' : v === 'valid_with_warnings' ? 'yellow' : 'red';
  return paint(fmt, style, v === 'error' ? t(fmt, 'error').toUpperCase() : v.toUpperCase());
}

/** Findings grouped by severity, then by rule id (one header per rule, one "at line:column path" per place). */
export function renderFindings(fmt: Format, findings: readonly DisplayFinding[], indent = '  '): string {
  let out = '';
  const groups: [Word, 'red' | 'yellow' | 'blue', DisplayFinding[]][] = [
    ['errors', 'red', findings.filter((f) => f.severity === 'error')],
    ['warnings', 'yellow', findings.filter((f) => f.severity === 'warning')],
    ['information', 'blue', findings.filter((f) => f.severity === 'info')],
  ];
  for (const [title, style, list] of groups) {
    if (!list.length) continue;
    out += `${indent}${paint(fmt, style, t(fmt, title))} (${list.length})\n`;
    const byRule = new Map<string, DisplayFinding[]>();
    for (const f of list) byRule.set(f.code, [...(byRule.get(f.code) ?? []), f]);
    for (const [code, fs] of byRule) {
      const head = fs[0]!;
      out += `${indent}  ${paint(fmt, 'bold', code)}${head.bt ? ` (${head.bt})` : ''}${head.ruleset ? ` [${head.ruleset}]` : ''}: ${head.message}\n`;
      for (const f of fs) {
        const loc = f.line !== undefined ? `${t(fmt, 'line')} ${f.line}${f.column !== undefined ? `:${f.column}` : ''}` : '';
        const w = [loc, f.path ?? ''].filter(Boolean).join('  ');
        if (w) out += `${indent}    ${paint(fmt, 'dim', `${t(fmt, 'at')} ${w}`)}\n`;
      }
    }
  }
  return out;
}

/** Converts any finding-like object of the libraries (location {line, column} or line/column) for display. */
export function toDisplay(f: {
  code: string;
  severity: string;
  message: string;
  bt?: string | undefined;
  ruleset?: string | undefined;
  path?: string | undefined;
  location?: { line: number; column?: number } | undefined;
  line?: number | undefined;
  column?: number | undefined;
}): DisplayFinding {
  const severity = f.severity === 'error' || f.severity === 'warning' ? f.severity : 'info';
  const line = f.location?.line ?? f.line;
  const column = f.location?.column ?? f.column;
  return {
    code: f.code,
    severity,
    message: f.message,
    ...(f.bt ? { bt: f.bt } : {}),
    ...(f.ruleset ? { ruleset: f.ruleset } : {}),
    ...(f.path ? { path: f.path } : {}),
    ...(line !== undefined ? { line } : {}),
    ...(column !== undefined ? { column } : {}),
  };
}
