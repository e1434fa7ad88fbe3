import { BOT_MESSAGE_OWNER } from '@conversa/domain';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { integrationDevices, messages } from '../../core/db/schema';
import type { BotTurn } from '../../integrations/bot-adapter';

/** What the bot engine reads of the conversation. */
export const createBotsRepository = (db: Executor) => ({
  /** Whether a message with one of these temp ids is already in the conversation (the job ran before). */
  async hasMessage(clientId: string, contactId: string, tempIds: string[]): Promise<boolean> {
    const rows = await db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.client_id, clientId),
          eq(messages.contact_id, contactId),
          eq(messages.from_me, true),
          inArray(messages.temp_id, tempIds),
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  /** The bot's messages since midnight in the company's time zone, on every device it answers. */
  async sentToday(clientId: string, integrationId: string, timezone: string): Promise<number> {
    const result = (await db.execute(sql`select count(*)::int as sent from ${messages}
      where ${messages.client_id} = ${clientId} and ${messages.from_me} and ${messages.owner} = ${BOT_MESSAGE_OWNER}
        and ${messages.device_id} in (select ${integrationDevices.device_id} from ${integrationDevices}
          where ${integrationDevices.integration_id} = ${integrationId})
        and ${messages.create_date} >= date_trunc('day', now() at time zone ${timezone}) at time zone ${timezone}`)) as unknown as {
      rows: { sent: number }[];
    };
    return Number(result.rows[0]?.sent ?? 0);
  },

  /** The conversation's last `limit` messages up to the one answered (`messageId`), oldest first. */
  async lastTurns(clientId: string, contactId: string, messageId: string, limit: number): Promise<BotTurn[]> {
    const rows = await db
      .select({ from_me: messages.from_me, body: messages.body, type: messages.type })
      .from(messages)
      .where(
        and(
          eq(messages.client_id, clientId),
          eq(messages.contact_id, contactId),
          eq(messages.deleted, false),
          // Compared in the database: a JavaScript Date would cut the timestamp's microseconds.
          lte(
            messages.create_date,
            sql`(select ${messages.create_date} from ${messages} where ${messages.id} = ${messageId})`,
          ),
        ),
      )
      .orderBy(desc(messages.create_date), desc(messages.id))
      .limit(limit);
    // A file without a caption still tells the bot what the customer sent.
    return rows.reverse().map((row) => ({ from_me: row.from_me, body: row.body || `[${row.type}]` }));
  },
});
