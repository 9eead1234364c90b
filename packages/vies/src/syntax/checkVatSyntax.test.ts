import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ViesError } from '../errors';
import { checkVatSyntax, parseVatId, VAT_COUNTRY_CODES } from './checkVatSyntax';

/**
 * Published real-format numbers (python-stdnum documentation examples and the VIES example),
 * one or more per VIES country, with the canonical form VIES expects.
 */
const VALID: Array<[input: string, normalized: string]> = [
  ['AT U13585627', 'ATU13585627'],
  ['BE 428759497', 'BE0428759497'],
  ['BE0428759497', 'BE0428759497'],
  ['BG175074752', 'BG175074752'],
  ['CY-10259033P', 'CY10259033P'],
  ['CZ25123891', 'CZ25123891'],
  ['CZ 710319/2745', 'CZ7103192745'],
  ['CZ640903926', 'CZ640903926'],
  ['DE136695976', 'DE136695976'],
  ['DK 13585628', 'DK13585628'],
  ['EE100594102', 'EE100594102'],
  ['EL 094259216', 'EL094259216'],
  ['ESB64717838', 'ESB64717838'],
  ['ES54362315K', 'ES54362315K'],
  ['ES X-5253868-R', 'ESX5253868R'],
  ['ESM-1234567-L', 'ESM1234567L'],
  ['FI 20774740', 'FI20774740'],
  ['FR 23 334 175 221', 'FR23334175221'],
  ['FRK7399859412', 'FRK7399859412'],
  ['FR4Z123456782', 'FR4Z123456782'],
  ['HR 33392005961', 'HR33392005961'],
  ['HU-12892312', 'HU12892312'],
  ['IE 6433435F', 'IE6433435F'],
  ['IE 6433435OA', 'IE6433435OA'],
  ['IE8D79739I', 'IE8D79739I'],
  ['IT 00743110157', 'IT00743110157'],
  ['LT119511515', 'LT119511515'],
  ['LT 100001919017', 'LT100001919017'],
  ['LT100004801610', 'LT100004801610'],
  ['LU 150 274 42', 'LU15027442'],
  ['LV 4000 3521 600', 'LV40003521600'],
  ['LV161175-19997', 'LV16117519997'],
  ['MT 1167-9112', 'MT11679112'],
  ['NL004495445B01', 'NL004495445B01'],
  ['NL002455799B11', 'NL002455799B11'],
  ['PL 856-734-62-15', 'PL8567346215'],
  ['PT 501 964 843', 'PT501964843'],
  ['RO 185 472 90', 'RO18547290'],
  ['RO1630615123457', 'RO1630615123457'],
  ['SE 123456789701', 'SE123456789701'],
  ['SI 5022 3054', 'SI50223054'],
  ['SK 202 274 96 19', 'SK2022749619'],
  ['XI 980 7806 84', 'XI980780684'],
];

/** The same kind of published numbers with a wrong check character. */
const WRONG_CHECK: string[] = [
  'ATU13585626',
  'BE0431150351',
  'BG175074751',
  'CY10259033Z',
  'CZ25123890',
  'DE136695978',
  'DK13585627',
  'EE100594103',
  'EL123456781',
  'ESB64717839',
  'FI20774741',
  'FR84323140391',
  'HR33392005962',
  'HU12892313',
  'IE6433435E',
  'IT00743110158',
  'LT100001919018',
  'LU15027443',
  'LV40003521601',
  'MT11679113',
  'NL123456789B90',
  'PL8567346216',
  'PT501964842',
  'RO18547291',
  'SE123456789101',
  'SI50223055',
  'SK2022749618',
  'XI802311781',
];

describe('checkVatSyntax: published numbers', () => {
  it('covers every VIES country', () => {
    const covered = new Set(VALID.map(([, normalized]) => normalized.slice(0, 2)));
    expect([...covered].sort()).toEqual([...VAT_COUNTRY_CODES].sort());
    expect(VAT_COUNTRY_CODES).toHaveLength(28);
  });

  it.each(VALID)('%s is valid as %s', (input, normalized) => {
    const result = checkVatSyntax(input);
    expect(result).toEqual({ valid: true, countryCode: normalized.slice(0, 2), number: normalized.slice(2), normalized });
  });

  it.each(WRONG_CHECK)('%s fails its check digit', (input) => {
    const result = checkVatSyntax(input);
    expect(result.valid).toBe(false);
    if (!result.valid) expect(result.code).toBe('VAT_CHECKSUM');
  });
});

describe('checkVatSyntax: normalisation', () => {
  it.each([
    ['de 136.695.976', 'DE136695976'],
    ['DE-136-695-976', 'DE136695976'],
    ['  DE 136 695 976\t', 'DE136695976'],
    ['DE\u00a0136\u2013695\u2013976', 'DE136695976'],
    ['ＤＥ１３６６９５９７６', 'DE136695976'], // full-width forms (NFKC)
    ['GR094259216', 'EL094259216'], // ISO code for Greece is mapped to the VIES code
    ['gr 94259216', 'EL094259216'], // old 8-digit Greek numbers gain a leading zero
    ['NL4495445B01', 'NL004495445B01'], // dropped leading zeros of the RSIN/BSN part
    ['BE (0)428.759.497', 'BE0428759497'],
    ['fr k7 399859412', 'FRK7399859412'],
  ])('%j → %s', (input, normalized) => {
    expect(checkVatSyntax(input)).toMatchObject({ valid: true, normalized });
  });
});

describe('checkVatSyntax: failure codes', () => {
  it.each([
    ['', 'VAT_EMPTY'],
    [' . - ', 'VAT_EMPTY'],
    ['136695976', 'VAT_COUNTRY_MISSING'],
    ['D136695976', 'VAT_COUNTRY_MISSING'],
    ['GB980780684', 'VAT_COUNTRY_UNSUPPORTED'],
    ['US123456789', 'VAT_COUNTRY_UNSUPPORTED'],
    ['DE', 'VAT_LENGTH'],
    ['DE13669597', 'VAT_LENGTH'],
    ['DE1366959760', 'VAT_LENGTH'],
    ['DE036695976', 'VAT_FORMAT'],
    ['DE13669597A', 'VAT_FORMAT'],
    ['AT13585627', 'VAT_FORMAT'],
    ['BE2428759497', 'VAT_FORMAT'],
    ['NL004495445X01', 'VAT_FORMAT'],
    ['FRIO334175221', 'VAT_FORMAT'],
    ['CY12345678A', 'VAT_COMPONENT'],
    ['LT119511525', 'VAT_COMPONENT'],
    ['IT00743112157', 'VAT_COMPONENT'],
    ['LV16137519997', 'VAT_COMPONENT'],
    ['CZ7113192745', 'VAT_COMPONENT'],
    ['X'.repeat(65), 'VAT_LENGTH'],
  ])('%j → %s', (input, code) => {
    const result = checkVatSyntax(input);
    expect(result.valid).toBe(false);
    if (!result.valid) expect(result.code).toBe(code);
  });

  it('locates a foreign character', () => {
    expect(checkVatSyntax('DE136#695976')).toMatchObject({ valid: false, code: 'VAT_CHARACTERS', location: { line: 1, column: 6 } });
  });

  it('reports the recognised country on national failures', () => {
    expect(checkVatSyntax('gr 123456781')).toMatchObject({ valid: false, code: 'VAT_CHECKSUM', countryCode: 'EL', normalized: 'EL123456781' });
  });

  it('parseVatId throws a typed error carrying the syntax result', () => {
    expect(parseVatId('de136695976').normalized).toBe('DE136695976');
    try {
      parseVatId('DE136695978');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ViesError);
      expect((error as ViesError).code).toBe('VAT_SYNTAX');
      expect((error as ViesError).details?.code).toBe('VAT_CHECKSUM');
    }
  });

  it('rejects non-string input as API misuse', () => {
    expect(() => checkVatSyntax(42 as unknown as string)).toThrow(ViesError);
  });
});

/** Completes `body` with the one final digit our validator accepts (null if none or several do). */
function completeWithCheckDigit(country: string, body: string): string | null {
  const accepted = [...'0123456789'].filter((d) => checkVatSyntax(country + body + d).valid);
  return accepted.length === 1 ? country + body + accepted[0] : null;
}

describe('checkVatSyntax: check-digit properties', () => {
  // Pure check-digit schemes where exactly one final digit completes any body.
  const exactlyOne: Array<[country: string, body: fc.Arbitrary<string>]> = [
    ['DE', fc.stringMatching(/^[1-9]\d{7}$/)],
    ['HR', fc.stringMatching(/^\d{10}$/)],
    ['AT', fc.stringMatching(/^U\d{7}$/)],
    ['IT', fc.stringMatching(/^[1-9]\d{6}0[1-9]\d$/)],
  ];

  it.each(exactlyOne)('%s: exactly one final digit completes any body', (country, body) => {
    fc.assert(
      fc.property(body, (b) => completeWithCheckDigit(country, b) !== null),
      { numRuns: 200 },
    );
  });

  it('SE: exactly one Luhn digit before the 01 suffix', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (b) => [...'0123456789'].filter((d) => checkVatSyntax(`SE${b}${d}01`).valid).length === 1),
      { numRuns: 200 },
    );
  });

  // Weighted-sum schemes may leave a body without any valid digit, never with two.
  it.each([
    ['DK', /^[1-9]\d{6}$/],
    ['FI', /^\d{7}$/],
    ['HU', /^\d{7}$/],
    ['PL', /^\d{9}$/],
    ['PT', /^[1-9]\d{7}$/],
    ['SI', /^[1-9]\d{6}$/],
    ['EE', /^10\d{6}$/],
    ['EL', /^\d{8}$/],
    ['MT', /^[1-9]\d{6}$/],
  ] as const)('%s: at most one final digit completes a body', (country, pattern) => {
    fc.assert(
      fc.property(fc.stringMatching(pattern), (b) => [...'0123456789'].filter((d) => checkVatSyntax(country + b + d).valid).length <= 1),
      { numRuns: 200 },
    );
  });

  it.each(['DE', 'HR', 'AT', 'IT', 'PL', 'DK'] as const)('%s: every single-digit substitution of a valid number is rejected', (country) => {
    const bodies: Record<string, fc.Arbitrary<string>> = {
      DE: fc.stringMatching(/^[1-9]\d{7}$/),
      HR: fc.stringMatching(/^\d{10}$/),
      AT: fc.stringMatching(/^U\d{7}$/),
      IT: fc.stringMatching(/^[1-9]\d{6}0[1-9]\d$/),
      PL: fc.stringMatching(/^\d{9}$/),
      DK: fc.stringMatching(/^[1-9]\d{6}$/),
    };
    fc.assert(
      fc.property(bodies[country]!, fc.nat(), fc.integer({ min: 1, max: 9 }), (body, position, delta) => {
        const full = [...'0123456789'].map((d) => country + body + d).find((id) => checkVatSyntax(id).valid);
        if (!full) return true; // no valid completion for this body (weighted schemes)
        const digits = [...full.slice(2)];
        const digitPositions = digits.flatMap((c, i) => (/\d/.test(c) ? [i] : []));
        const at = digitPositions[position % digitPositions.length]!;
        digits[at] = String((Number(digits[at]) + delta) % 10);
        return !checkVatSyntax(country + digits.join('')).valid;
      }),
      { numRuns: 300 },
    );
  });
});
