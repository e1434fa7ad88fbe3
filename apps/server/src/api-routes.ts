import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from './core/db/database';
import { createAuthHook } from './core/http/auth.hook';
import { jobsRoutes } from './core/jobs/jobs.routes';
import { realtimeEventsRoutes } from './core/realtime/realtime-events.routes';
import { accountRoutes } from './modules/account/account.routes';
import { agendaRoutes } from './modules/agenda/agenda.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { impersonationRoutes } from './modules/auth/impersonation.routes';
import { securityRoutes } from './modules/auth/security.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { callsRoutes } from './modules/calls/calls.routes';
import { clientsRoutes } from './modules/clients/clients.routes';
import { clientsAdminRoutes } from './modules/clients/clients-admin.routes';
import { confirmationsRoutes } from './modules/confirmations/confirmations.routes';
import { contactsRoutes } from './modules/contacts/contacts.routes';
import { dealsRoutes } from './modules/deals/deals.routes';
import { deviceQrRoutes } from './modules/devices/device-qr.routes';
import { devicesRoutes } from './modules/devices/devices.routes';
import { devicesAdminRoutes } from './modules/devices-admin/devices-admin.routes';
import { diffusionsRoutes } from './modules/diffusions/diffusions.routes';
import { extractionsRoutes } from './modules/extractions/extractions.routes';
import { featuresRoutes } from './modules/features/features.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { integrationsRoutes } from './modules/integrations/integrations.routes';
import { leadsRoutes } from './modules/leads/leads.routes';
import { listDinamicRoutes } from './modules/listdinamic/listdinamic.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { dashboardRoutes } from './modules/metrics/dashboard.routes';
import { newslettersRoutes } from './modules/newsletters/newsletters.routes';
import { notesRoutes } from './modules/notes/notes.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { pipelinesRoutes } from './modules/pipelines/pipelines.routes';
import { plansRoutes } from './modules/plans/plans.routes';
import { pushRoutes } from './modules/push/push.routes';
import { createPaidGate } from './modules/quotas/paid-gate';
import { quotasRoutes } from './modules/quotas/quotas.routes';
import { storageRoutes } from './modules/storage/storage.routes';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { templatesRoutes } from './modules/templates/templates.routes';
import { usersRoutes } from './modules/users/users.routes';
import { usersAdminRoutes } from './modules/users-admin/users-admin.routes';
import { viewsRoutes } from './modules/views/views.routes';
import { webhooksLogRoutes } from './modules/webhooks/webhooks.routes';

/** What a route plugin is registered with. */
type OptionsOf<P> =
  P extends FastifyPluginAsyncZod<infer O> ? O : P extends FastifyPluginAsync<infer O> ? O : never;

/** Each module's routes with the services they answer through, as buildApp put them together. */
export type ApiRoutes = {
  account: OptionsOf<typeof accountRoutes>;
  auth: OptionsOf<typeof authRoutes>;
  security: OptionsOf<typeof securityRoutes>;
  users: OptionsOf<typeof usersRoutes>;
  clients: OptionsOf<typeof clientsRoutes>;
  clientsAdmin: OptionsOf<typeof clientsAdminRoutes>;
  impersonation: OptionsOf<typeof impersonationRoutes>;
  usersAdmin: OptionsOf<typeof usersAdminRoutes>;
  plans: OptionsOf<typeof plansRoutes>;
  quotas: OptionsOf<typeof quotasRoutes>;
  features: OptionsOf<typeof featuresRoutes>;
  devicesAdmin: OptionsOf<typeof devicesAdminRoutes>;
  devices: OptionsOf<typeof devicesRoutes>;
  deviceQr: OptionsOf<typeof deviceQrRoutes>;
  contacts: OptionsOf<typeof contactsRoutes>;
  leads: OptionsOf<typeof leadsRoutes>;
  pipelines: OptionsOf<typeof pipelinesRoutes>;
  deals: OptionsOf<typeof dealsRoutes>;
  payments: OptionsOf<typeof paymentsRoutes>;
  imports: OptionsOf<typeof importsRoutes>;
  messages: OptionsOf<typeof messagesRoutes>;
  diffusions: OptionsOf<typeof diffusionsRoutes>;
  integrations: OptionsOf<typeof integrationsRoutes>;
  agenda: OptionsOf<typeof agendaRoutes>;
  confirmations: OptionsOf<typeof confirmationsRoutes>;
  webhooksLog: OptionsOf<typeof webhooksLogRoutes>;
  apiKeys: OptionsOf<typeof apiKeysRoutes>;
  notes: OptionsOf<typeof notesRoutes>;
  storage: OptionsOf<typeof storageRoutes>;
  extractions: OptionsOf<typeof extractionsRoutes>;
  push: OptionsOf<typeof pushRoutes>;
  calls: OptionsOf<typeof callsRoutes>;
  billing: OptionsOf<typeof billingRoutes>;
  tasks: OptionsOf<typeof tasksRoutes>;
  listDinamic: OptionsOf<typeof listDinamicRoutes>;
  audit: OptionsOf<typeof auditRoutes>;
  views: OptionsOf<typeof viewsRoutes>;
  templates: OptionsOf<typeof templatesRoutes>;
  realtimeEvents: OptionsOf<typeof realtimeEventsRoutes>;
  newsletters: OptionsOf<typeof newslettersRoutes>;
  jobs: OptionsOf<typeof jobsRoutes>;
  dashboard: OptionsOf<typeof dashboardRoutes>;
};

type ApiOptions = {
  resolver: Parameters<typeof createAuthHook>[0];
  apiKeyResolver: Parameters<typeof createAuthHook>[1];
  db: Database;
  routes: ApiRoutes;
};

/**
 * The versioned API under /api/v1: every request is authenticated (a session or an API key) and a company
 * past its plan is held at the paid gate; the account bundle answers without a locale, every other route
 * under `/{locale}` (its texts in that language).
 */
export const apiRoutes: FastifyPluginAsync<ApiOptions> = async (
  api,
  { resolver, apiKeyResolver, db, routes },
) => {
  api.addHook('onRequest', createAuthHook(resolver, apiKeyResolver));
  api.addHook('onRequest', createPaidGate(db));
  await api.register(accountRoutes, routes.account);
  await api.register(
    async (localized) => {
      await localized.register(authRoutes, routes.auth);
      await localized.register(securityRoutes, routes.security);
      await localized.register(usersRoutes, routes.users);
      await localized.register(clientsRoutes, routes.clients);
      await localized.register(clientsAdminRoutes, routes.clientsAdmin);
      await localized.register(impersonationRoutes, routes.impersonation);
      await localized.register(usersAdminRoutes, routes.usersAdmin);
      await localized.register(plansRoutes, routes.plans);
      await localized.register(quotasRoutes, routes.quotas);
      await localized.register(featuresRoutes, routes.features);
      await localized.register(devicesAdminRoutes, routes.devicesAdmin);
      await localized.register(devicesRoutes, routes.devices);
      await localized.register(deviceQrRoutes, routes.deviceQr);
      await localized.register(contactsRoutes, routes.contacts);
      await localized.register(leadsRoutes, routes.leads);
      await localized.register(pipelinesRoutes, routes.pipelines);
      await localized.register(dealsRoutes, routes.deals);
      await localized.register(paymentsRoutes, routes.payments);
      await localized.register(importsRoutes, routes.imports);
      await localized.register(messagesRoutes, routes.messages);
      await localized.register(diffusionsRoutes, routes.diffusions);
      await localized.register(integrationsRoutes, routes.integrations);
      await localized.register(agendaRoutes, routes.agenda);
      await localized.register(confirmationsRoutes, routes.confirmations);
      await localized.register(webhooksLogRoutes, routes.webhooksLog);
      await localized.register(apiKeysRoutes, routes.apiKeys);
      await localized.register(notesRoutes, routes.notes);
      await localized.register(storageRoutes, routes.storage);
      await localized.register(extractionsRoutes, routes.extractions);
      await localized.register(pushRoutes, routes.push);
      await localized.register(callsRoutes, routes.calls);
      await localized.register(billingRoutes, routes.billing);
      await localized.register(tasksRoutes, routes.tasks);
      await localized.register(listDinamicRoutes, routes.listDinamic);
      await localized.register(auditRoutes, routes.audit);
      await localized.register(viewsRoutes, routes.views);
      await localized.register(templatesRoutes, routes.templates);
      await localized.register(realtimeEventsRoutes, routes.realtimeEvents);
      await localized.register(newslettersRoutes, routes.newsletters);
      await localized.register(jobsRoutes, routes.jobs);
      await localized.register(dashboardRoutes, routes.dashboard);
    },
    { prefix: '/:locale' },
  );
};
