/** The catalogue templates as regular expressions (a placeholder matches any text), for the de/en message tests. */
import { messages, type Pdfa3MessageKey } from '../src/messages';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pattern = (template: string) =>
  new RegExp(
    `^${template
      .split(/\{[A-Za-z_][A-Za-z0-9_]*\}/)
      .map(escapeRegExp)
      .join('[\\s\\S]*')}$`,
  );
const KEYS = Object.keys(messages) as Pdfa3MessageKey[];
const EN = KEYS.map((k) => [k, pattern(messages[k].en)] as const);
const DE = new Map(KEYS.map((k) => [k, pattern(messages[k].de)] as const));

/** The catalogue keys whose English template the text matches. */
export const keysOfEnglish = (text: string): Pdfa3MessageKey[] => EN.filter(([, re]) => re.test(text)).map(([k]) => k);
/** true when the German text matches the German template of one of `keys`. */
export const isGermanOf = (text: string, keys: Pdfa3MessageKey[]): boolean => keys.some((k) => DE.get(k)!.test(text));
