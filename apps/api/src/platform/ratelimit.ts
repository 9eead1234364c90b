/**
 * Fixed-window rate limits per credential and endpoint group (spec §8). Counters live in this process:
 * limits are per instance, not shared across replicas (documented in the README).
 */
export interface RateDecision {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  constructor(private readonly clock: () => Date, private readonly windowMs = 60_000) {}

  hit(key: string, limit: number): RateDecision {
    const now = this.clock().getTime();
    const start = now - (now % this.windowMs);
    let w = this.windows.get(key);
    if (!w || w.start !== start) {
      w = { start, count: 0 };
      this.windows.set(key, w);
      if (this.windows.size > 50_000) this.sweep(start);
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((start + this.windowMs - now) / 1000));
    if (w.count >= limit) return { allowed: false, remaining: 0, retryAfterSeconds };
    w.count++;
    return { allowed: true, remaining: limit - w.count, retryAfterSeconds };
  }

  private sweep(currentStart: number): void {
    for (const [k, w] of this.windows) if (w.start !== currentStart) this.windows.delete(k);
  }
}

/** Requests per minute per credential, by endpoint group. Groups the spec leaves open get 60. */
export const rateLimits = {
  me: 60,
  verify: 30,
  create: 20,
  extraction: 10,
  vat: 30,
  peppol: 30,
  paymentsValidate: 30,
  statements: 30,
  paymentsGenerate: 60,
  bankLookup: 120,
  structureAddresses: 30,
} as const;
export type RateGroup = keyof typeof rateLimits;
