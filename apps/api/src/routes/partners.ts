/**
 * Partner checks (spec §4.2, §4.3): GET /vat/check (VIES) and GET /peppol/check (SML/SMP/Directory).
 * Free, credential required, 30/min per key. Domain work is in @kontor/vies and @kontor/peppol;
 * this module maps their typed errors: bad input → 400 invalid_input, SML down → 503.
 */
import * as v from 'valibot';
import { checkParticipant, type PeppolCheckConfig } from '@kontor/peppol';
import { createViesClient, type ViesClient } from '@kontor/vies';
import { langFromAcceptLanguage } from '@kontor/xml';
import { defineRoute, type AnyRoute } from '../platform/registry';
import { outboundFetchFor } from '../platform/outbound';
import { lazy, type Services } from '../platform/services';

const nullableString = v.nullable(v.string());

export const VatCheckSchema = v.object({
  status: v.picklist(['valid', 'invalid', 'unavailable']),
  countryCode: v.string(),
  vatNumber: v.string(),
  name: v.optional(v.string()),
  address: v.optional(v.string()),
  requestDate: v.string(),
  consultationNumber: v.optional(v.string()),
  errorCode: v.optional(v.string()),
  source: v.picklist(['vies', 'cache']),
});

const FindingSchema = v.object({
  code: v.string(),
  severity: v.picklist(['error', 'warning', 'info']),
  message: v.string(),
  path: v.optional(v.string()),
});

export const PeppolCheckSchema = v.object({
  participant: v.object({ scheme: v.string(), value: v.string(), identifier: v.string() }),
  registered: v.boolean(),
  smpUrl: nullableString,
  documentTypes: v.array(
    v.object({
      id: v.string(),
      name: v.optional(v.string()),
      signed: v.nullable(v.boolean()),
      processes: v.array(
        v.object({
          id: v.string(),
          transportProfile: v.string(),
          endpointUrl: v.string(),
          certificate: v.nullable(v.object({ notBefore: v.string(), notAfter: v.string(), subject: v.string(), issuer: v.string(), valid: v.boolean() })),
          serviceActivationDate: nullableString,
          serviceExpirationDate: nullableString,
          technicalContactUrl: nullableString,
        }),
      ),
    }),
  ),
  directory: v.nullable(v.object({ found: v.boolean(), name: nullableString, countryCode: nullableString })),
  sml: v.object({ zone: v.string(), method: v.picklist(['naptr', 'cname']), hostname: v.string() }),
  issues: v.array(FindingSchema),
});

function viesClient(services: Services): ViesClient {
  return lazy(services, 'vies-client', () =>
    createViesClient({
      baseUrl: services.config.vies.baseUrl,
      timeoutMs: services.config.vies.timeoutMs,
      now: services.clock,
      fetch: outboundFetchFor(services.config, 'vies'),
    }),
  );
}

function peppolConfig(services: Services): PeppolCheckConfig {
  const { smlZone, smlMethod, smpAllowHttp, dnsResolver, directoryUrl } = services.config.peppol;
  return {
    // SMP URLs come from DNS: public addresses only (KONTOR_SMP_ALLOW_PRIVATE opts out); the Directory is configured
    fetch: lazy(services, 'peppol-fetch', () => outboundFetchFor(services.config, 'peppol')),
    sml: { zone: smlZone, method: smlMethod, ...(dnsResolver ? { dnsServer: dnsResolver } : {}) },
    smp: { allowHttp: smpAllowHttp },
    directory: { baseUrl: directoryUrl },
    now: services.clock,
  };
}

export const partnerRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/vat/check',
    operationId: 'checkVatId',
    summary: 'Check a VAT ID live against VIES (valid, invalid or unavailable)',
    description:
      'The id is checked offline first (format and check digits for EU-27 and XI); only well-formed ids are sent to VIES. ' +
      '"unavailable" means VIES or the member state could not answer; it does not mean invalid. ' +
      'The message of a syntax refusal (400) is German by default; Accept-Language: en gives English.',
    tags: ['partners'],
    auth: 'required',
    rateGroup: 'vat',
    query: v.object({ vatId: v.pipe(v.string(), v.minLength(1, 'vatId is required'), v.maxLength(100, 'vatId is too long')) }),
    responses: { 200: { description: 'VIES answer', content: { 'application/json': { schema: VatCheckSchema } } } },
    errors: [400, 401, 429, 502],
    handler: async ({ c, services, query }) => {
      // VAT_SYNTAX / VIES_INPUT_REJECTED → 400 with path vatId: the one error table (platform/error-table.ts)
      const lang = langFromAcceptLanguage(c.req.header('accept-language'), 'de');
      return c.json(await viesClient(services).check(query.vatId, { lang }));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/peppol/check',
    operationId: 'checkPeppolParticipant',
    summary: 'Check Peppol reachability of a participant (SML, SMP, Directory)',
    description:
      'participant: iso6523-actorid-upis::ICD:id, ICD:id, a bare GLN, a German VAT ID or a Leitweg-ID. ' +
      'registered=false is a normal answer. SMP and Directory problems are reported in issues; 503 only when the SML cannot be asked. ' +
      'SMP URLs come from DNS: one that leads to a non-public address (loopback, private, link-local, metadata, …) or uses a scheme other than https is not contacted and appears as an issue. ' +
      'Issue messages are German by default; Accept-Language: en gives English (codes do not change).',
    tags: ['partners'],
    auth: 'required',
    rateGroup: 'peppol',
    query: v.object({ participant: v.pipe(v.string(), v.minLength(1, 'participant is required'), v.maxLength(200, 'participant is too long')) }),
    responses: { 200: { description: 'Lookup result', content: { 'application/json': { schema: PeppolCheckSchema } } } },
    errors: [400, 401, 429, 502, 503],
    handler: async ({ c, services, query }) => {
      // PARTICIPANT_INVALID → 400 (path participant), SML_UNAVAILABLE → 503 + Retry-After, SML_INVALID_RECORD → 502: the one error table
      const lang = langFromAcceptLanguage(c.req.header('accept-language'), 'de');
      return c.json(await checkParticipant(query.participant, { ...peppolConfig(services), lang }));
    },
  }),
];
