/**
 * Checks across the files of one delivery (ZIP): sequence gaps and duplicates per account and message, the
 * balance chain from one statement to the next, overlapping periods, and mixed accounts, periods or messages.
 */
import { Big } from '@kontor/xml';
import type { CamtFinding, StatementFacts } from '../model/types';
import { fmtAmount } from '../internal/format';
import { sayer, type CamtMessageKey } from '../messages';
import type { Lang } from '@kontor/xml';

function seqOf(f: StatementFacts): Big | undefined {
  const raw = f.electronicSequenceNumber ?? f.legalSequenceNumber;
  return raw && /^\d+$/.test(raw) ? new Big(raw) : undefined;
}

function where(f: StatementFacts): string {
  return `${f.file} (${f.path})`;
}

export function checkDelivery(facts: readonly StatementFacts[], lang: Lang = 'de'): CamtFinding[] {
  const out: CamtFinding[] = [];
  const say = sayer(lang);
  const add = (code: string, severity: CamtFinding['severity'], key: CamtMessageKey, params: Record<string, string | number>, path?: string) =>
    out.push({ code, severity, message: say(key, params), ...(path ? { path } : {}) });
  const files = new Set(facts.map((f) => f.file));
  if (files.size < 2 && facts.length < 2) return out;

  const byKey = new Map<string, StatementFacts[]>();
  for (const f of facts) {
    const key = `${f.message}|${f.account ?? '?'}`;
    const list = byKey.get(key) ?? [];
    list.push(f);
    byKey.set(key, list);
  }
  for (const [key, list] of byKey) {
    const [message, account] = key.split('|') as [string, string];
    // Same statement twice (by id) in different files.
    const ids = new Map<string, StatementFacts>();
    for (const f of list) {
      if (!f.id) continue;
      const prev = ids.get(f.id);
      if (prev && prev.file !== f.file)
        add('CAMT_DELIVERY_DUPLICATE_STATEMENT', 'warning', 'DELIVERY_DUPLICATE_STATEMENT', { message, id: f.id, account, first: where(prev), second: where(f) }, `${f.file}:${f.path}`);
      else if (!prev) ids.set(f.id, f);
    }
    const numbered = list.map((f) => ({ f, seq: seqOf(f) })).filter((x): x is { f: StatementFacts; seq: Big } => !!x.seq);
    numbered.sort((a, b) => a.seq.cmp(b.seq) || a.f.file.localeCompare(b.f.file));
    for (let i = 1; i < numbered.length; i++) {
      const a = numbered[i - 1]!;
      const b = numbered[i]!;
      const diff = b.seq.minus(a.seq);
      if (diff.eq(0)) {
        if (a.f.file !== b.f.file)
          add(
            'CAMT_DELIVERY_SEQUENCE_DUPLICATE',
            'warning',
            'DELIVERY_SEQUENCE_DUPLICATE',
            { number: b.seq.toFixed(), message, account, first: where(a.f), second: where(b.f) },
            `${b.f.file}:${b.f.path}`,
          );
        continue;
      }
      if (diff.gt(1)) {
        const missing = diff.minus(1).toFixed();
        const range = diff.eq(2) ? a.seq.plus(1).toFixed() : say('RANGE', { from: a.seq.plus(1).toFixed(), to: b.seq.minus(1).toFixed() });
        add('CAMT_DELIVERY_SEQUENCE_GAP', 'warning', 'DELIVERY_SEQUENCE_GAP', { message, account, previous: a.seq.toFixed(), number: b.seq.toFixed(), missing, range }, `${b.f.file}:${b.f.path}`);
      } else if (message !== 'camt.052' && a.f.closing && b.f.opening && !new Big(a.f.closing.amount).eq(new Big(b.f.opening.amount))) {
        add(
          'CAMT_DELIVERY_BALANCE_CHAIN',
          'warning',
          'DELIVERY_BALANCE_CHAIN',
          { account, previous: a.seq.toFixed(), closing: fmtAmount(a.f.closing.amount, a.f.currency), number: b.seq.toFixed(), opening: fmtAmount(b.f.opening.amount, b.f.currency) },
          `${b.f.file}:${b.f.path}`,
        );
      }
    }
    // Overlapping periods of different statements of one account and message.
    const dated = list.filter((f) => f.from && f.to).sort((a, b) => a.from!.localeCompare(b.from!));
    for (let i = 1; i < dated.length; i++) {
      const a = dated[i - 1]!;
      const b = dated[i]!;
      if (a.id && a.id === b.id) continue;
      if (b.from! < a.to! && message !== 'camt.052' && message !== 'camt.054') {
        add(
          'CAMT_DELIVERY_OVERLAPPING_PERIODS',
          'warning',
          'DELIVERY_OVERLAPPING_PERIODS',
          { account, from1: a.from!, to1: a.to!, first: where(a), from2: b.from!, to2: b.to!, second: where(b) },
          `${b.file}:${b.path}`,
        );
      }
    }
  }
  const accounts = [...new Set(facts.map((f) => f.account).filter((a): a is string => !!a))];
  if (accounts.length > 1)
    add('CAMT_DELIVERY_MIXED_ACCOUNTS', 'info', 'DELIVERY_MIXED_ACCOUNTS', { count: accounts.length, accounts: `${accounts.slice(0, 10).join(', ')}${accounts.length > 10 ? ', …' : ''}` });
  const messages = [...new Set(facts.map((f) => f.message))].sort();
  if (messages.length > 1) add('CAMT_DELIVERY_MIXED_MESSAGES', 'info', 'DELIVERY_MIXED_MESSAGES', { messages: messages.join(', ') });
  const periodEnds = [...new Set(facts.map((f) => f.to).filter((d): d is string => !!d))].sort();
  if (periodEnds.length > 1) add('CAMT_DELIVERY_MIXED_PERIODS', 'info', 'DELIVERY_MIXED_PERIODS', { count: periodEnds.length, first: periodEnds[0]!, last: periodEnds[periodEnds.length - 1]! });
  return out;
}
