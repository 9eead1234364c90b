/**
 * structureAddresses (spec §2.12): splits free-text addresses into townName, postCode, streetName and
 * buildingNumber. The deterministic parser goes first; what it cannot place goes to the optional model
 * provider in one batched call. Every value the model returns must occur in the input lines (and a postcode
 * must fit the country's pattern), otherwise the item is answered {id, confident:false}. Nothing is invented,
 * nothing is stored.
 */
import * as v from 'valibot';
import { AiError, parseJsonContent, type ModelProvider } from '@kontor/ai';
import type { Lang } from '@kontor/xml';
import { Pain001Error, type PaymentIssue } from '../errors';
import { sayer, type Say } from '../messages';
import { parseAddress, postcodePattern, type AddressParts } from './parse';

export const ADDRESS_LIMITS = { items: 50, lines: 4, lineLength: 140, idLength: 100 } as const;

const itemSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(ADDRESS_LIMITS.idLength)),
  countryCode: v.pipe(
    v.string(),
    v.transform((s: string) => s.trim().toUpperCase()),
    v.regex(/^[A-Z]{2}$/),
  ),
  addressLines: v.pipe(v.array(v.pipe(v.string(), v.maxLength(ADDRESS_LIMITS.lineLength))), v.minLength(1), v.maxLength(ADDRESS_LIMITS.lines)),
});
export const addressRequestSchema = v.object({ items: v.pipe(v.array(itemSchema), v.maxLength(ADDRESS_LIMITS.items)) });

export type AddressItem = v.InferOutput<typeof itemSchema>;

/** Answer item: all four parts plus confident:true, or only {id, confident:false}. */
export type StructuredAddress = ({ id: string; confident: true } & AddressParts) | { id: string; confident: false };

export interface StructureOptions {
  /** Model for the items the deterministic parser cannot place; without it they stay confident:false. */
  provider?: ModelProvider;
  signal?: AbortSignal;
  /** Language of refusal messages (default de). */
  lang?: Lang | undefined;
}

export interface StructureResult {
  items: StructuredAddress[];
  /** How each answer came about (not part of the HTTP body). */
  stats: { rules: number; model: number; unsure: number };
}

const FIELD_MAX: Record<keyof AddressParts, number> = { townName: 35, postCode: 16, streetName: 70, buildingNumber: 16 };

function fitsLimits(p: AddressParts): boolean {
  return (Object.keys(FIELD_MAX) as (keyof AddressParts)[]).every((k) => p[k] === undefined || (p[k]!.length > 0 && p[k]!.length <= FIELD_MAX[k]));
}

const norm = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/** The anti-invention check: every value must be a piece of the input text. */
export function partsOccurIn(parts: AddressParts, lines: readonly string[]): boolean {
  const hay = norm(lines.join(' \n '));
  return Object.values(parts).every((val) => typeof val === 'string' && val.trim() !== '' && hay.includes(norm(val)));
}

const SYSTEM_PROMPT = [
  'You split postal addresses into parts for payment files.',
  'For each input item return townName, postCode, streetName and buildingNumber, copied exactly from the input lines.',
  'Never invent, translate, correct or complete anything. Leave a part out when it is not in the input.',
  'Set confident to false when you are not sure which text is which part, or when the input is not an address.',
  'Answer only with JSON: {"items":[{"id":"...","confident":true,"townName":"...","postCode":"...","streetName":"...","buildingNumber":"..."}]}.',
].join(' ');

const RESPONSE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'confident'],
        properties: {
          id: { type: 'string' },
          confident: { type: 'boolean' },
          townName: { type: 'string' },
          postCode: { type: 'string' },
          streetName: { type: 'string' },
          buildingNumber: { type: 'string' },
        },
      },
    },
  },
} as const;

function acceptModelItem(raw: unknown, item: AddressItem): StructuredAddress {
  const unsure: StructuredAddress = { id: item.id, confident: false };
  if (!raw || typeof raw !== 'object') return unsure;
  const r = raw as Record<string, unknown>;
  if (r.confident !== true) return unsure;
  const parts: AddressParts = {};
  for (const k of ['townName', 'postCode', 'streetName', 'buildingNumber'] as const) {
    const val = r[k];
    if (val === undefined || val === null || val === '') continue;
    if (typeof val !== 'string') return unsure;
    parts[k] = val.replace(/\s+/g, ' ').trim();
  }
  if (!parts.townName) return unsure;
  if (!partsOccurIn(parts, item.addressLines) || !fitsLimits(parts)) return unsure;
  const pc = postcodePattern(item.countryCode);
  if (parts.postCode && pc && !pc.test(parts.postCode)) return unsure;
  return { id: item.id, confident: true, ...parts };
}

async function askModel(provider: ModelProvider, items: AddressItem[], say: Say, signal?: AbortSignal): Promise<Map<string, unknown>> {
  let content: string;
  try {
    const r = await provider.complete({
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: JSON.stringify({ items: items.map((i) => ({ id: i.id, countryCode: i.countryCode, addressLines: i.addressLines })) }) },
      ],
      responseFormat: { type: 'json_schema', json_schema: { name: 'structured_addresses', schema: RESPONSE_SCHEMA as unknown as Record<string, unknown>, strict: true } },
      temperature: 0,
      ...(signal ? { signal } : {}),
    });
    content = r.content;
  } catch (e) {
    if (e instanceof AiError) throw new Pain001Error('MODEL_UNAVAILABLE', say('E_MODEL', { detail: e.message }), { details: [{ code: e.code, severity: 'error', message: e.message }] });
    throw e;
  }
  const out = new Map<string, unknown>();
  let json: unknown;
  try {
    json = parseJsonContent(content);
  } catch {
    return out; // an unreadable answer leaves every item unsure, it is not an outage
  }
  const list = (json as { items?: unknown })?.items;
  if (Array.isArray(list))
    for (const e of list) if (e && typeof e === 'object' && typeof (e as { id?: unknown }).id === 'string' && !out.has((e as { id: string }).id)) out.set((e as { id: string }).id, e);
  return out;
}

/** Validates the request shape (≤ 50 items, 1-4 lines); throws ADDRESS_INPUT_INVALID (HTTP 400). */
export function parseAddressRequest(input: unknown, lang: Lang = 'de'): AddressItem[] {
  const say = sayer(lang);
  const r = v.safeParse(addressRequestSchema, input);
  if (!r.success) {
    const details: PaymentIssue[] = r.issues.map((i) => {
      const path = i.path?.map((p) => String(p.key)).join('.') ?? '';
      const what =
        path === 'items' && i.type === 'max_length'
          ? say('ADDR_ITEMS', { max: ADDRESS_LIMITS.items })
          : /addressLines$/.test(path)
            ? say('ADDR_LINES', { max: ADDRESS_LIMITS.lines, length: ADDRESS_LIMITS.lineLength })
            : /countryCode$/.test(path)
              ? say('ADDR_COUNTRY')
              : /id$/.test(path)
                ? say('ADDR_ID', { max: ADDRESS_LIMITS.idLength })
                : say('ADDR_SHAPE');
      return { code: 'ADDRESS_INPUT_INVALID', severity: 'error' as const, message: say('ADDR_EXPECTED', { path: path || say('ADDR_REQUEST'), what }), ...(path ? { path } : {}) };
    });
    throw new Pain001Error('ADDRESS_INPUT_INVALID', say('E_ADDR_SCHEMA'), { details: details });
  }
  return r.output.items;
}

/**
 * @example
 * ```ts
 * const r = await structureAddresses({ items: [{ id: 'k-17', countryCode: 'DE', addressLines: ['Hauptstr. 5', '10115 Berlin'] }] });
 * console.log(r.items[0]); // { id: 'k-17', confident: true, streetName: 'Hauptstr.', buildingNumber: '5', postCode: '10115', townName: 'Berlin' }
 * ```
 */
export async function structureAddresses(input: unknown, opts: StructureOptions = {}): Promise<StructureResult> {
  const items = parseAddressRequest(input, opts.lang);
  const answers = new Map<number, StructuredAddress>();
  const pending: number[] = [];
  let rules = 0;
  items.forEach((item, i) => {
    const r = parseAddress(item.countryCode, item.addressLines);
    if (r.confident && r.parts.townName && fitsLimits(r.parts) && partsOccurIn(r.parts, item.addressLines)) {
      answers.set(i, { id: item.id, confident: true, ...r.parts });
      rules++;
    } else pending.push(i);
  });
  let model = 0;
  if (pending.length && opts.provider) {
    const got = await askModel(
      opts.provider,
      pending.map((i) => items[i]!),
      sayer(opts.lang),
      opts.signal,
    );
    for (const i of pending) {
      const item = items[i]!;
      const a = acceptModelItem(got.get(item.id), item);
      if (a.confident) model++;
      answers.set(i, a);
    }
  }
  const out = items.map((item, i) => answers.get(i) ?? { id: item.id, confident: false as const });
  return { items: out, stats: { rules, model, unsure: out.filter((a) => !a.confident).length } };
}
