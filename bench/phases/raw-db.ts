import { randomUUID } from 'node:crypto';
import { splitFullName } from '@conversa/domain';
import type { BenchTenant } from '../generate';
import type { Query, Sql } from '../lib/db';
import { Histogram, type Summary } from '../lib/histogram';
import { FIRST_NAMES, LAST_NAMES, PHRASES } from '../lib/names';
import { seededRandom } from '../lib/random';
import { pcts, type Row } from '../lib/report';
import type { Check } from './checks';
import type { PhaseContext, Results } from './context';

export const RAW_PHONE_PREFIX = '566';
export const RAW_ID_PREFIX = 'raw';

export type RawDbResult = { connections: number; operations: number; perSecond: number; latency: Summary };

/** Rolls the raw transaction back when the message was a repeat, as the server does. */
class Repeated extends Error {}

export type RawInbound = {
  clientId: string;
  deviceId: string;
  phone: string;
  fullName: string;
  body: string;
  providerId: string;
};

/** The `message.create` notification the server sends for an inbound message: the message and its conversation. */
export type RawNotification = { module: 'message'; action: 'create'; data: unknown[]; msg: ''; ref: string };

/**
 * The database work one inbound message needs when it is written alone, in its own transaction (as the
 * server's inbound writer does while a company is quiet): the device comes from the server's in-process
 * cache (no query per message), then upsert the contact (create it or raise its counters, with the
 * message's summary), insert the message unless it is a repeat (a repeat rolls back), and write its outbox
 * notification (the message carrying its conversation). Straight through the driver. Under load the
 * server gathers concurrent messages into one transaction (`inbound-writer.ts`), so it can pass this limit.
 * Answers the notification, or null for a repeat.
 */
export const writeInboundRaw = async (sql: Sql, input: RawInbound): Promise<RawNotification | null> => {
  const name = splitFullName(input.fullName);
  const id = randomUUID();
  const timestamp = new Date();
  const summary = {
    id,
    body: input.body,
    fromMe: false,
    message_id: input.providerId,
    status: 'recive',
    timestamp: timestamp.toISOString(),
    type_msg: 'chat',
    owner: '',
    device_id: input.deviceId,
  };
  try {
    return await sql.transaction(async (query: Query) => {
      const contact = (
        await query<Record<string, unknown> & { id: string }>(
          `insert into contacts (client_id, first_name, last_name, full_name, phone, country, device_id,
             numpending, numtotal, last_message, last_message_at, last_inbound_at)
           values ($1, $2, $3, $4, $5, 'CL', $6, 1, 1, $7::jsonb, now(), now())
           on conflict (client_id, phone) do update set numpending = contacts.numpending + 1,
             numtotal = contacts.numtotal + 1, last_message = excluded.last_message,
             last_message_at = excluded.last_message_at, last_inbound_at = excluded.last_inbound_at,
             device_id = excluded.device_id
           returning *`,
          [
            input.clientId,
            name.first_name,
            name.last_name,
            name.full_name,
            input.phone,
            input.deviceId,
            JSON.stringify(summary),
          ],
        )
      )[0];
      if (!contact) throw new Error('upsert returned no row');
      const message = (
        await query<Record<string, unknown>>(
          `insert into messages (id, client_id, contact_id, device_id, from_me, message_id, type, body, status, timestamp)
           values ($1, $2, $3, $4, false, $5, 'chat', $6, 'recive', $7)
           on conflict (device_id, message_id) do nothing returning *`,
          [id, input.clientId, contact.id, input.deviceId, input.providerId, input.body, timestamp],
        )
      )[0];
      if (!message) throw new Repeated();
      const data = [
        {
          ...message,
          fromMe: false,
          conversation: {
            ...contact,
            // The device summary the server takes from its cached device row.
            device: {
              id: input.deviceId,
              name: 'sandbox',
              color: '#1f2937',
              background_color: '#e5e7eb',
              status: 'connected',
              type: 'sandbox',
            },
          },
        },
      ];
      await query(
        `insert into realtime_events (client_id, module, action, data, msg, ref)
         values ($1, 'message', 'create', $2::jsonb, '', $3)
         returning *`,
        [input.clientId, JSON.stringify(data), contact.id],
      );
      return {
        module: 'message',
        action: 'create',
        data,
        msg: '',
        ref: contact.id,
      } satisfies RawNotification;
    });
  } catch (error) {
    if (error instanceof Repeated) return null;
    throw error;
  }
};

const receiveOnce = async (sql: Sql, tenant: BenchTenant, random: () => number, counter: number) => {
  const device = tenant.devices[Math.floor(random() * tenant.devices.length)];
  if (!device) throw new Error('no device');
  const isNew = random() < 0.3;
  const index =
    1 + Math.floor(random() * (isNew ? Math.max(100, tenant.size.contacts / 10) : tenant.size.contacts));
  await writeInboundRaw(sql, {
    clientId: tenant.clientId,
    deviceId: device.id,
    phone: `${isNew ? RAW_PHONE_PREFIX : tenant.phonePrefix}${String(index).padStart(8, '0')}`,
    fullName: `${FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)]} ${LAST_NAMES[Math.floor(random() * LAST_NAMES.length)]}`,
    body: PHRASES[Math.floor(random() * PHRASES.length)] ?? '',
    providerId: `${RAW_ID_PREFIX}-${counter}`,
  });
};

export const runRawDb = async (
  sql: Sql,
  tenant: BenchTenant,
  connections: number,
  seconds: number,
): Promise<RawDbResult> => {
  const random = seededRandom('raw');
  const latency = new Histogram();
  let counter = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  const loop = async () => {
    while (performance.now() < deadline) {
      counter += 1;
      const at = performance.now();
      await receiveOnce(sql, tenant, random, counter);
      latency.record(performance.now() - at);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  return {
    connections,
    operations: counter,
    perSecond: Math.round(counter / elapsed),
    latency: latency.summary(),
  };
};

/** The phase with the product stopped: the raw work on the profile's connections. */
export const rawDbPhase = async ({ profile, results, log }: PhaseContext, sql: Sql, tenant: BenchTenant) => {
  log(`raw database work on ${profile.limits.rawConnections} connection(s)`);
  results.rawDb = await runRawDb(sql, tenant, profile.limits.rawConnections, profile.limits.rawSeconds);
};

/** The limit holds only if its work was real: every operation's message is stored. */
export const rawDbCheck = async (sql: Sql, tenant: BenchTenant, rawDb: RawDbResult): Promise<Check> => {
  const [row] = await sql.query<{ n: string }>(
    'select count(*) as n from messages where client_id = $1 and message_id like $2',
    [tenant.clientId, `${RAW_ID_PREFIX}-%`],
  );
  return {
    name: 'raw limit: every operation stored',
    expected: rawDb.operations,
    actual: Number(row?.n ?? 0),
    ok: Number(row?.n ?? 0) === rawDb.operations,
  };
};

/** Its latency alone: its rate is the ingest rows' limit. */
export const rawDbRows = (r: Results): Row[] =>
  r.rawDb
    ? [
        {
          metric: `raw DB work per inbound message, ${r.rawDb.connections} connection(s): p50 / p95 / p99`,
          ours: pcts(r.rawDb.latency),
          limit: '',
          ratio: '',
          target: '',
          verdict: '',
        },
      ]
    : [];
