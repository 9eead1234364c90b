import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { schemaDirFrom } from './schema-dir';

describe('schemaDirFrom', () => {
  const cwd = path.resolve('/srv/kontor/work');
  it('is what the configuration loader makes of KONTOR_SCHEMA_DIR, for unset, empty, relative and absolute values', () => {
    for (const value of [undefined, '', 'schemas', './data/other', '../up/schemas', '/abs/schemas', 'a b/ü']) {
      const env = value === undefined ? {} : { KONTOR_SCHEMA_DIR: value };
      expect(schemaDirFrom(env, cwd), String(value)).toBe(loadConfig(env, cwd).schemaDir);
    }
    expect(schemaDirFrom({}, cwd)).toBe(path.join(cwd, 'data/schemas'));
    expect(schemaDirFrom({ KONTOR_SCHEMA_DIR: 'x' }, cwd)).toBe(path.join(cwd, 'x'));
  });

  it('does not refuse settings the validation commands do not use (the configuration loader does)', () => {
    const env = { KONTOR_SCHEMA_DIR: 's', PORT: 'eighty' };
    expect(() => loadConfig(env, cwd)).toThrow(/PORT/);
    expect(schemaDirFrom(env, cwd)).toBe(path.join(cwd, 's'));
  });
});
