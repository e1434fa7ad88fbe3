import { findUnsafeInput } from '@conversa/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MessageKey } from '../i18n/i18n';
import { badRequest } from './app-error';

/**
 * One check before any route's own validation, for every route and webhook: a NUL character in any string
 * or key of the path, the query or the body (PostgreSQL text cannot store it), or a body nested deeper than
 * the domain's limit, answers 400 naming the field. Routes whose body is a provider's payload keep NULs in
 * it (`config.providerPayload`): the inbound writer drops them from the customer's text.
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
