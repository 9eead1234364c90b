/**
 * Optional external validation engines, configured by base URL (protocols.md §5): the KoSIT validator daemon 1.x
 * (POST the raw XML, the status is the verdict, the body a VARL report) and a veraPDF REST service
 * (POST /api/validate/{profile} multipart "file", JSON report). Either answers a verdict with findings, or an
 * "unavailable" reason — never throws for network or protocol trouble, so the native result can stand.
 */
import { parseXml, type Lang, type XmlElement } from '@kontor/xml';
import type { ReportFinding } from './types';
import { msg } from '../messages';

export interface EngineEndpoint {
  /** Base URL, e.g. http://127.0.0.1:8081 (KoSIT daemon) or http://127.0.0.1:8080 (veraPDF REST). */
  url: string;
  /** Per-request timeout (default 30 s). */
  timeoutMs?: number;
  /** fetch implementation (default globalThis.fetch). */
  fetch?: typeof fetch;
  /** Language of our notes and findings (default en); the engine's own texts pass as they come. */
  lang?: Lang | undefined;
}

/** A finding of an external engine, as the report carries it (ReportFinding: `location` is the spec's string). */
export interface EngineFinding extends ReportFinding {
  source: 'xsd' | 'schematron' | 'pdfa';
  ruleset: string;
}

export type EngineAnswer = { available: true; engine: string; accepted: boolean; findings: EngineFinding[]; note?: string } | { available: false; engine: string; note: string };

const DEFAULT_TIMEOUT = 30_000;
const VARL = 'http://www.xoev.de/de/validator/varl/1';

async function post(ep: EngineEndpoint, url: string, init: RequestInit): Promise<{ status: number; text: string } | { error: string }> {
  const f = ep.fetch ?? globalThis.fetch;
  try {
    const res = await f(url, { ...init, method: 'POST', signal: AbortSignal.timeout(ep.timeoutMs ?? DEFAULT_TIMEOUT) });
    // reports are small; refuse anything absurd instead of buffering it
    const text = await res.text();
    if (text.length > 64 * 1024 * 1024) return { error: 'the answer is larger than 64 MB' };
    return { status: res.status, text };
  } catch (e) {
    const err = e as Error & { cause?: { code?: string } };
    if (err.name === 'TimeoutError' || err.name === 'AbortError') return { error: `no answer within ${ep.timeoutMs ?? DEFAULT_TIMEOUT} ms` };
    return { error: err.cause?.code ? `${err.message} (${err.cause.code})` : err.message };
  }
}

function joinUrl(base: string, p: string): string {
  return base.replace(/\/+$/, '') + p;
}

/**
 * KoSIT validator daemon 1.x: 200 = acceptable, 406 = not acceptable (both with a report); 422 / 5xx / a report
 * without assessment = engine error (issue #165: a partial report can look valid), never "valid".
 * @example
 * ```ts
 * const a = await validateWithKosit(xmlBytes, 'RE-1.xml', { url: 'http://127.0.0.1:8081', timeoutMs: 30_000 });
 * if (a.available) console.log(a.accepted, a.findings.length); else console.log(a.note);
 * ```
 */
export async function validateWithKosit(xml: Uint8Array, name: string, ep: EngineEndpoint): Promise<EngineAnswer> {
  const engine = 'KoSIT validator';
  const lang = ep.lang ?? 'en';
  const r = await post(ep, joinUrl(ep.url, '/' + encodeURIComponent(name.replace(/[^A-Za-z0-9._-]/g, '_') || 'invoice.xml')), {
    headers: { 'Content-Type': 'application/xml' },
    body: xml as Uint8Array<ArrayBuffer>,
  });
  if ('error' in r) return { available: false, engine, note: msg('KOSIT_UNREACHABLE', lang, { url: ep.url, reason: r.error }) };
  if (r.status !== 200 && r.status !== 406) {
    return { available: false, engine, note: msg('KOSIT_HTTP', lang, { url: ep.url, status: r.status }) };
  }
  let root: XmlElement;
  try {
    root = parseXml(r.text).root;
  } catch (e) {
    return { available: false, engine, note: msg('KOSIT_UNREADABLE', lang, { status: r.status, reason: (e as Error).message }) };
  }
  if (root.local !== 'report' || root.ns !== VARL) return { available: false, engine, note: msg('KOSIT_NOT_VARL', lang, { root: root.name }) };
  const assessment = root.child('assessment', VARL);
  const accept = assessment?.child('accept', VARL);
  const reject = assessment?.child('reject', VARL);
  if (!assessment || (!accept && !reject)) return { available: false, engine, note: msg('KOSIT_NO_ASSESSMENT', lang) };
  const accepted = r.status === 200 && !!accept;
  if ((r.status === 200) !== !!accept) {
    return { available: false, engine, note: msg('KOSIT_CONTRADICTION', lang, { status: r.status, assessment: accept ? 'accept' : 'reject' }) };
  }
  const findings: EngineFinding[] = [];
  const scenario = root.child('scenarioMatched', VARL);
  const engineName = root.child('engine', VARL)?.textAt('name');
  if (scenario) {
    for (const step of scenario.elements('validationStepResult', VARL)) {
      const stepId = step.attr('id') ?? '';
      const source: EngineFinding['source'] = /xsd|xml/.test(stepId) ? 'xsd' : 'schematron';
      for (const m of step.elements('message', VARL)) {
        const level = m.attr('level');
        const line = m.attr('lineNumber');
        const col = m.attr('columnNumber');
        findings.push({
          code: m.attr('code') || (source === 'xsd' ? 'XSD_INVALID' : stepId || 'KOSIT'),
          severity: level === 'error' ? 'error' : level === 'warning' ? 'warning' : 'info',
          message: m.text.trim(),
          location: m.attr('xpathLocation') ?? (line ? `line ${line}${col ? `, column ${col}` : ''}` : null),
          source,
          ruleset: `KoSIT ${scenario.textAt('scenario', 'name') ?? 'scenario'} (${stepId})`,
        });
      }
    }
  } else {
    findings.push({ code: 'KOSIT_NO_SCENARIO', severity: 'error', message: msg('KOSIT_NO_SCENARIO', lang), location: null, source: 'schematron', ruleset: 'KoSIT' });
  }
  return { available: true, engine: engineName ? `${engine} (${engineName})` : engine, accepted, findings };
}

interface VeraRuleSummary {
  specification?: string;
  clause?: string;
  testNumber?: number;
  status?: string;
  description?: string;
  failedChecks?: number;
}
interface VeraValidationResult {
  compliant?: boolean;
  profileName?: string;
  details?: { ruleSummaries?: VeraRuleSummary[] };
}
interface VeraJson {
  report?: { jobs?: { jobEndStatus?: string; validationResult?: VeraValidationResult[] | VeraValidationResult }[] };
}

export type VeraPdfFlavour = '2b' | '2u' | '3a' | '3b' | '3u';

/**
 * veraPDF REST: one PDF against one profile; `compliant` decides, failed rule summaries become findings.
 * @example
 * ```ts
 * const a = await validateWithVeraPdf(pdf, '3b', { url: 'http://127.0.0.1:8080' });
 * if (a.available) console.log(a.accepted); else console.log('veraPDF not reachable:', a.note);
 * ```
 */
export async function validateWithVeraPdf(pdf: Uint8Array, flavour: VeraPdfFlavour, ep: EngineEndpoint): Promise<EngineAnswer> {
  const engine = 'veraPDF';
  const lang = ep.lang ?? 'en';
  const form = new FormData();
  form.append('file', new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), 'invoice.pdf');
  const r = await post(ep, joinUrl(ep.url, `/api/validate/${flavour}`), { headers: { Accept: 'application/json', 'X-File-Size': String(pdf.byteLength) }, body: form });
  if ('error' in r) return { available: false, engine, note: msg('VERAPDF_UNREACHABLE', lang, { url: ep.url, reason: r.error }) };
  if (r.status !== 200) return { available: false, engine, note: msg('VERAPDF_HTTP', lang, { status: r.status, body: r.text.slice(0, 200) }) };
  let json: VeraJson;
  try {
    json = JSON.parse(r.text) as VeraJson;
  } catch {
    return { available: false, engine, note: msg('VERAPDF_NOT_JSON', lang) };
  }
  const job = json.report?.jobs?.[0];
  const vr = Array.isArray(job?.validationResult) ? job.validationResult[0] : job?.validationResult;
  if (!job || !vr || typeof vr.compliant !== 'boolean') return { available: false, engine, note: msg('VERAPDF_NO_RESULT', lang) };
  if (job.jobEndStatus !== undefined && job.jobEndStatus !== 'normal') return { available: false, engine, note: msg('VERAPDF_JOB_STATUS', lang, { status: job.jobEndStatus }) };
  const details = vr.details;
  const profile = vr.profileName || `PDF/A-${flavour.toUpperCase()}`;
  const findings: EngineFinding[] = (details?.ruleSummaries ?? [])
    .filter((s) => s.status === 'failed')
    .map((s) => ({
      code: s.clause ?? 'PDFA',
      severity: 'error' as const,
      message: `${s.description ?? 'rule failed'}${s.failedChecks ? ` (${s.failedChecks} failed checks)` : ''}`,
      location: null,
      source: 'pdfa' as const,
      ruleset: `${profile}${s.clause ? ` ${s.clause}-${s.testNumber ?? ''}` : ''}`,
    }));
  if (!vr.compliant && findings.length === 0) findings.push({ code: 'PDFA', severity: 'error', message: msg('VERAPDF_NOT_COMPLIANT', lang), location: null, source: 'pdfa', ruleset: profile });
  return { available: true, engine, accepted: vr.compliant, findings };
}
