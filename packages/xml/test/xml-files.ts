/** The .xml files under a directory, recursively, in sorted order (corpus tests). */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export function xmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...xmlFiles(p));
    else if (name.endsWith('.xml')) out.push(p);
  }
  return out;
}
