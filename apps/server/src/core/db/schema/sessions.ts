import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { users } from './users';

/** Login sessions; only the SHA-256 of the opaque token is stored, so a database leak yields no tokens. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token_hash: text('token_hash').notNull().unique(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    // What the profile shows of a session: a short device description and the sign-in address.
    device: text('device').notNull().default(''),
    ip: text('ip').notNull().default(''),
    // Refreshed at most once a minute by the resolver, so a busy session costs no write per request.
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    // A master's session as a company's owner (impersonation): the master's user id, shown and audited.
    impersonated_by: uuid('impersonated_by').references(() => users.id, { onDelete: 'cascade' }),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sessions_client_id_idx').on(table.client_id),
    index('sessions_user_id_idx').on(table.user_id),
  ],
);

export type LoginChallengeKind = 'code' | 'enroll';

/**
 * A sign-in whose password was right but whose second factor is still owed ('code'), or whose company
 * requires two-factor and who must enroll first ('enroll'). Hashed like sessions; no session exists yet.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token_hash: text('token_hash').notNull().unique(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LoginChallengeKind>().notNull(),
    device: text('device').notNull().default(''),
    ip: text('ip').notNull().default(''),
    failures: integer('failures').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_challenges_client_id_idx').on(table.client_id),
    index('login_challenges_user_id_idx').on(table.user_id),
  ],
);

/** Single-use two-factor recovery codes; only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('recovery_codes_client_id_idx').on(table.client_id),
    index('recovery_codes_user_id_idx').on(table.user_id),
  ],
);

/** Password-reset links; single use, hashed like sessions. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token_hash: text('token_hash').notNull().unique(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('password_resets_client_id_idx').on(table.client_id),
    index('password_resets_user_id_idx').on(table.user_id),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
