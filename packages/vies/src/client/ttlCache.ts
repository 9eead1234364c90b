/** A small LRU cache with per-entry expiry; one instance per client, never shared globally. */

export class TtlLruCache<V> {
  readonly #entries = new Map<string, { value: V; expiresAt: number }>();
  readonly #maxEntries: number;

  constructor(maxEntries: number) {
    this.#maxEntries = Math.max(0, Math.floor(maxEntries));
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string, nowMs: number): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expiresAt <= nowMs) return undefined;
    this.#entries.set(key, entry); // re-insert: Map order is the recency order
    return entry.value;
  }

  set(key: string, value: V, expiresAt: number): void {
    if (this.#maxEntries === 0) return;
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }

  clear(): void {
    this.#entries.clear();
  }
}
