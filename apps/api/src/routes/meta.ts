/** Anonymous self-description (spec §4.1): formats, code lists. The data comes from the domain packages. */
import * as v from 'valibot';
import { defineRoute, type AnyRoute } from '../platform/registry';
import { buildFormatsDirectory, type FormatsDirectory } from '@kontor/cii';
import type { Services } from '../platform/services';
// a cycle (index imports this module), read only inside the handler, after both modules are evaluated
import { allRoutes } from './index';

const anyObject = v.record(v.string(), v.unknown());

/**
 * The directory claims only what this deployment serves: an operation is true only when its endpoint is mounted
 * (verify: POST /verify, extract: POST /extractions, create: POST /invoices), and configured external engines are named.
 */
export function honestFormats(services: Services): FormatsDirectory {
  const dir = buildFormatsDirectory({ authoritative: true });
  const mounted = (path: string) => allRoutes.some((r) => r.method === 'post' && r.path === path);
  const extra = [
    ...(services.config.engines.kositUrl ? ['KoSIT validator daemon (EN 16931 / XRechnung schematron, configured)'] : []),
    ...(services.config.engines.verapdfUrl ? ['veraPDF REST (PDF/A-3 conformance, configured)'] : []),
  ];
  for (const f of dir.formats) {
    f.operations.verify &&= mounted('/verify');
    f.operations.extract &&= mounted('/extractions');
    f.operations.create &&= mounted('/invoices');
    f.operations.createFromData &&= mounted('/invoices');
    f.validation.engines.push(...extra);
  }
  return dir;
}

export const metaRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/formats',
    operationId: 'listFormats',
    summary: 'Supported e-invoice formats, operations, limits and validation engines (spec §2.13)',
    tags: ['meta'],
    auth: 'none',
    responses: { 200: { description: 'Formats directory', content: { 'application/json': { schema: anyObject } } } },
    errors: [],
    // Native EN 16931 / XRechnung rules always run; the official engines are optional extras.
    handler: ({ c, services }) => c.json(honestFormats(services)),
  }),
];
