/**
 * Peppol SMP 1.x client (protocols.md §2.3, "busdox" XML; the OASIS BDXR SMP 1.0 namespace is read
 * too): `GET {smp}/{pid}` → ServiceGroup, `GET` of each ServiceMetadataReference href →
 * SignedServiceMetadata (one Redirect followed). The XML signature is detected, not verified.
 */
import { PeppolError } from '../errors';
import { httpGet } from '../internal/http';
import { childElement, childElements, readXml, XmlReadError, type XmlElement } from '../internal/xml';
import type { ParticipantId } from '../participant/parseParticipant';
import { describeCertificate, type CertificateInfo } from './certificate';

export const SMP_NS = 'http://busdox.org/serviceMetadata/publishing/1.0/';
export const IDENTIFIERS_NS = 'http://busdox.org/transport/identifiers/1.0/';
export const WSA_NS = 'http://www.w3.org/2005/08/addressing';
export const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
const OASIS_SMP_NS = 'http://docs.oasis-open.org/bdxr/ns/SMP/2016/05';

const SMP_NAMESPACES = [SMP_NS, OASIS_SMP_NS] as const;
const ID_NAMESPACES = [IDENTIFIERS_NS, OASIS_SMP_NS] as const;

export interface SmpClientOptions {
  fetch?: typeof globalThis.fetch;
  /** Per request. Default 5000. */
  timeoutMs?: number;
  /** Per answer. Default 1 MiB. */
  maxResponseBytes?: number;
  /** Clock for certificate validity. */
  now?: () => Date;
  signal?: AbortSignal;
  /**
   * Accept `http:` URLs (legacy CNAME SMPs, tests). Default false: SMP URLs, metadata hrefs and Redirect targets
   * must be `https:`; any other scheme (file:, ftp:, javascript:, data:, …) is always refused before fetching.
   */
  allowHttp?: boolean;
}

export interface SmpIdentifier {
  scheme: string;
  value: string;
  /** `scheme::value`. */
  id: string;
}

export interface ServiceMetadataReference {
  href: string;
  /** Document type identifier decoded from the href (`busdox-docid-qns::…`), when it has the standard shape. */
  documentTypeId: string | null;
}

export interface ServiceGroup {
  participant: SmpIdentifier | null;
  references: ServiceMetadataReference[];
}

export interface SmpEndpoint {
  transportProfile: string;
  endpointUrl: string;
  requireBusinessLevelSignature: boolean | null;
  serviceActivationDate: string | null;
  serviceExpirationDate: string | null;
  certificate: CertificateInfo | null;
  description: string | null;
  technicalContactUrl: string | null;
  technicalInformationUrl: string | null;
}

export interface SmpProcess {
  process: SmpIdentifier;
  endpoints: SmpEndpoint[];
}

export interface ServiceMetadata {
  participant: SmpIdentifier | null;
  documentType: SmpIdentifier;
  processes: SmpProcess[];
  /** Whether the answer carries an XMLDSig `Signature` (not verified). */
  signed: boolean;
  /** The href of the first answer when it was a Redirect. */
  redirectedFrom: string | null;
  /** Endpoints with a certificate we could not read. */
  unreadableCertificates: number;
}

interface ResolvedOptions {
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  maxBytes: number;
  now: () => Date;
  allowHttp: boolean;
  signal?: AbortSignal;
}

function resolveOptions(options: SmpClientOptions): ResolvedOptions {
  return {
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? 5000,
    maxBytes: options.maxResponseBytes ?? 1_048_576,
    now: options.now ?? (() => new Date()),
    allowHttp: options.allowHttp ?? false,
    ...(options.signal ? { signal: options.signal } : {}),
  };
}

/** URL of a participant's ServiceGroup: the whole identifier percent-encoded as one path segment. */
export function serviceGroupUrl(smpUrl: string, participant: Pick<ParticipantId, 'identifier'>): string {
  return `${smpUrl.replace(/\/+$/, '')}/${encodeURIComponent(participant.identifier)}`;
}

/**
 * URLs an SMP hands out (reference hrefs, Redirect targets) are remote input: only https (http when allowed) may be
 * fetched. Refused before any request, as SMP_INVALID_RESPONSE naming the scheme only.
 */
function checkSmpUrl(url: string, options: ResolvedOptions, source: string): void {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new PeppolError('SMP_INVALID_RESPONSE', `${source} is not a URL.`, { details: { source } });
  }
  if (protocol === 'https:' || (protocol === 'http:' && options.allowHttp)) return;
  throw new PeppolError('SMP_INVALID_RESPONSE', `${source} is a ${protocol} URL; only https${options.allowHttp ? ' and http' : ''} URLs are fetched.`, {
    details: { source, scheme: protocol },
  });
}

async function getXml(url: string, options: ResolvedOptions, allowNotFound: boolean): Promise<XmlElement | null> {
  const result = await httpGet(url, { ...options, accept: 'application/xml, text/xml;q=0.9' });
  if (!result.ok) {
    const code = result.failure === 'TOO_LARGE' ? 'SMP_INVALID_RESPONSE' : 'SMP_UNAVAILABLE';
    throw new PeppolError(code, `SMP request ${url} failed: ${result.message}`, { details: { url, failure: result.failure } });
  }
  if (result.status === 404 && allowNotFound) return null;
  if (result.status < 200 || result.status > 299) {
    throw new PeppolError('SMP_UNAVAILABLE', `SMP answered HTTP ${result.status} for ${url}.`, { details: { url, status: result.status } });
  }
  try {
    return readXml(result.body, { maxBytes: options.maxBytes });
  } catch (error) {
    const reason = error instanceof XmlReadError ? error.message : String(error);
    throw new PeppolError('SMP_INVALID_RESPONSE', `SMP answer from ${url} is not usable XML: ${reason}`, {
      details: { url, ...(error instanceof XmlReadError && error.location ? { location: error.location } : {}) },
    });
  }
}

function invalid(url: string, message: string): PeppolError {
  return new PeppolError('SMP_INVALID_RESPONSE', `SMP answer from ${url}: ${message}`, { details: { url } });
}

function readIdentifier(element: XmlElement | undefined): SmpIdentifier | null {
  if (!element) return null;
  const scheme = (element.attr('scheme') ?? '').trim();
  const value = element.text.trim();
  if (value === '') return null;
  return { scheme, value, id: scheme === '' ? value : `${scheme}::${value}` };
}

function optionalText(parent: XmlElement, local: string): string | null {
  const text = childElement(parent, local, SMP_NAMESPACES)?.text.trim();
  return text === undefined || text === '' ? null : text;
}

/** Document type id from a reference href: the path segment after `/services/`, percent-decoded. */
export function documentTypeIdFromHref(href: string): string | null {
  const match = /\/services\/([^/?#]+)\/?(?:[?#].*)?$/.exec(href);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/**
 * Fetches the ServiceGroup; undefined when the SMP does not know the participant (HTTP 404).
 * @example
 * ```ts
 * const group = await fetchServiceGroup('https://smp.example.org', parseParticipant('0088:7300010000001'));
 * if (group) for (const ref of group.references) console.log(ref.documentTypeId); else console.log('not known to this SMP');
 * ```
 */
export async function fetchServiceGroup(smpUrl: string, participant: ParticipantId, options: SmpClientOptions = {}): Promise<ServiceGroup | undefined> {
  const resolved = resolveOptions(options);
  const url = serviceGroupUrl(smpUrl, participant);
  checkSmpUrl(url, resolved, 'The SMP URL');
  const root = await getXml(url, resolved, true);
  if (!root) return undefined;
  if (root.local !== 'ServiceGroup' || !SMP_NAMESPACES.includes(root.ns as (typeof SMP_NAMESPACES)[number])) {
    throw invalid(url, `expected ServiceGroup, got ${root.local}.`);
  }
  const collection = childElement(root, 'ServiceMetadataReferenceCollection', SMP_NAMESPACES);
  const references = (collection ? childElements(collection, 'ServiceMetadataReference', SMP_NAMESPACES) : [])
    .map((reference) => (reference.attr('href') ?? '').trim())
    .filter((href) => href !== '')
    .map((href) => ({ href, documentTypeId: documentTypeIdFromHref(href) }));
  return { participant: readIdentifier(childElement(root, 'ParticipantIdentifier', ID_NAMESPACES)), references };
}

function readEndpoint(element: XmlElement, now: Date): { endpoint: SmpEndpoint; unreadableCertificate: boolean } {
  const reference = childElement(element, 'EndpointReference', WSA_NS);
  const address = reference ? childElement(reference, 'Address', WSA_NS)?.text.trim() : undefined;
  const endpointUrl = address ?? optionalText(element, 'EndpointURI') ?? '';
  const certificateText = optionalText(element, 'Certificate');
  const certificate = certificateText === null ? null : describeCertificate(certificateText, now);
  const signature = optionalText(element, 'RequireBusinessLevelSignature');
  return {
    endpoint: {
      transportProfile: (element.attr('transportProfile') ?? '').trim(),
      endpointUrl,
      requireBusinessLevelSignature: signature === null ? null : signature === 'true' || signature === '1',
      serviceActivationDate: optionalText(element, 'ServiceActivationDate'),
      serviceExpirationDate: optionalText(element, 'ServiceExpirationDate'),
      certificate,
      description: optionalText(element, 'ServiceDescription'),
      technicalContactUrl: optionalText(element, 'TechnicalContactUrl'),
      technicalInformationUrl: optionalText(element, 'TechnicalInformationUrl'),
    },
    unreadableCertificate: certificateText !== null && certificate === null,
  };
}

/**
 * Fetches and reads one SignedServiceMetadata, following at most one Redirect.
 * @example
 * ```ts
 * const meta = await fetchServiceMetadata(group.references[0]!.href, { timeoutMs: 5000 });
 * for (const p of meta.processes) console.log(p.process.value, p.endpoints.map((e) => e.endpointUrl));
 * ```
 */
export async function fetchServiceMetadata(href: string, options: SmpClientOptions = {}): Promise<ServiceMetadata> {
  const resolved = resolveOptions(options);
  let url = href;
  let redirectedFrom: string | null = null;
  checkSmpUrl(url, resolved, 'The service metadata reference');
  for (;;) {
    const root = await getXml(url, resolved, false);
    if (!root) throw invalid(url, 'empty answer.');
    const signed = childElements(root, 'Signature', DSIG_NS).length > 0;
    const metadata = root.local === 'SignedServiceMetadata' ? childElement(root, 'ServiceMetadata', SMP_NAMESPACES) : root.local === 'ServiceMetadata' ? root : undefined;
    if (!metadata || !SMP_NAMESPACES.includes(metadata.ns as (typeof SMP_NAMESPACES)[number])) {
      throw invalid(url, `expected SignedServiceMetadata, got ${root.local}.`);
    }
    const redirect = childElement(metadata, 'Redirect', SMP_NAMESPACES);
    if (redirect) {
      const target = (redirect.attr('href') ?? '').trim();
      if (redirectedFrom !== null) throw invalid(url, 'a Redirect answered with another Redirect (only one is followed).');
      if (!URL.canParse(target)) throw invalid(url, 'Redirect without a usable href.');
      checkSmpUrl(target, resolved, `The Redirect in ${url}`);
      redirectedFrom = url;
      url = target;
      continue;
    }
    const information = childElement(metadata, 'ServiceInformation', SMP_NAMESPACES);
    if (!information) throw invalid(url, 'neither ServiceInformation nor Redirect.');
    const documentType = readIdentifier(childElement(information, 'DocumentIdentifier', ID_NAMESPACES));
    if (!documentType) throw invalid(url, 'DocumentIdentifier missing.');
    const now = resolved.now();
    let unreadableCertificates = 0;
    const processList = childElement(information, 'ProcessList', SMP_NAMESPACES);
    const processes: SmpProcess[] = [];
    for (const processElement of processList ? childElements(processList, 'Process', SMP_NAMESPACES) : []) {
      const process = readIdentifier(childElement(processElement, 'ProcessIdentifier', ID_NAMESPACES));
      if (!process) throw invalid(url, 'Process without ProcessIdentifier.');
      const list = childElement(processElement, 'ServiceEndpointList', SMP_NAMESPACES);
      const endpoints: SmpEndpoint[] = [];
      for (const endpointElement of list ? childElements(list, 'Endpoint', SMP_NAMESPACES) : []) {
        const { endpoint, unreadableCertificate } = readEndpoint(endpointElement, now);
        if (unreadableCertificate) unreadableCertificates++;
        endpoints.push(endpoint);
      }
      processes.push({ process, endpoints });
    }
    return {
      participant: readIdentifier(childElement(information, 'ParticipantIdentifier', ID_NAMESPACES)),
      documentType,
      processes,
      signed,
      redirectedFrom,
      unreadableCertificates,
    };
  }
}
