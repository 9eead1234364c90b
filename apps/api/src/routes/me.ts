/** GET /me (spec §2.4): account, credits, subscription, features, fair use. */
import * as v from 'valibot';
import { defineRoute, type AnyRoute } from '../platform/registry';
import { featuresOf, subscriptionOf } from '../platform/accounts';

export const MeSchema = v.object({
  email: v.string(),
  credits: v.pipe(v.number(), v.integer()),
  subscription: v.object({
    status: v.string(),
    active: v.boolean(),
    currentPeriodEnd: v.nullable(v.string()),
    cancelAtPeriodEnd: v.boolean(),
  }),
  scopes: v.nullable(v.array(v.string())),
  capabilities: v.object({ verify: v.boolean(), create: v.boolean() }),
  features: v.array(v.picklist(['converter', 'payments', 'paymentsAbroad'])),
  fairUse: v.nullable(v.object({ month: v.string(), limit: v.pipe(v.number(), v.integer()), used: v.nullable(v.pipe(v.number(), v.integer())), volumePackages: v.pipe(v.number(), v.integer()) })),
});

export const meRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/me',
    operationId: 'getMe',
    summary: 'Account status of the credential: credits, subscription, booked features, fair use',
    tags: ['account'],
    auth: 'required',
    rateGroup: 'me',
    responses: { 200: { description: 'Account status', content: { 'application/json': { schema: MeSchema } } } },
    errors: [400, 401, 429, 502],
    handler: async ({ c, account, services }) => {
      const now = services.clock();
      const sub = subscriptionOf(account, now);
      const features = featuresOf(account, now);
      const body: v.InferOutput<typeof MeSchema> = {
        email: account.email,
        credits: account.credits,
        subscription: { status: sub.status, active: sub.active, currentPeriodEnd: sub.currentPeriodEnd, cancelAtPeriodEnd: sub.cancelAtPeriodEnd },
        scopes: c.get('scopes') ?? null,
        capabilities: { verify: true, create: sub.active || account.credits > 0 || services.config.freeInvoicesPerDay > 0 },
        features,
        fairUse: await services.billing.fairUse(account),
      };
      return c.json(body);
    },
  }),
];
