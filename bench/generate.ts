import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CLIENT_PERMISSIONS, NUMBER_FORMATS, type PermissionKey } from '@conversa/domain';
import { hashPassword } from '../apps/server/src/core/auth/passwords';
import { connectDatabase } from '../apps/server/src/core/db/database';
import { type DatabaseTarget, openSql, recreatePostgresDatabase, type Sql } from './lib/db';
import { contactIndexDigits, md5Uuid, sha256 } from './lib/ids';
import { FIRST_NAMES, LAST_NAMES, PHRASES } from './lib/names';
import {
  type BenchProviderDevices,
  type BenchWhatsappDevice,
  createProviderDevices,
  createWhatsappDevice,
} from './lib/provider-devices';
import { BENCH_SECRET_KEY } from './lib/server';

export type { BenchProviderDevices, BenchWhatsappDevice } from './lib/provider-devices';

/**
 * The scale-data generator. Everything is derived from the seed through md5 in SQL (generate_series,
 * no client round trips per row), so the same seed gives the same contacts, messages and ids.
 * Run alone: `npx tsx bench/generate.ts --database-url postgres://…/conversa_bench --contacts 100000 --messages 2000000`.
 */

export type TenantSize = { contacts: number; messages: number; devices: number; agents: number };

export type BenchUser = {
  id: string;
  email: string;
  token: string;
  account: 'client' | 'user';
  fixed: string[];
};
export type BenchDevice = { id: string; secret: string };
export type BenchTenant = {
  tag: string;
  clientId: string;
  timezone: string;
  phonePrefix: string;
  size: TenantSize;
  /** The sandbox devices; the generated conversations are spread over these only. */
  devices: BenchDevice[];
  /** One more device, receiving only the ingest phase's WhatsApp deliveries. */
  whatsapp: BenchWhatsappDevice;
  /** One device per other provider, each receiving only the ingest phase's deliveries in its format. */
  providers: BenchProviderDevices;
  owner: BenchUser;
  agents: BenchUser[];
};
export type ScaleData = {
  seed: string;
  tenants: [BenchTenant, BenchTenant];
  seconds: Record<string, number>;
};

export const BENCH_PASSWORD = 'Bench#2026';

const STAGE_NAMES = ['Nuevo', 'Contactado', 'Calificado', 'Cliente', 'Perdido'];

const AGENT_ACCESS: PermissionKey[] = ['chat.view', 'chat.lockchat', 'chat.releasechat'];

/** The same uniform [0, 1) draw as pg_temp.u below. */
const u = (text: string): number =>
  Number.parseInt(createHash('md5').update(text).digest('hex').slice(0, 8), 16) / 4294967296;

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
const literalArray = (values: string[], type = 'text') =>
  `array[${values.map(literal).join(',')}]::${type}[]`;

const timed = async <T>(
  seconds: Record<string, number>,
  name: string,
  work: () => Promise<T>,
): Promise<T> => {
  const started = performance.now();
  const result = await work();
  seconds[name] = Math.round((performance.now() - started) / 10) / 100;
  return result;
};

const log = (text: string) => process.stderr.write(`[generate] ${text}\n`);

const createTenant = async (
  sql: Sql,
  seed: string,
  tag: string,
  phonePrefix: string,
  size: TenantSize,
  passwordHash: string,
): Promise<BenchTenant> => {
  const s = `${seed}:${tag}`;
  const clientId = md5Uuid(`${s}:client`);
  const timezone = 'America/Santiago';
  // A paid plan whose quotas no bench run reaches: sends spend the plan's messages like any company's.
  const planId = md5Uuid(`${s}:plan`);
  await sql.query(
    `insert into plans (id, code, name, duration_days, devices, users, messages, chatgpt, dialogflow, yeastar,
       access, is_public)
     values ($1, $2, $3, 3650, 1000000, 1000000, 1000000000, 1000000, 1000000, 1000000, $4::jsonb, false)`,
    [planId, `bench-${tag}-${seed}`.toLowerCase(), `Bench ${tag}`, JSON.stringify(CLIENT_PERMISSIONS)],
  );
  await sql.query(
    `insert into clients (id, name, email, subdomain, timezone, access, number_format, plan_id, is_paid,
       plan_started_at, plan_expires_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, true, now(), now() + interval '3650 days')`,
    [
      clientId,
      `Bench ${tag}`,
      `owner@${tag}.bench.test`,
      `bench-${tag}-${seed}`.toLowerCase().replace(/[^a-z0-9-]/g, '-'),
      timezone,
      JSON.stringify(CLIENT_PERMISSIONS),
      JSON.stringify(NUMBER_FORMATS.CL),
      planId,
    ],
  );
  const devices: BenchDevice[] = Array.from({ length: size.devices }, (_, index) => ({
    id: md5Uuid(`${s}:device:${index}`),
    secret: sha256(`${s}:secret:${index}`, 'base64url'),
  }));
  for (const [index, device] of devices.entries()) {
    await sql.query(
      `insert into devices (id, client_id, name, type, mode, status, setting)
       values ($1, $2, $3, 'sandbox', 'official', 'connected', $4::jsonb)`,
      [
        device.id,
        clientId,
        `Line ${index + 1}`,
        JSON.stringify({
          conect: { type: 'sandbox', status: 'connected', config: { secret: device.secret } },
        }),
      ],
    );
  }
  const whatsapp = await createWhatsappDevice(sql, s, clientId, phonePrefix);
  const providers = await createProviderDevices(sql, s, clientId, phonePrefix);
  const contactId = (index: number) => md5Uuid(`${s}:c:${index}`);
  const makeUser = (index: number, account: 'client' | 'user'): BenchUser => ({
    id: md5Uuid(`${s}:user:${index}`),
    email: account === 'client' ? `owner@${tag}.bench.test` : `agent${index}@${tag}.bench.test`,
    token: `bench-${sha256(`${s}:token:${index}`, 'hex').slice(0, 40)}`,
    account,
    // Each agent pins three conversations.
    fixed:
      account === 'user'
        ? [0, 1, 2].map((k) => contactId(1 + Math.floor(u(`${s}:pin:${index}:${k}`) * size.contacts)))
        : [],
  });
  const owner = makeUser(0, 'client');
  const agents = Array.from({ length: size.agents }, (_, index) => makeUser(index + 1, 'user'));
  for (const user of [owner, ...agents]) {
    await sql.query(
      `insert into users (id, client_id, name, email, password_hash, account, access, fixed, answer)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, true)`,
      [
        user.id,
        clientId,
        user.account === 'client' ? `Owner ${tag}` : `Agent ${user.email.split('@')[0]}`,
        user.email,
        passwordHash,
        user.account,
        JSON.stringify(user.account === 'user' ? AGENT_ACCESS : []),
        JSON.stringify(user.fixed),
      ],
    );
    await sql.query(
      `insert into sessions (token_hash, user_id, client_id, expires_at)
       values ($1, $2, $3, now() + interval '30 days')`,
      [sha256(user.token, 'hex'), user.id, clientId],
    );
  }
  return { tag, clientId, timezone, phonePrefix, size, devices, whatsapp, providers, owner, agents };
};

/** Contacts, then messages in chunks, then the summaries and counters read back from the messages. */
const fillTenant = async (sql: Sql, seed: string, tenant: BenchTenant, now: Date) => {
  const s = literal(`${seed}:${tenant.tag}`);
  const cid = literal(tenant.clientId);
  const devices = literalArray(
    tenant.devices.map((device) => device.id),
    'uuid',
  );
  const agents = literalArray(tenant.agents.map((agent) => agent.id));
  const n = tenant.size.contacts;
  const prefixLength = tenant.phonePrefix.length;
  const at = `${literal(now.toISOString())}::timestamptz`;
  // Per contact index c: its device, its assignee, and when it last talked (skewed towards recent).
  const deviceOf = (c: string) =>
    `(${devices})[1 + floor(pg_temp.u(${s}||':dev:'||${c}) * ${tenant.devices.length})::int]`;
  const agentOf = (c: string) =>
    `(${agents})[1 + floor(pg_temp.u(${s}||':ag:'||${c})^1.4 * ${tenant.agents.length})::int]`;
  const lastAtOf = (c: string) =>
    `${at} - make_interval(secs => 31536000 * pg_temp.u(${s}||':r:'||${c})^1.5)`;

  // The contact stages of the CRM's kanban: 70% of contacts stand on one of them.
  const stageIds = STAGE_NAMES.map((name) => md5Uuid(`${tenant.clientId}:stage:${name}`));
  const stages = literalArray(stageIds);
  await sql.query(`
    insert into list_dinamic (id, client_id, module, field, name, color, position)
    select id::uuid, ${cid}, 'contact', 'status_id', name, '#1976d2', position
    from unnest(${stages}, ${literalArray(STAGE_NAMES)}) with ordinality as s(id, name, position)`);
  await sql.query(`
    insert into contacts (id, client_id, device_id, first_name, last_name, full_name, email, country, phone,
                          derivedto, answerbot, owner, tags, stage, create_date)
    select md5(${s}||':c:'||i)::uuid, ${cid}, ${deviceOf('i')}, x.fn, x.ln, x.fn || ' ' || x.ln,
           case when pg_temp.u(${s}||':e:'||i) < 0.5
                then lower(translate(x.fn || '.' || x.ln, 'áéíóúñÁÉÍÓÚÑ', 'aeiounAEIOUN')) || i || '@example.com'
                else '' end,
           'CL', ${literal(tenant.phonePrefix)} || lpad(i::text, ${contactIndexDigits}, '0'),
           case when x.assigned then ${agentOf('i')} else '' end,
           pg_temp.u(${s}||':bot:'||i) < 0.08,
           case when not x.assigned then '[]'::jsonb
                when pg_temp.u(${s}||':own:'||i) < 0.2
                then jsonb_build_array(${agentOf('i')}, (${agents})[1 + floor(pg_temp.u(${s}||':own2:'||i) * ${tenant.agents.length})::int])
                else jsonb_build_array(${agentOf('i')}) end,
           case when pg_temp.u(${s}||':tag:'||i) < 0.15 then '["vip"]'::jsonb else '[]'::jsonb end,
           case when pg_temp.u(${s}||':st:'||i) < 0.7
                then (${stages})[1 + floor(pg_temp.u(${s}||':st2:'||i) * ${STAGE_NAMES.length})::int]
                else '' end,
           ${lastAtOf('i')} - make_interval(days => 61 + floor(300 * pg_temp.u(${s}||':cd:'||i))::int)
    from generate_series(1, ${n}) i
    cross join lateral (select
      (${literalArray(FIRST_NAMES)})[1 + floor(pg_temp.u(${s}||':fn:'||i) * ${FIRST_NAMES.length})::int] as fn,
      (${literalArray(LAST_NAMES)})[1 + floor(pg_temp.u(${s}||':ln:'||i) * ${LAST_NAMES.length})::int] as ln,
      pg_temp.u(${s}||':as:'||i) < 0.55 as assigned) x`);

  // Message i <= n is contact i's last message (at its last-talked time); the others fall on contacts with
  // a long tail (a few conversations hold thousands of messages) at earlier times.
  const chunk = 250_000;
  const total = tenant.size.messages;
  for (let low = 1; low <= total; low += chunk) {
    const high = Math.min(total, low + chunk - 1);
    await sql.query(`
      insert into messages (id, client_id, contact_id, device_id, from_me, message_id, type, body, status, owner,
                            timestamp, create_date)
      select md5(${s}||':m:'||i)::uuid, ${cid}, md5(${s}||':c:'||a.c)::uuid, ${deviceOf('a.c')}, b.from_me,
             ${literal(`seed-${tenant.tag}-`)} || i,
             case when b.is_location then 'location' else 'chat' end,
             case when b.is_location then '-33.4489;-70.6693'
                  else (${literalArray(PHRASES)})[1 + floor(b.body_draw * ${PHRASES.length})::int] end,
             case when not b.from_me then 'recive' when b.status_draw < 0.7 then 'read'
                  when b.status_draw < 0.9 then 'delivered' else 'sent' end,
             case when b.from_me then ${agentOf('a.c')} else '' end,
             b.at, b.at
      from generate_series(${low}, ${high}) i
      cross join lateral (select case when i <= ${n} then i
                                      else 1 + floor(${n} * pg_temp.u(${s}||':mc:'||i)^2)::int end as c) a
      cross join lateral (select
        pg_temp.u(${s}||':f:'||i) < 0.45 as from_me,
        pg_temp.u(${s}||':t:'||i) < 0.04 as is_location,
        pg_temp.u(${s}||':b:'||i) as body_draw,
        pg_temp.u(${s}||':st:'||i) as status_draw,
        ${lastAtOf('a.c')} - case when i <= ${n} then interval '0'
             else make_interval(secs => 1 + 5184000 * pg_temp.u(${s}||':dt:'||i)) end as at) b`);
    log(`${tenant.tag}: ${high.toLocaleString('en')} / ${total.toLocaleString('en')} messages`);
  }

  const contactIndex = `substr(c.phone, ${prefixLength + 1})::int`;
  await sql.query(`
    update contacts c set
      last_message = jsonb_build_object('id', m.id, 'body', m.body, 'fromMe', m.from_me,
        'message_id', coalesce(m.message_id, ''), 'status', m.status,
        'timestamp', to_char(m.timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'type_msg', m.type, 'owner', m.owner, 'device_id', coalesce(m.device_id::text, '')),
      last_message_at = m.create_date,
      device_id = m.device_id
    from messages m
    where c.client_id = ${cid} and m.id = md5(${s}||':m:'||${contactIndex})::uuid`);
  await sql.query('drop table if exists pg_temp.bench_agg');
  await sql.query(`
    create temp table bench_agg as
    select contact_id, max(create_date) filter (where not from_me) as last_in,
           max(create_date) filter (where from_me) as last_out
    from messages where client_id = ${cid} group by contact_id`);
  await sql.query(`
    update contacts c set last_inbound_at = a.last_in
    from bench_agg a where c.client_id = ${cid} and c.id = a.contact_id`);
  // About 30% of conversations are unread: their pending count is the inbound messages since our last answer.
  await sql.query(`
    update contacts c set numpending = p.n, numtotal = p.n
    from (select m.contact_id, count(*)::int as n
          from messages m join bench_agg a on a.contact_id = m.contact_id
          where m.client_id = ${cid} and not m.from_me and m.create_date > coalesce(a.last_out, '-infinity')
          group by m.contact_id) p
    where c.client_id = ${cid} and c.id = p.contact_id and pg_temp.u(${s}||':unread:'||${contactIndex}) < 0.3`);
  await sql.query('drop table bench_agg');
};

export type GenerateOptions = {
  target: DatabaseTarget;
  seed: string;
  tenant: TenantSize;
  smallTenant: TenantSize;
  /** Drop the PostgreSQL database (or expect an empty data folder) first. */
  fresh: boolean;
};

export const generateScaleData = async (options: GenerateOptions): Promise<ScaleData> => {
  const seconds: Record<string, number> = {};
  if (options.target.kind === 'postgres' && options.fresh) await recreatePostgresDatabase(options.target.url);
  if (options.target.kind === 'embedded') mkdirSync(options.target.dataDir, { recursive: true });
  await timed(seconds, 'migrate', async () => {
    const connection = await connectDatabase({
      databaseUrl: options.target.kind === 'postgres' ? options.target.url : undefined,
      dataDir: options.target.kind === 'embedded' ? options.target.dataDir : '',
    });
    await connection.migrate();
    await connection.close();
  });
  // One connection: the temporary helper function lives in its session.
  const sql = await openSql(options.target, 1);
  try {
    await sql.query(`create or replace function pg_temp.u(text) returns float8 language sql immutable as
      $$ select (('x' || substr(md5($1), 1, 8))::bit(32)::int::float8 + 2147483648) / 4294967296.0 $$`);
    // Bulk load: the rows are consistent by construction, so foreign-key triggers are skipped.
    await sql.query('set session_replication_role = replica');
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const now = new Date();
    const big = await createTenant(sql, options.seed, 'a', '569', options.tenant, passwordHash);
    const small = await createTenant(sql, options.seed, 'b', '568', options.smallTenant, passwordHash);
    await timed(seconds, 'tenantA', () => fillTenant(sql, options.seed, big, now));
    await timed(seconds, 'tenantB', () => fillTenant(sql, options.seed, small, now));
    await sql.query('set session_replication_role = origin');
    // The load skipped the triggers that keep contact_owners too: it is filled the way migration 0016 does.
    await sql.query(`
      insert into contact_owners (contact_id, user_id, client_id, is_conversation, last_inbound_at)
      select distinct c.id, owner_id, c.client_id, c.last_message_at is not null, c.last_inbound_at
      from contacts c, jsonb_array_elements_text(c.owner) as owner_id`);
    // The history's metric events are the dashboards phase's to write (bench/phases/dashboards.ts): left to
    // the server, its one-time backfill of two million messages ran beside the first measured runs.
    await sql.query('update metric_rollup set backfilled = true where id = 1');
    await timed(seconds, 'vacuumAnalyze', async () => {
      await sql.query('vacuum analyze contacts');
      await sql.query('vacuum analyze contact_owners');
      await sql.query('vacuum analyze messages');
      await sql.query('vacuum analyze users');
      await sql.query('vacuum analyze devices');
    });
    // The rest vacuumed and every dirty page written now, not by autovacuum and a spread checkpoint while
    // the first phases measure.
    await timed(seconds, 'settle', async () => {
      await sql.query('vacuum analyze');
      await sql.query('checkpoint');
    });
    return { seed: options.seed, tenants: [big, small], seconds };
  } finally {
    await sql.close();
  }
};

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]).endsWith('generate.ts');
if (isMain) {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      contacts: { type: 'string', default: '100000' },
      messages: { type: 'string', default: '2000000' },
      seed: { type: 'string', default: 'conversa' },
    },
  });
  const url = values['database-url'];
  const target: DatabaseTarget = url
    ? { kind: 'postgres', url }
    : { kind: 'embedded', dataDir: resolve(values['data-dir'] ?? 'bench/results/data') };
  const contacts = Number(values.contacts);
  const started = performance.now();
  const data = await generateScaleData({
    target,
    seed: values.seed,
    tenant: { contacts, messages: Number(values.messages), devices: 4, agents: 20 },
    smallTenant: { contacts: 1_000, messages: 10_000, devices: 1, agents: 3 },
    fresh: true,
  });
  log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s ${JSON.stringify(data.seconds)}`);
  log(`sign in as ${data.tenants[0].owner.email} / ${BENCH_PASSWORD}`);
  // Under another key the server cannot open the WhatsApp devices' secrets.
  log(`start the server with SECRET_KEY=${BENCH_SECRET_KEY}`);
}
