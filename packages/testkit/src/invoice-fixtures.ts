/** The invoice JSON fixtures of @kontor/cii (and @kontor/zugferd's extra ones), EN 16931 only (the PDF path refuses xrechnung). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './corpus';

export interface Fixture {
  name: string;
  json: Record<string, any>;
}

export function loadFixtures(): Fixture[] {
  const dirs = [path.resolve(repoRoot, 'packages/cii/test/fixtures'), path.resolve(repoRoot, 'packages/zugferd/test/fixtures')];
  const out: Fixture[] = [];
  for (const d of dirs) {
    if (!existsSync(d)) continue;
    for (const f of readdirSync(d)
      .filter((x) => x.endsWith('.json'))
      .sort()) {
      const json = JSON.parse(readFileSync(path.join(d, f), 'utf8')) as Record<string, any>;
      if (json.profile === 'xrechnung') continue;
      out.push({ name: f.replace(/\.json$/, ''), json });
    }
  }
  return out;
}
