/** A bounded finding list: at most `perCode` findings of one code, the rest counted into one closing info finding. */
import type { CamtFinding, Verdict } from '../model/types';

export class FindingList {
  readonly items: CamtFinding[] = [];
  private readonly counts = new Map<string, number>();

  constructor(private readonly perCode = 50) {}

  add(f: CamtFinding): void {
    const n = (this.counts.get(f.code) ?? 0) + 1;
    this.counts.set(f.code, n);
    if (n <= this.perCode) this.items.push(f);
  }

  /** The findings, plus one info per code that was cut off. */
  finish(): CamtFinding[] {
    const out = [...this.items];
    for (const [code, n] of this.counts) {
      if (n > this.perCode) {
        out.push({ code: 'CAMT_FINDINGS_TRUNCATED', severity: 'info', message: `${n - this.perCode} weitere Befunde mit Code ${code} wurden nicht einzeln aufgeführt (insgesamt ${n}).` });
      }
    }
    return out;
  }
}

export function verdictOf(findings: readonly { severity: string }[]): Verdict {
  if (findings.some((f) => f.severity === 'error')) return 'invalid';
  if (findings.some((f) => f.severity === 'warning')) return 'valid_with_warnings';
  return 'valid';
}

export function worstVerdict(vs: readonly Verdict[]): Verdict {
  if (vs.includes('invalid')) return 'invalid';
  if (vs.includes('valid_with_warnings')) return 'valid_with_warnings';
  return 'valid';
}
