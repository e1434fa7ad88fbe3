import { sql } from 'drizzle-orm';
import type { Executor } from '../core/db/database';
import { sendRates } from '../core/db/schema';
import type { SendPacing } from './channel-adapter';

/**
 * Reserves the next `count` send turns in the bucket `key` (refilled at perSecond, holding at most one
 * second's worth), in ONE atomic statement, so every server process on the database shares the limit
 * (PGlite and PostgreSQL alike: INSERT … ON CONFLICT DO UPDATE locks the row). Answers, for each turn in
 * order, how many milliseconds until it comes (0: now). The turns are the caller's either way: the bucket
 * goes below zero for each waiting one, so a crowd of senders is lined up one slot apart instead of racing
 * for every token (a caller that came back and asked again would take a second turn: it keeps the one it
 * was given, see messages' send_turn_at).
 */
export const reserveSendTurns = async (
  db: Executor,
  key: string,
  perSecond: number,
  count: number,
): Promise<number[]> => {
  const capacity = Math.max(1, perSecond);
  const refilled = sql`least(${capacity}::float8, ${sendRates.tokens} + extract(epoch from (clock_timestamp() - ${sendRates.updated_at}))::float8 * ${perSecond}::float8)`;
  const rows = await db
    .insert(sendRates)
    .values({ key, tokens: capacity - count, updated_at: sql`clock_timestamp()` })
    .onConflictDoUpdate({
      target: sendRates.key,
      set: { tokens: sql`${refilled} - ${count}::float8`, updated_at: sql`clock_timestamp()` },
    })
    .returning({ tokens: sendRates.tokens });
  // What the bucket held before these turns; the i-th of them comes once i tokens have been there.
  const before = (rows[0]?.tokens ?? 0) + count;
  return Array.from({ length: count }, (_, index) =>
    Math.max(0, Math.ceil(((index + 1 - before) / perSecond) * 1000)),
  );
};

/**
 * The turns of messages to send on one device, one per chat given (a chat may repeat): a turn in the
 * device's bucket and, where the provider limits each conversation too (Telegram), in the chat's; the
 * later one counts. Answers each message's wait in milliseconds, in order (0: now).
 */
export const reserveTurns = async (
  db: Executor,
  pacing: SendPacing | undefined,
  deviceId: string,
  chats: string[],
): Promise<number[]> => {
  if (!pacing) return chats.map(() => 0);
  const device = `device:${deviceId}`;
  const waits = await reserveSendTurns(db, device, pacing.perSecond, chats.length);
  const perChatPerSecond = pacing.perChatPerSecond;
  if (perChatPerSecond === undefined) return waits;
  const messagesOf = new Map<string, number[]>();
  for (const [index, chat] of chats.entries()) messagesOf.set(chat, [...(messagesOf.get(chat) ?? []), index]);
  await Promise.all(
    [...messagesOf].map(async ([chat, indices]) => {
      const chatWaits = await reserveSendTurns(
        db,
        `${device}:chat:${chat}`,
        perChatPerSecond,
        indices.length,
      );
      for (const [turn, index] of indices.entries())
        waits[index] = Math.max(waits[index] ?? 0, chatWaits[turn] ?? 0);
    }),
  );
  return waits;
};

/** The turns of messages on any devices (each device's messages reserved together), in the order given. */
export const reserveTurnsOf = async (
  db: Executor,
  messages: { deviceId: string; pacing: SendPacing | undefined; chat: string }[],
): Promise<number[]> => {
  const waits: number[] = [];
  const onDevice = new Map<string, number[]>();
  for (const [index, { deviceId }] of messages.entries())
    onDevice.set(deviceId, [...(onDevice.get(deviceId) ?? []), index]);
  for (const [deviceId, indices] of onDevice) {
    const pacing = messages[indices[0] ?? 0]?.pacing;
    const chats = indices.map((index) => messages[index]?.chat ?? '');
    const deviceWaits = await reserveTurns(db, pacing, deviceId, chats);
    for (const [turn, index] of indices.entries()) waits[index] = deviceWaits[turn] ?? 0;
  }
  return waits;
};
