/**
 * Message catalogues: every user-facing text of a package in German and English, in one module per package, as data
 * (templates with `{name}` placeholders), so a test can prove that both languages exist for every key and use the same
 * placeholders. Libraries take `lang` as an option; the API picks it from Accept-Language.
 */

export type Lang = 'de' | 'en';
export const LANGS: readonly Lang[] = ['de', 'en'];

export interface MessageTexts {
  de: string;
  en: string;
}

export type MessageCatalogue<K extends string = string> = { readonly [P in K]: MessageTexts };

export type MessageParams = Readonly<Record<string, string | number | bigint | boolean | null | undefined>>;

/**
 * Declares a catalogue (identity at run time; keeps the keys as a literal union for `message()`).
 *
 * @example
 * ```ts
 * const messages = defineMessages({
 *   IBAN_CHECKSUM: { de: 'Die Prüfziffer der IBAN {iban} stimmt nicht.', en: 'The check digits of IBAN {iban} are wrong.' },
 * });
 * message(messages, 'IBAN_CHECKSUM', 'en', { iban: 'DE00…' });
 * ```
 */
export function defineMessages<const K extends string>(catalogue: { readonly [P in K]: MessageTexts }): MessageCatalogue<K> {
  return catalogue;
}

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * The text of `key` in `lang` with `{name}` placeholders filled (an unknown placeholder stays visible as `{name}`).
 * @example
 * ```ts
 * const messages = defineMessages({ TOO_LONG: { de: 'Höchstens {max} Zeichen', en: 'At most {max} characters' } });
 * message(messages, 'TOO_LONG', 'de', { max: 140 }); // 'Höchstens 140 Zeichen'
 * ```
 */
export function message<K extends string>(catalogue: MessageCatalogue<K>, key: K, lang: Lang, params: MessageParams = {}): string {
  const texts = catalogue[key];
  return texts[lang].replace(PLACEHOLDER, (all, name: string) => {
    const v = params[name];
    if (v === undefined || v === null) return all;
    return typeof v === 'string' && v.startsWith('@') ? (labelText(catalogue, v, lang) ?? v) : String(v);
  });
}

/**
 * A parameter value `@KEY` names a label in the same catalogue (its text in the same language); `@A+B` joins the labels
 * of A and B with ': ' ("Adresse des Empfängers: Ort"). Undefined when a part is not a key (the value stays as given).
 */
function labelText<K extends string>(catalogue: MessageCatalogue<K>, value: string, lang: Lang): string | undefined {
  const parts = value.slice(1).split('+');
  if (!parts.every((p) => Object.hasOwn(catalogue, p))) return undefined;
  return parts.map((p) => message(catalogue, p as K, lang)).join(': ');
}

/**
 * The placeholder names a template uses, sorted (catalogue tests compare them between languages).
 * @example
 * ```ts
 * placeholdersOf('IBAN {iban} has {n} characters'); // [ 'iban', 'n' ]
 * ```
 */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))].sort();
}

/**
 * Problems of a catalogue: keys whose languages use different placeholders or an empty text. Empty = sound.
 *
 * @example
 * ```ts
 * expect(catalogueProblems(messages)).toEqual([]);
 * ```
 */
export function catalogueProblems(catalogue: MessageCatalogue): string[] {
  const problems: string[] = [];
  for (const [key, texts] of Object.entries(catalogue) as [string, MessageTexts][]) {
    for (const l of LANGS) if (typeof texts[l] !== 'string' || texts[l].trim() === '') problems.push(`${key}: no ${l} text`);
    const de = placeholdersOf(texts.de ?? '').join(',');
    const en = placeholdersOf(texts.en ?? '').join(',');
    if (de !== en) problems.push(`${key}: placeholders differ (de: ${de || '-'}; en: ${en || '-'})`);
  }
  return problems;
}

/**
 * The language for an HTTP Accept-Language header: the first of de/en by quality, else `fallback`.
 *
 * @example
 * ```ts
 * langFromAcceptLanguage('en-GB,en;q=0.9,de;q=0.8', 'de'); // 'en'
 * ```
 */
export function langFromAcceptLanguage(header: string | null | undefined, fallback: Lang): Lang {
  if (!header) return fallback;
  let best: Lang | undefined;
  let bestQ = 0;
  for (const part of header.split(',').slice(0, 32)) {
    const [tag, ...params] = part.trim().split(';');
    const primary = tag?.trim().toLowerCase().split('-')[0];
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) q = Number(m[1]);
    }
    if (!Number.isFinite(q) || q <= 0) continue;
    const lang = primary === 'de' || primary === 'en' ? primary : primary === '*' ? fallback : undefined;
    if (lang && q > bestQ) {
      best = lang;
      bestQ = q;
    }
  }
  return best ?? fallback;
}
