import { isOptOutText, WHATSAPP_OPT_OUT_CODE, WHATSAPP_PAUSE_CODES } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../core/db/database';
import { recordset } from '../../core/db/recordset';
import type { EventBus } from '../../core/events';
import type { InboundBatchWrite } from '../messages/inbound-writer';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The provider code a message's error text ends with (`… (#131050)`), if any. */
const codeOf = (error: string): number | undefined => {
  const match = /\(#(\d+)\)\s*$/.exec(error);
  return match ? Number(match[1]) : undefined;
};

/**
 * Customers' messages, in the transaction of the inbound batch that stores them: an answer after a
 * diffusion's send marks its recipient replied (counted in count_current_responses), for the whole batch
 * in one statement (every inbound message passes here).
 */
export const markReplied: InboundBatchWrite = (clientId, rows) => {
  if (rows.length === 0) return undefined;
  const arrivals = rows.map((row) => ({ contact_id: row.contact_id, at: row.create_date }));
  return sql`replied as (
      update diffusion_recipients r set replied = true
      from jsonb_to_recordset(${recordset(arrivals)}) as m(contact_id uuid, at timestamptz)
      where r.client_id = ${clientId} and r.contact_id = m.contact_id and not r.replied
        and r.state in ('sent', 'delivered', 'read') and r.sent_at <= m.at
      returning r.diffusion_id),
    replies_counted as (update diffusions d set count_current_responses = count_current_responses + c.replies
      from (select diffusion_id, count(*)::integer as replies from replied group by diffusion_id) c
      where d.client_id = ${clientId} and d.id = c.diffusion_id)`;
};

/**
 * What the conversation tells the diffusions, after each change committed: an inbound opt-out word stops
 * every later marketing send to that phone (typed, not a pressed button: a patient's "Cancelar" on an
 * appointment's confirmation request cancels the appointment, not the marketing); the provider's receipts
 * move a recipient sent → delivered → read, or failed (131050 is an opt-out; a pause code pauses its
 * diffusion).
 */
export const registerDiffusionListeners = (db: Database, events: EventBus) => {
  events.on('message.created', async ({ clientId, message }) => {
    if (message.fromMe) return;
    if (message.button_reply || !isOptOutText(message.body)) return;
    await db.execute(sql`insert into marketing_opt_outs (client_id, phone, reason)
      select client_id, phone, 'word' from contacts where client_id = ${clientId} and id = ${message.contact_id}
      on conflict do nothing`);
  });

  events.on('message.updated', async ({ clientId, message }) => {
    if (!message.fromMe) return;
    if (message.status === 'recive' || message.status === 'read') {
      const state = message.status === 'read' ? 'read' : 'delivered';
      const from = state === 'read' ? sql`('sent', 'delivered')` : sql`('sent')`;
      await db.execute(sql`update diffusion_recipients set state = ${state}
        where client_id = ${clientId} and message_id = ${message.id} and state in ${from}`);
      return;
    }
    if (message.status !== 'error') return;
    const code = codeOf(message.error);
    const optedOut = code === WHATSAPP_OPT_OUT_CODE;
    const failed = rowsOf<{ diffusion_id: string; phone: string }>(
      await db.execute(sql`update diffusion_recipients
        set state = ${optedOut ? 'skipped' : 'failed'}, reason = ${optedOut ? 'optout' : 'provider'},
          detail = ${message.error.slice(0, 500)}
        where client_id = ${clientId} and message_id = ${message.id} and state in ('sent', 'delivered', 'read')
        returning diffusion_id, phone`),
    );
    const recipient = failed[0];
    if (!recipient) return;
    if (optedOut) {
      await db.execute(sql`insert into marketing_opt_outs (client_id, phone, reason)
        values (${clientId}, ${recipient.phone}, ${String(code)}) on conflict do nothing`);
    }
    const pauseReason = code === undefined ? undefined : WHATSAPP_PAUSE_CODES[code];
    if (pauseReason) {
      await db.execute(sql`update diffusions set status = 'paused', pause_reason = ${pauseReason}
        where client_id = ${clientId} and id = ${recipient.diffusion_id} and status = 'running'`);
    }
  });
};
