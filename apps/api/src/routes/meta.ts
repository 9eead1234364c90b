/** Anonymous self-description (spec §4.1): formats, code lists. The data comes from the domain packages. */
import * as v from 'valibot';
import { defineRoute, type AnyRoute } from '../platform/registry';
import { formatsDirectory } from '@kontor/cii';

const anyObject = v.record(v.string(), v.unknown());

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
    handler: ({ c }) => c.json(formatsDirectory({ authoritative: true })),
  }),
];
