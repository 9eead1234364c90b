/** A bounded finding list: at most `perCode` findings of one code, the rest counted into one closing info finding. */
import type { Lang, Verdict } from '@kontor/xml';
import type { CamtFinding } from '../model/types';
import { sayer } from '../messages';

export class FindingList {
  readonly items: CamtFinding[] = [];
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly lang: Lang = 'de',
    private readonly perCode = 50,
  ) {}

  add(f: CamtFinding): void {
    const n = (this.counts.get(f.code) ?? 0) + 1;
    this.counts.set(f.code, n);
    if (n <= this.perCode) this.items.push(f);
  }

  /** The findings, plus one info per code that was cut off. */
  finish(): CamtFinding[] {
    const out = [...this.items];
    const say = sayer(this.lang);
    for (const [code, n] of this.counts) {
      if (n > this.perCode) {
        out.push({ code: 'CAMT_FINDINGS_TRUNCATED', severity: 'info', message: say('FINDINGS_TRUNCATED', { count: n - this.perCode, code, total: n }) });
      }
    }
    return out;
  }
}

/** The worst of several verdicts (files of a delivery, rules and schema). */
export function worstVerdict(vs: readonly Verdict[]): Verdict {
  if (vs.includes('invalid')) return 'invalid';
  if (vs.includes('valid_with_warnings')) return 'valid_with_warnings';
  return 'valid';
}
