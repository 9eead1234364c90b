/** kontor admin ...: accounts, keys, credits and subscriptions, on the same database as the server. */
import { Accounts, ApiKeys, OAuthServer, loadConfig, openDatabase, plans, subscriptionStatuses, featuresOf, subscriptionOf, type AccountRow, type Plan } from '@kontor/api';
import { CliError, parse, printJson, type Command, type Io } from '../command';

async function withDb<T>(io: Io, fn: (a: Accounts, k: ApiKeys, db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const cfg = loadConfig(io.env, io.cwd);
  const db = await openDatabase(cfg.database);
  const clock = () => new Date();
  try {
    return await fn(new Accounts(db.db, clock), new ApiKeys(db.db, clock), db.db);
  } finally {
    await db.close();
  }
}

function view(a: AccountRow) {
  const now = new Date();
  const s = subscriptionOf(a, now);
  return {
    id: a.id,
    email: a.email,
    credits: a.credits,
    subscription: { status: s.status, active: s.active, plan: s.plan, currentPeriodEnd: s.currentPeriodEnd, cancelAtPeriodEnd: s.cancelAtPeriodEnd },
    features: featuresOf(a, now),
    volumePackages: a.volume_packages,
    checkBlockRemaining: a.check_block_remaining,
    createdAt: a.created_at,
  };
}

function planOf(p: string | undefined): Plan | null | undefined {
  if (p === undefined) return undefined;
  if (p === 'none') return null;
  if (!(plans as readonly string[]).includes(p)) throw new CliError(`--plan must be one of ${plans.join(', ')}, none`);
  return p as Plan;
}

const human = (io: Io, a: ReturnType<typeof view>) =>
  io.stdout(`${a.email}  credits=${a.credits}  subscription=${a.subscription.status}${a.subscription.plan ? `(${a.subscription.plan})` : ''}  features=[${a.features.join(', ')}]\n`);

export const adminCommands: Command[] = [
  {
    name: 'admin account create',
    summary: 'Create an account and its first API key (printed once)',
    usage: 'kontor admin account create --email E [--plan converter|payments|payments+abroad] [--credits N] [--json]',
    async run(argv, io) {
      const { values } = parse(argv, { email: { type: 'string' }, plan: { type: 'string' }, credits: { type: 'string' }, json: { type: 'boolean' } }, false);
      if (!values.email) throw new CliError('Missing --email');
      const credits = values.credits === undefined ? 0 : Number(values.credits);
      if (!Number.isInteger(credits) || credits < 0) throw new CliError('--credits must be a whole number >= 0');
      const out = await withDb(io, async (accounts, keys) => {
        const a = await accounts.create({ email: values.email!, plan: planOf(values.plan) ?? null, credits });
        const k = await keys.create(a.id, 'created by admin');
        return { email: a.email, apiKey: k.key };
      });
      if (values.json) printJson(io, out);
      else io.stdout(`Account ${out.email} created.\nAPI key (shown only once): ${out.apiKey}\n`);
      return 0;
    },
  },
  {
    name: 'admin account show',
    summary: 'Show one account',
    usage: 'kontor admin account show --email E [--json]',
    async run(argv, io) {
      const { values } = parse(argv, { email: { type: 'string' }, json: { type: 'boolean' } }, false);
      if (!values.email) throw new CliError('Missing --email');
      const a = await withDb(io, async (accounts, keys) => {
        const acc = await accounts.require(values.email!);
        const k = await keys.list(acc.id);
        return { ...view(acc), keys: k.map((x) => ({ id: x.id, name: x.name, prefix: x.display_prefix, createdAt: x.created_at, lastUsedAt: x.last_used_at, revokedAt: x.revoked_at })) };
      });
      if (values.json) printJson(io, a);
      else {
        human(io, a);
        for (const k of a.keys) io.stdout(`  key ${k.id} ${k.prefix}… ${k.revokedAt ? 'revoked' : 'active'} last used ${k.lastUsedAt ?? 'never'}\n`);
      }
      return 0;
    },
  },
  {
    name: 'admin account list',
    summary: 'List accounts',
    usage: 'kontor admin account list [--json]',
    async run(argv, io) {
      const { values } = parse(argv, { json: { type: 'boolean' } }, false);
      const list = await withDb(io, async (accounts) => (await accounts.list()).map(view));
      if (values.json) printJson(io, list);
      else list.forEach((a) => human(io, a));
      return 0;
    },
  },
  {
    name: 'admin key create',
    summary: 'Create another API key for an account (printed once)',
    usage: 'kontor admin key create --email E [--name N] [--json]',
    async run(argv, io) {
      const { values } = parse(argv, { email: { type: 'string' }, name: { type: 'string' }, json: { type: 'boolean' } }, false);
      if (!values.email) throw new CliError('Missing --email');
      const k = await withDb(io, async (accounts, keys) => keys.create((await accounts.require(values.email!)).id, values.name ?? 'admin'));
      if (values.json) printJson(io, { id: k.id, apiKey: k.key });
      else io.stdout(`Key ${k.id}\nAPI key (shown only once): ${k.key}\n`);
      return 0;
    },
  },
  {
    name: 'admin key revoke',
    summary: 'Revoke an API key by id',
    usage: 'kontor admin key revoke --id KEY_ID [--json]',
    async run(argv, io) {
      const { values } = parse(argv, { id: { type: 'string' }, json: { type: 'boolean' } }, false);
      if (!values.id) throw new CliError('Missing --id');
      const ok = await withDb(io, (_a, keys) => keys.revoke(values.id!));
      if (values.json) printJson(io, { id: values.id, revoked: ok });
      else io.stdout(ok ? `Key ${values.id} revoked.\n` : `No active key ${values.id}.\n`);
      return ok ? 0 : 1;
    },
  },
  {
    name: 'admin credits add',
    summary: 'Add (or with a negative amount remove) credits',
    usage: 'kontor admin credits add --email E --amount N [--json]',
    async run(argv, io) {
      const { values } = parse(argv, { email: { type: 'string' }, amount: { type: 'string' }, json: { type: 'boolean' } }, false);
      if (!values.email || values.amount === undefined) throw new CliError('Missing --email or --amount');
      const n = Number(values.amount);
      if (!Number.isInteger(n)) throw new CliError('--amount must be a whole number');
      const a = await withDb(io, async (accounts) => view(await accounts.addCredits((await accounts.require(values.email!)).id, n)));
      if (values.json) printJson(io, a);
      else human(io, a);
      return 0;
    },
  },
  {
    name: 'admin subscription set',
    summary: 'Set plan, status, period end, cancellation and volume packages',
    usage:
      'kontor admin subscription set --email E [--plan converter|payments|payments+abroad|none] [--status active|trialing|past_due|canceled|none] [--period-end ISO] [--cancel-at-period-end true|false] [--volume-packages N] [--json]',
    async run(argv, io) {
      const { values } = parse(
        argv,
        {
          email: { type: 'string' },
          plan: { type: 'string' },
          status: { type: 'string' },
          'period-end': { type: 'string' },
          'cancel-at-period-end': { type: 'string' },
          'volume-packages': { type: 'string' },
          json: { type: 'boolean' },
        },
        false,
      );
      if (!values.email) throw new CliError('Missing --email');
      if (values.status && !(subscriptionStatuses as readonly string[]).includes(values.status)) throw new CliError(`--status must be one of ${subscriptionStatuses.join(', ')}`);
      const pe = values['period-end'];
      if (pe !== undefined && pe !== 'none' && Number.isNaN(Date.parse(pe))) throw new CliError('--period-end must be an ISO date-time or none');
      const cape = values['cancel-at-period-end'];
      if (cape !== undefined && cape !== 'true' && cape !== 'false') throw new CliError('--cancel-at-period-end must be true or false');
      const vp = values['volume-packages'];
      const patch = {
        ...(values.plan !== undefined ? { plan: planOf(values.plan) ?? null } : {}),
        ...(values.status ? { status: values.status as never } : {}),
        ...(pe !== undefined ? { currentPeriodEnd: pe === 'none' ? null : new Date(pe).toISOString() } : {}),
        ...(cape !== undefined ? { cancelAtPeriodEnd: cape === 'true' } : {}),
        ...(vp !== undefined ? { volumePackages: Number(vp) } : {}),
      };
      const a = await withDb(io, async (accounts) => view(await accounts.setSubscription((await accounts.require(values.email!)).id, patch)));
      if (values.json) printJson(io, a);
      else human(io, a);
      return 0;
    },
  },
  {
    name: 'admin oauth-client list',
    summary: 'List OAuth applications (dynamically registered and created in accounts)',
    usage: 'kontor admin oauth-client list [--email OWNER] [--json]',
    async run(argv, io) {
      const { values } = parse(argv, { email: { type: 'string' }, json: { type: 'boolean' } }, false);
      const list = await withDb(io, async (accounts, _k, db) => {
        const oauth = new OAuthServer(db, () => new Date());
        const owner = values.email ? (await accounts.require(values.email)).id : undefined;
        const emails = new Map((await accounts.list()).map((a) => [a.id, a.email]));
        return (await oauth.listClients(owner ? { owner } : {})).map((c) => ({
          clientId: c.client_id,
          name: c.name,
          type: c.auth_method === 'none' ? 'public' : 'confidential',
          tokenEndpointAuthMethod: c.auth_method,
          redirectUris: JSON.parse(c.redirect_uris) as string[],
          scope: c.scope,
          owner: c.owner_account_id ? (emails.get(c.owner_account_id) ?? c.owner_account_id) : null,
          createdAt: c.created_at,
          blockedAt: c.blocked_at,
        }));
      });
      if (values.json) printJson(io, list);
      else if (!list.length) io.stdout('No OAuth applications.\n');
      else for (const c of list) io.stdout(`${c.clientId}  ${c.name}  ${c.type}  ${c.blockedAt ? 'blocked' : 'active'}  owner=${c.owner ?? '(registered)'}  ${c.redirectUris.join(' ')}\n`);
      return 0;
    },
  },
  {
    name: 'admin oauth-client block',
    summary: 'Block an OAuth application: no new authorizations, its tokens stop working',
    usage: 'kontor admin oauth-client block --client-id ID [--json]',
    async run(argv, io) {
      const { values } = parse(argv, { 'client-id': { type: 'string' }, json: { type: 'boolean' } }, false);
      const id = values['client-id'];
      if (!id) throw new CliError('Missing --client-id');
      const ok = await withDb(io, (_a, _k, db) => new OAuthServer(db, () => new Date()).blockClient(id));
      if (values.json) printJson(io, { clientId: id, blocked: ok });
      else io.stdout(ok ? `Application ${id} blocked.\n` : `No active application ${id}.\n`);
      return ok ? 0 : 1;
    },
  },
];
