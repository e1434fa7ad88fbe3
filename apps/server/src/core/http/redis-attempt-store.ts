import { sql } from 'drizzle-orm';
import { createClient } from 'redis';
import type { Database } from '../db/database';
import type { AttemptStore } from './attempt-store';

/**
 * KEYS[1] the counter (a hash); ARGV[1] the window, ARGV[2] how long the key is kept after a counted
 * attempt, ARGV[3…] the waits after 0, 1, 2… attempts, all in ms. Answers the wait, 0 when counted.
 */
const TAKE = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local row = redis.call('HMGET', KEYS[1], 'attempts', 'window_ends_at', 'last_attempt_at')
local attempts = tonumber(row[1]) or 0
local windowEndsAt = tonumber(row[2]) or 0
local wait = (tonumber(row[3]) or 0) + tonumber(ARGV[math.min(attempts, #ARGV - 3) + 3]) - now
if wait > 0 then return wait end
if windowEndsAt <= now then
  attempts = 0
  windowEndsAt = now + tonumber(ARGV[1])
end
redis.call('HSET', KEYS[1], 'attempts', attempts + 1, 'window_ends_at', windowEndsAt, 'last_attempt_at', now)
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 0`;

// An expired key must stay gone: HINCRBY alone would bring it back without an expiry.
const REFUND = `
if (tonumber(redis.call('HGET', KEYS[1], 'attempts')) or 0) > 0 then
  redis.call('HINCRBY', KEYS[1], 'attempts', -1)
end
return 0`;

/**
 * Attempt counters in Redis, each take one Lua script (atomic on the server). Keys carry the database's
 * name, so installations, or test files, sharing one Redis never count each other's attempts.
 */
export const createRedisAttemptStore = async (
  db: Database,
  redisUrl: string,
  logger: { error: (object: unknown, message: string) => void },
): Promise<AttemptStore> => {
  const result = (await db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const namespace = `conversa:attempts:${result.rows[0]?.name}:`;
  // Without Redis a sign-in fails at once rather than queueing until it comes back.
  const client = createClient({ url: redisUrl, disableOfflineQueue: true });
  client.on('error', (error) => logger.error({ err: error }, 'redis error'));
  await client.connect();

  return {
    async take(key, policy) {
      const kept = Math.max(policy.windowMs, ...policy.waitsMs);
      const wait = await client.eval(TAKE, {
        keys: [namespace + key],
        arguments: [policy.windowMs, kept, ...policy.waitsMs].map(String),
      });
      return Number(wait);
    },
    async refund(key) {
      await client.eval(REFUND, { keys: [namespace + key] });
    },
    async reset(key) {
      await client.del(namespace + key);
    },
    async close() {
      await client.quit().catch(() => undefined);
    },
  };
};
