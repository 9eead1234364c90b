import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from './config';

describe('README', () => {
  it('documents every configuration variable the service reads', () => {
    const readme = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md'), 'utf8');
    for (const name of Object.keys(ConfigSchema.entries)) expect(readme, name).toContain(`| \`${name}\` |`);
  });
});
