import { EXPIRED_TOKEN } from '@conversa/domain';
import { AppError } from '../http/app-error';
import type { AuthContext } from '../http/fastify-types';
import type { SessionsRepository } from './sessions.repository';
import { hashToken } from './tokens';

/** Why a token was refused; 'expired' covers revoked ones too, since the web treats both alike. */
export type TokenProblem = 'missing' | 'invalid' | 'expired';

export type SessionResult = { ok: true; auth: AuthContext } | { ok: false; problem: TokenProblem };

/** Last seen is written at most this often per session, so a busy session costs no write per request. */
export const LAST_SEEN_EVERY_MS = 60_000;

/**
 * Resolves a bearer token to its caller, shared by the HTTP hook and the socket handshake. A session of a
 * deactivated user or of a blocked company is refused like a revoked one, whatever its own state.
 */
export const createSessionResolver = (
  sessions: SessionsRepository,
  onTouchFailed: (error: unknown) => void = () => {},
) => ({
  async resolve(token: string | undefined): Promise<SessionResult> {
    if (!token) return { ok: false, problem: 'missing' };
    // A token of the wrong shape cannot be ours; skip the lookup.
    if (token.length > 128) return { ok: false, problem: 'invalid' };
    const session = await sessions.findByTokenHash(hashToken(token));
    if (!session) return { ok: false, problem: 'invalid' };
    const now = Date.now();
    if (
      session.revokedAt ||
      session.expiresAt.getTime() <= now ||
      !session.userActive ||
      session.clientStatus !== 'active'
    )
      return { ok: false, problem: 'expired' };
    if (now - session.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
      // Not awaited: the request need not wait for a bookkeeping write, and a failure only loses a timestamp.
      sessions
        .touch(session.sessionId, new Date(now), new Date(now - LAST_SEEN_EVERY_MS))
        .catch(onTouchFailed);
    }
    return {
      ok: true,
      auth: {
        userId: session.userId,
        clientId: session.clientId,
        account: session.account,
        userAccess: session.userAccess,
        clientAccess: session.clientAccess,
        market: session.market,
        sessionId: session.sessionId,
        ...(session.impersonatedBy ? { impersonatedBy: session.impersonatedBy } : {}),
      },
    };
  },
});

export type SessionResolver = ReturnType<typeof createSessionResolver>;

/** The 401 a refused token answers; 'Expired Token' is the exact text the web reacts to. */
export const tokenError = (problem: TokenProblem): AppError =>
  problem === 'expired' ? new AppError(401, 'info.expiredToken') : new AppError(401, 'info.invalidToken');

export const tokenProblemMessage = (problem: TokenProblem): string =>
  problem === 'expired' ? EXPIRED_TOKEN : 'Invalid token';
