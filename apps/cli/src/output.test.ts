import { describe, expect, it } from 'vitest';
import { colorEnabled, langFromEnv, renderFindings } from './output';

describe('human output rules', () => {
  it('language from LC_ALL, LC_MESSAGES, LANG (German only for de locales)', () => {
    expect(langFromEnv({ LANG: 'de_DE.UTF-8' })).toBe('de');
    expect(langFromEnv({ LC_ALL: 'en_US.UTF-8', LANG: 'de_DE.UTF-8' })).toBe('en');
    expect(langFromEnv({ LC_MESSAGES: 'de_AT' })).toBe('de');
    expect(langFromEnv({ LANG: 'dexx' })).toBe('en');
    expect(langFromEnv({})).toBe('en');
  });

  it('colour on a TTY only, never with NO_COLOR or TERM=dumb, FORCE_COLOR off a TTY', () => {
    expect(colorEnabled({}, true)).toBe(true);
    expect(colorEnabled({}, false)).toBe(false);
    expect(colorEnabled({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colorEnabled({ TERM: 'dumb' }, true)).toBe(false);
    expect(colorEnabled({ FORCE_COLOR: '1' }, false)).toBe(true);
    expect(colorEnabled({ FORCE_COLOR: '1', NO_COLOR: '1' }, false)).toBe(false);
  });

  it('groups findings by severity and rule, each place with line:column and path', () => {
    const out = renderFindings({ lang: 'en', color: false }, [
      { code: 'BR-CO-10', severity: 'error', message: 'Sum of line net amounts', bt: 'BT-106', ruleset: 'en16931', line: 3, column: 7, path: '/a' },
      { code: 'BR-CO-10', severity: 'error', message: 'Sum of line net amounts', bt: 'BT-106', line: 9, column: 1 },
      { code: 'W-1', severity: 'warning', message: 'careful' },
    ]);
    expect(out).toBe('  errors (2)\n    BR-CO-10 (BT-106) [en16931]: Sum of line net amounts\n      at line 3:7  /a\n      at line 9:1\n  warnings (1)\n    W-1: careful\n');
    expect(renderFindings({ lang: 'de', color: false }, [{ code: 'X', severity: 'info', message: 'm', line: 1 }])).toBe('  Hinweise (1)\n    X: m\n      bei Zeile 1\n');
  });
});
