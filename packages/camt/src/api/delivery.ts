/** Input handling shared by parse and validate: argument checks, the byte limit, and single file vs ZIP delivery. */
import type { Lang } from '@kontor/xml';
import { CamtError } from '../errors';
import { sayer, type Say } from '../messages';
import type { SkippedMember } from '../model/types';
import type { CamtLimits } from '../read/reader';
import { byteSize, isZip } from '../read/source';
import { defaultZipLimits, inflateMember, listZip, ZipBudget, type ZipLimits } from '../zip/zip';

export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

export interface DeliveryOptions {
  /** Name of the uploaded file; appears as the file name of a single XML. */
  filename?: string;
  /** Byte limit of the upload (default 10 MB = 10,485,760 bytes, spec §8). */
  maxBytes?: number;
  /** Read camt versions other than .02/.08 (camt.086 .01-.05) best-effort instead of rejecting them. */
  bestEffort?: boolean;
  /** Inflation bounds for ZIP deliveries. */
  zipLimits?: Partial<ZipLimits>;
  /** Structural limits per camt file (statements, entries, transactions); defaults: defaultCamtLimits. */
  limits?: Partial<CamtLimits>;
  /** Language of findings, notes and skip reasons (default de, spec §4.13/4.14). */
  lang?: Lang | undefined;
}

export interface DeliveryMember {
  name: string;
  data: Uint8Array | string;
  /** Byte bound for the XML reader of this member. */
  maxXmlBytes: number;
}

export interface Delivery {
  isZip: boolean;
  members: Iterable<DeliveryMember>;
  /** Members skipped before reading (unsafe names, damage, other formats); filled while iterating. */
  skipped: SkippedMember[];
  /** Names of damaged members (CRC, deflate errors), for a delivery finding. */
  corrupt: string[];
}

export function checkInput(input: unknown, opts: DeliveryOptions): Uint8Array | string {
  if (!(input instanceof Uint8Array) && typeof input !== 'string') throw new CamtError('INVALID_ARGUMENT', 'input must be a Uint8Array or a string');
  if (opts.maxBytes !== undefined && (!Number.isFinite(opts.maxBytes) || opts.maxBytes <= 0)) throw new CamtError('INVALID_ARGUMENT', 'maxBytes must be a positive number');
  const max = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const size = byteSize(input);
  if (size > max) throw new CamtError('INPUT_TOO_LARGE', `Upload of ${size} bytes exceeds the limit of ${max} bytes`, { details: { size, limit: max } });
  if (size === 0 || (typeof input === 'string' && input.trim() === '')) throw new CamtError('EMPTY_INPUT', 'The upload is empty');
  return input;
}

const NESTED = /\.(zip|jar|gz|tgz|7z|rar|tar|bz2|xz)$/i;

export function openDelivery(input: Uint8Array | string, opts: DeliveryOptions): Delivery {
  if (!isZip(input)) {
    return { isZip: false, members: [{ name: opts.filename ?? 'statement.xml', data: input, maxXmlBytes: opts.maxBytes ?? DEFAULT_MAX_BYTES }], skipped: [], corrupt: [] };
  }
  const zip = input as Uint8Array;
  const limits: ZipLimits = { ...defaultZipLimits, ...opts.zipLimits };
  const say = sayer(opts.lang);
  const entries = listZip(zip, limits, say);
  const skipped: SkippedMember[] = [];
  const corrupt: string[] = [];
  function* members(): Generator<DeliveryMember> {
    const budget = new ZipBudget(limits);
    for (const e of entries) {
      if (e.isDirectory && !e.refused) continue;
      if (!e.refused && NESTED.test(e.name)) {
        skipped.push({ name: e.name, code: 'ZIP_NESTED_ARCHIVE', reason: say('SKIP_NESTED_ARCHIVE') });
        continue;
      }
      const r = inflateMember(zip, e, budget, say);
      if ('skipped' in r) {
        skipped.push({ name: e.name, ...r.skipped });
        if (r.corrupt) corrupt.push(e.name);
        continue;
      }
      if (isZip(r.data)) {
        skipped.push({ name: e.name, code: 'ZIP_NESTED_ARCHIVE', reason: say('SKIP_NESTED_ARCHIVE') });
        continue;
      }
      if (r.data.length === 0) {
        skipped.push({ name: e.name, code: 'EMPTY_INPUT', reason: say('SKIP_EMPTY') });
        continue;
      }
      yield { name: e.name, data: r.data, maxXmlBytes: limits.maxMemberBytes };
    }
  }
  return { isZip: true, members: members(), skipped, corrupt };
}

/** Errors of a single member that turn into a `skipped` entry inside a ZIP (and are thrown for a single file). */
export const memberSkipCodes = new Set(['NOT_XML', 'XML_FORBIDDEN', 'ENCODING_UNSUPPORTED', 'UNSUPPORTED_FORMAT', 'UNSUPPORTED_VERSION', 'EMPTY_INPUT', 'INPUT_TOO_LARGE']);

export function skipReason(e: CamtError, say: Say = sayer('de')): string {
  switch (e.code) {
    case 'NOT_XML':
      return say('SKIP_NOT_XML');
    case 'XML_FORBIDDEN':
      return say('SKIP_XML_FORBIDDEN');
    case 'ENCODING_UNSUPPORTED':
      return say('SKIP_ENCODING');
    case 'UNSUPPORTED_FORMAT': {
      const ns = e.details?.namespace;
      return typeof ns === 'string' && ns ? say('SKIP_NOT_CAMT_NS', { namespace: ns }) : say('SKIP_NOT_CAMT');
    }
    case 'UNSUPPORTED_VERSION':
      return say('SKIP_VERSION', { message: String(e.details?.message ?? 'camt'), version: String(e.details?.version ?? '?') });
    case 'EMPTY_INPUT':
      return say('SKIP_EMPTY');
    case 'INPUT_TOO_LARGE':
      return say('SKIP_TOO_LARGE');
    default:
      return e.message;
  }
}
