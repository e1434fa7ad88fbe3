import type { FastifyRequest } from 'fastify';
import type { Database } from '../../core/db/database';
import { preconditionFailed } from '../../core/http/app-error';
import { createQuotasRepository } from './quotas.repository';
import { isCompanyUnpaid } from './quotas.service';

/** The route actions that make a new record; sends are refused by the quota spend itself. */
const CREATING_ACTIONS = new Set(['create', 'import']);

/**
 * An unpaid company still reads everything but makes nothing new (spec section 4, plan expired): one
 * hook for every route whose permission creates, after the auth hook has named the caller.
 */
export const createPaidGate = (db: Database) => async (request: FastifyRequest) => {
  const auth = request.auth;
  const action = request.routeOptions.config.permission?.split('.')[1];
  if (!auth || auth.account === 'master' || !action || !CREATING_ACTIONS.has(action)) return;
  const company = await createQuotasRepository(db).companyOf(auth.clientId);
  if (company?.plan && isCompanyUnpaid(company)) throw preconditionFailed('info.planExpired');
};
