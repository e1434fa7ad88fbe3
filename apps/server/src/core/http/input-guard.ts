import { findUnsafeInput } from '@conversa/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MessageKey } from '../i18n/i18n';
import { badRequest } from './app-error';

/**
 * One check before any route's own validation, for every route and webhook: a NUL character or a lone
 * surrogate (half an emoji) in any string or key of the path, the query or the body (PostgreSQL text cannot
 * store the one, its jsonb the other), or a body nested deeper than the domain's limit, answers 400 naming
 * the field. Routes whose body is a provider's payload are not refused for them (`config.providerPayload`):
 * a provider cannot retype its message, so the messages webhook stores its texts without NULs and with U+FFFD
 * for each lone surrogate.
 */
export const registerInputGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const parts: [unknown, boolean][] = [
      [request.params, true],
      [request.query, true],
      [request.body, !request.routeOptions.config.providerPayload],
    ];
    for (const [value, checkText] of parts) {
      const issue = findUnsafeInput(value, { checkText });
      if (issue) throw badRequest([{ path: issue.path, message: issue.message as MessageKey }]);
    }
  });
};
