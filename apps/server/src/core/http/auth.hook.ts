import { API_KEY_HEADER, API_KEY_PREFIX, hasAccess, isLocale } from '@conversa/domain';
import type { FastifyRequest } from 'fastify';
import { type SessionResolver, type SessionResult, tokenError } from '../auth/session-resolver';
import { AppError, forbidden, notFound, unauthorized } from './app-error';
import type { AuthContext } from './fastify-types';

/** The token from `Authorization: Bearer …` or, as the web historically sends it, `access-token`. */
export const tokenOf = (request: FastifyRequest): string | undefined => {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim() || undefined;
  const header = request.headers['access-token'];
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim() || undefined;
};

/** A company API key from `X-API-Key`, or a bearer token that is one (it starts with `cvk_`). */
export const apiKeyOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers[API_KEY_HEADER];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (value) return value;
  const token = tokenOf(request);
  return token?.startsWith(API_KEY_PREFIX) ? token : undefined;
};

/** Resolves a company API key to the caller it stands for (modules/api-keys). */
export type ApiKeyResolver = { resolve: (key: string) => Promise<SessionResult> };

/**
 * One hook for every API route: checks the `{locale}` segment, resolves the caller from the token (or from
 * an API key, which reaches only the routes that declare `apiKeyAccess`), then applies the route's declared
 * `permission`, `masterOnly` and `isPersonal`. Later modules only declare what they need.
 */
export const createAuthHook =
  (resolver: SessionResolver, apiKeys?: ApiKeyResolver) => async (request: FastifyRequest) => {
    const params = request.params as Record<string, unknown> | undefined;
    if (params && 'locale' in params && !isLocale(params.locale)) throw notFound();

    const config = request.routeOptions.config;
    if (config.isPublic) return;

    const key = apiKeys ? apiKeyOf(request) : undefined;
    const result = key && apiKeys ? await apiKeys.resolve(key) : await resolver.resolve(tokenOf(request));
    if (!result.ok) throw tokenError(result.problem);
    request.auth = { ...result.auth, ip: request.ip, locale: request.locale };
    if (result.auth.apiKey && !config.apiKeyAccess) throw new AppError(403, 'info.apiKeyRouteNotAllowed');

    if (config.masterOnly && result.auth.account !== 'master') throw forbidden();
    if (config.permission && !hasAccess(result.auth, config.permission)) throw forbidden();
    if (config.isPersonal && result.auth.impersonatedBy)
      throw new AppError(403, 'info.impersonationPersonal');
  };

/** The caller of a route behind the auth hook. */
export const requireAuth = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw unauthorized();
  return request.auth;
};
