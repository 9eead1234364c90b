/**
 * The partner check: parse the identifier, find its SMP through the SML, read what it can receive
 * (document types, processes, endpoints, AP certificates) and its Directory business card.
 * Only an unusable identifier (PARTICIPANT_INVALID) and a failing SML (SML_UNAVAILABLE,
 * SML_INVALID_RECORD) throw; SMP and Directory trouble becomes `issues` next to partial data.
 */
import { searchDirectory, type DirectoryEntry } from './directory/searchDirectory';
import { PeppolError } from './errors';
import { parseParticipant, type ParticipantId } from './participant/parseParticipant';
import { lookupSmp, type SmlConfig, type SmlMethod } from './sml/lookupSmp';
import type { CertificateInfo } from './smp/certificate';
import { documentTypeName } from './smp/documentTypes';
import { fetchServiceGroup, fetchServiceMetadata, type ServiceMetadata, type SmpClientOptions } from './smp/smpClient';
import type { Finding as XmlFinding, Lang } from '@kontor/xml';
import { failureText, say } from './messages';

export interface PeppolCheckConfig {
  sml: SmlConfig;
  smp?: {
    /** Per request. Default 5000. */
    timeoutMs?: number;
    maxResponseBytes?: number;
    /** Service metadata documents read per participant. Default 50. */
    maxDocumentTypes?: number;
    /** Parallel metadata requests. Default 4. */
    concurrency?: number;
    /** Accept `http:` SMP URLs (legacy CNAME SMPs, tests). Default: only for the CNAME method. */
    allowHttp?: boolean;
  };
  /** Directory lookup; omit or null to skip. */
  directory?: { baseUrl: string; timeoutMs?: number; maxRetryAfterMs?: number } | null;
  fetch?: typeof globalThis.fetch;
  now?: () => Date;
  signal?: AbortSignal;
  /** Language of the issue messages (default de); codes do not depend on it. */
  lang?: Lang | undefined;
}

/** An issue of the check: the shared Finding of @kontor/xml (message in `lang`, default de; `path` into the result). */
export type Finding = XmlFinding;

export interface ProcessEndpoint {
  /** Process identifier `scheme::value`. */
  id: string;
  transportProfile: string;
  endpointUrl: string;
  certificate: (Pick<CertificateInfo, 'notBefore' | 'notAfter' | 'subject' | 'valid'> & { issuer: string }) | null;
  serviceActivationDate: string | null;
  serviceExpirationDate: string | null;
  technicalContactUrl: string | null;
}

export interface DocumentTypeCapability {
  /** Document type identifier `scheme::value`. */
  id: string;
  /** Known name, e.g. "XRechnung 3.0 CII". */
  name?: string;
  /** One entry per process and endpoint (a process with two transport profiles appears twice). */
  processes: ProcessEndpoint[];
  /** Whether the service metadata carried an XML signature (presence only, not verified). */
  signed: boolean | null;
}

export interface PeppolCheckResult {
  participant: ParticipantId;
  registered: boolean;
  smpUrl: string | null;
  documentTypes: DocumentTypeCapability[];
  directory: DirectoryEntry | null;
  sml: { zone: string; method: SmlMethod; hostname: string };
  issues: Finding[];
}

async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  });
  await Promise.all(workers);
  return results;
}

function toCapability(id: string, metadata: ServiceMetadata | null): DocumentTypeCapability {
  const capability: DocumentTypeCapability = { id, processes: [], signed: metadata ? metadata.signed : null };
  const name = documentTypeName(id);
  if (name) capability.name = name;
  for (const { process, endpoints } of metadata?.processes ?? []) {
    for (const endpoint of endpoints) {
      capability.processes.push({
        id: process.id,
        transportProfile: endpoint.transportProfile,
        endpointUrl: endpoint.endpointUrl,
        certificate: endpoint.certificate
          ? {
              notBefore: endpoint.certificate.notBefore,
              notAfter: endpoint.certificate.notAfter,
              subject: endpoint.certificate.subject,
              issuer: endpoint.certificate.issuer,
              valid: endpoint.certificate.valid,
            }
          : null,
        serviceActivationDate: endpoint.serviceActivationDate,
        serviceExpirationDate: endpoint.serviceExpirationDate,
        technicalContactUrl: endpoint.technicalContactUrl,
      });
    }
  }
  return capability;
}

function describeFailure(error: unknown, lang: Lang): { code: string; message: string } {
  if (error instanceof PeppolError) return { code: error.code, message: failureText(lang, error.code, error.message) };
  throw error;
}

/**
 * Checks whether and how a participant can receive documents over Peppol.
 * @example
 * ```ts
 * const r = await checkParticipant('0204:04011000-1234512345-06', { sml: { zone: 'participant.sml.prod.tech.peppol.org' } });
 * console.log(r.registered, r.smpUrl, r.documentTypes.length); // true 'https://smp.example' 3
 * ```
 */
export async function checkParticipant(input: string, config: PeppolCheckConfig): Promise<PeppolCheckResult> {
  if (!config || !config.sml) throw new PeppolError('INVALID_ARGUMENT', 'config.sml is required.');
  const participant = parseParticipant(input);
  const now = config.now ?? (() => new Date());
  const fetchImpl = config.fetch ?? globalThis.fetch;
  const issues: Finding[] = [];
  const lang = config.lang ?? 'de';

  // The Directory is independent of SML/SMP: ask it concurrently; it never fails the check.
  const directoryAbort = new AbortController();
  const directorySignal = config.signal ? AbortSignal.any([config.signal, directoryAbort.signal]) : directoryAbort.signal;
  const directoryPromise: Promise<DirectoryEntry | Finding | null> = config.directory
    ? searchDirectory(participant, { ...config.directory, fetch: fetchImpl, signal: directorySignal }).catch(
        (error: unknown): Finding =>
          error instanceof PeppolError
            ? { code: error.code, severity: 'warning', message: failureText(lang, error.code, error.message), path: 'directory' }
            : { code: 'DIRECTORY_UNAVAILABLE', severity: 'warning', message: say(lang, 'DIRECTORY_ABORTED', { detail: String(error) }), path: 'directory' },
      )
    : Promise.resolve(null);

  let sml;
  try {
    sml = await lookupSmp(participant, config.sml, config.signal);
  } catch (error) {
    directoryAbort.abort(); // no answer will be given: stop the Directory request too
    throw error;
  }

  const documentTypes: DocumentTypeCapability[] = [];
  const smpUrl = sml.smpUrl;
  if (sml.registered && smpUrl !== null) {
    const allowHttp = config.smp?.allowHttp ?? sml.method === 'cname';
    if (!allowHttp && !/^https:/i.test(smpUrl)) {
      issues.push({
        code: 'SMP_NOT_HTTPS',
        severity: 'error',
        message: say(lang, 'SMP_NOT_HTTPS', { url: smpUrl }),
        path: 'smpUrl',
      });
    } else {
      const smpOptions: SmpClientOptions = {
        fetch: fetchImpl,
        now,
        allowHttp,
        ...(config.smp?.timeoutMs !== undefined ? { timeoutMs: config.smp.timeoutMs } : {}),
        ...(config.smp?.maxResponseBytes !== undefined ? { maxResponseBytes: config.smp.maxResponseBytes } : {}),
        ...(config.signal ? { signal: config.signal } : {}),
      };
      try {
        const group = await fetchServiceGroup(smpUrl, participant, smpOptions);
        if (group === undefined) {
          issues.push({
            code: 'SMP_PARTICIPANT_UNKNOWN',
            severity: 'warning',
            message: say(lang, 'SMP_PARTICIPANT_UNKNOWN'),
            path: 'smpUrl',
          });
        } else {
          const limit = config.smp?.maxDocumentTypes ?? 50;
          if (group.references.length > limit) {
            issues.push({
              code: 'SMP_TOO_MANY_DOCUMENT_TYPES',
              severity: 'info',
              message: say(lang, 'SMP_TOO_MANY_DOCUMENT_TYPES', { count: group.references.length, limit }),
              path: 'documentTypes',
            });
          }
          const references = group.references.slice(0, limit);
          const results = await mapLimited(references, config.smp?.concurrency ?? 4, async (reference, index) => {
            try {
              return { index, metadata: await fetchServiceMetadata(reference.href, smpOptions), error: null };
            } catch (error) {
              return { index, metadata: null, error: describeFailure(error, lang) };
            }
          });
          for (const { index, metadata, error } of results) {
            const reference = references[index]!;
            const id = metadata?.documentType.id ?? reference.documentTypeId ?? reference.href;
            const path = `documentTypes[${documentTypes.length}]`;
            documentTypes.push(toCapability(id, metadata));
            if (error) issues.push({ ...error, severity: 'warning', path });
            if (metadata && metadata.unreadableCertificates > 0) {
              issues.push({ code: 'SMP_CERTIFICATE_UNREADABLE', severity: 'warning', message: say(lang, 'SMP_CERTIFICATE_UNREADABLE'), path });
            }
            if (metadata && metadata.documentType.id !== reference.documentTypeId && reference.documentTypeId !== null) {
              issues.push({
                code: 'SMP_DOCUMENT_TYPE_MISMATCH',
                severity: 'warning',
                message: say(lang, 'SMP_DOCUMENT_TYPE_MISMATCH', { reference: reference.documentTypeId, actual: metadata.documentType.id }),
                path,
              });
            }
            for (const capability of documentTypes[documentTypes.length - 1]!.processes) {
              if (capability.certificate && !capability.certificate.valid) {
                issues.push({
                  code: 'SMP_CERTIFICATE_EXPIRED',
                  severity: 'warning',
                  message: say(lang, 'SMP_CERTIFICATE_EXPIRED', { url: capability.endpointUrl, notBefore: capability.certificate.notBefore, notAfter: capability.certificate.notAfter }),
                  path,
                });
              }
            }
          }
        }
      } catch (error) {
        issues.push({ ...describeFailure(error, lang), severity: 'warning', path: 'smpUrl' });
      }
    }
  }

  const directoryOutcome = await directoryPromise;
  let directory: DirectoryEntry | null = null;
  if (directoryOutcome && 'severity' in directoryOutcome) issues.push(directoryOutcome);
  else directory = directoryOutcome;

  return {
    participant,
    registered: sml.registered,
    smpUrl,
    documentTypes,
    directory,
    sml: { zone: sml.zone, method: sml.method, hostname: sml.hostname },
    issues,
  };
}
