/** Message and version detection from the root namespace (urn:iso:std:iso:20022:tech:xsd:camt.053.001.08). */
import type { CamtMessage } from '../model/types';

export interface CamtKind {
  message: CamtMessage;
  /** Two-digit message version, e.g. "08". */
  version: string;
  /** e.g. camt.053.001.08 */
  schemaVersion: string;
  namespace: string;
  /** Targeted by Kontor: camt.052/053/054 .02 and .08, camt.086 .01 to .05. */
  supported: boolean;
  /** Local name of the message element below Document. */
  messageElement: string;
}

const NS_PREFIX = 'urn:iso:std:iso:20022:tech:xsd:';

export const messageElements: Record<CamtMessage, string> = {
  'camt.052': 'BkToCstmrAcctRpt',
  'camt.053': 'BkToCstmrStmt',
  'camt.054': 'BkToCstmrDbtCdtNtfctn',
  'camt.086': 'BkSvcsBllgStmt',
};

/** The statement-level container element per message. */
export const statementElements: Record<Exclude<CamtMessage, 'camt.086'>, string> = {
  'camt.052': 'Rpt',
  'camt.053': 'Stmt',
  'camt.054': 'Ntfctn',
};

export function isSupportedVersion(message: CamtMessage, version: string): boolean {
  if (message === 'camt.086') return ['01', '02', '03', '04', '05'].includes(version);
  return version === '02' || version === '08';
}

/**
 * Classifies a root namespace; undefined when it is not an ISO 20022 camt.052/053/054/086 namespace.
 * @example
 * ```ts
 * detectCamtNamespace('urn:iso:std:iso:20022:tech:xsd:camt.053.001.08');
 * // { message: 'camt.053', version: '08', schemaVersion: 'camt.053.001.08', namespace: … }
 * detectCamtNamespace('urn:example'); // undefined
 * ```
 */
export function detectCamtNamespace(namespace: string): CamtKind | undefined {
  if (!namespace.startsWith(NS_PREFIX)) return undefined;
  const m = /^camt\.(052|053|054|086)\.001\.(\d{2})$/.exec(namespace.slice(NS_PREFIX.length));
  if (!m) return undefined;
  const message = `camt.${m[1]}` as CamtMessage;
  const version = m[2]!;
  return {
    message,
    version,
    schemaVersion: `${message}.001.${version}`,
    namespace,
    supported: isSupportedVersion(message, version),
    messageElement: messageElements[message],
  };
}

/** Schema-store set id for a detected kind, e.g. iso:camt.053.001.08. */
export function schemaSetId(kind: Pick<CamtKind, 'schemaVersion'>): string {
  return `iso:${kind.schemaVersion}`;
}

/**
 * The ruleset label of the spec's xsd object, e.g. iso.20022:camt053:08.
 * @example
 * ```ts
 * rulesetLabel({ message: 'camt.053', version: '08' }); // 'iso.20022:camt053:08'
 * ```
 */
export function rulesetLabel(kind: Pick<CamtKind, 'message' | 'version'>): string {
  return `iso.20022:${kind.message.replace('.', '')}:${kind.version}`;
}
