import type { AccountType, Locale, PermissionKey } from '@conversa/domain';
import type { Server as SocketServer } from 'socket.io';
import type { DatabaseConnection } from '../db/database';

/** Who is calling, resolved from the session token; the tenant of every query comes from here. */
export type AuthContext = {
  userId: string;
  clientId: string;
  account: AccountType;
  userAccess: string[];
  clientAccess: string[];
  market: boolean;
  sessionId: string;
  /** The master's user id when this session is the master acting as the company's owner. */
  impersonatedBy?: string;
  /** Where the request came from (the audit log's `ip`); absent for work the server does on its own. */
  ip?: string;
  /** The language the caller reads (the request's): the `msg` of the notifications their writes send. */
  locale?: Locale;
  /** Set when the caller is an outside system with a company API key (no user): the audit log names it. */
  apiKey?: { id: string; name: string };
};

// Fastify's extension points are interfaces; declaration merging needs `interface` here.
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes reachable without a token (sign-up, login, restore). */
    isPublic?: boolean;
    /** The permission a caller needs, checked with the domain's hasAccess. */
    permission?: PermissionKey;
    /** Platform administration: only the master account may call it. */
    masterOnly?: boolean;
    /** An outside system's API key may call it (its scopes still decide by `permission`); others answer 403. */
    apiKeyAccess?: boolean;
    /** The body is a provider's payload: NULs and lone surrogates in its text are cleaned later, not refused. */
    providerPayload?: boolean;
    /**
     * The signed-in person's own account (their credentials, what they have seen): only they may act on it,
     * so an impersonation session is refused (403). Otherwise the master could lock the owner out behind
     * the master's authenticator, learn a password outside the audited impersonation, or consume what was
     * meant for the owner's eyes.
     */
    isPersonal?: boolean;
  }
  interface FastifyRequest {
    locale: Locale;
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    io: SocketServer;
    database: DatabaseConnection;
  }
}
