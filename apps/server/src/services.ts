import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ApiRoutes } from './api-routes';
import type { BuildOptions } from './app';
import { createPaymentRegistry } from './billing/payment-registry';
import { createChannelRegistry } from './channels/channel-registry';
import { createSessionResolver } from './core/auth/session-resolver';
import { createSessionsRepository } from './core/auth/sessions.repository';
import type { Config } from './core/config';
import { createSecretBox, createUrlSigner } from './core/crypto/secret-box';
import type { DatabaseConnection } from './core/db/database';
import { createEventBus } from './core/events';
import { createAttemptStore } from './core/http/attempt-store';
import { pruneAttemptCounters } from './core/http/postgres-attempt-store';
import { createJobQueue } from './core/jobs/job-queue';
import { createJobsService } from './core/jobs/jobs.service';
import { createMailer } from './core/mail/mailer';
import { registerMetrics } from './core/metrics/metrics';
import { createRealtimeEventsRepository } from './core/realtime/realtime-events.repository';
import { createLocalFileStore } from './core/storage/file-store';
import { createS3FileStore } from './core/storage/s3-file-store';
import { createAccountService } from './modules/account/account.service';
import { setUpApiKeys } from './modules/api-keys/api-keys.setup';
import { createAuditService } from './modules/audit/audit.service';
import { createAuthService } from './modules/auth/auth.service';
import { createImpersonationService } from './modules/auth/impersonation.service';
import { createSessionsService } from './modules/auth/sessions.service';
import { createSignInGuard } from './modules/auth/sign-in-guard';
import { createTwoFactorService } from './modules/auth/two-factor.service';
import { setUpBilling } from './modules/billing/billing.setup';
import { createClientsService } from './modules/clients/clients.service';
import { createClientsAdminService } from './modules/clients/clients-admin.service';
import { contactImportTarget } from './modules/contacts/contacts.import';
import { createContactsService } from './modules/contacts/contacts.service';
import { dealImportTarget } from './modules/deals/deals.import';
import { createDealsService } from './modules/deals/deals.service';
import { setUpDeviceSessions } from './modules/devices/device-sessions';
import { createDevicesService } from './modules/devices/devices.service';
import { createDevicesAdminService } from './modules/devices-admin/devices-admin.service';
import { setUpDiffusions } from './modules/diffusions/diffusions.setup';
import { setUpExtractions } from './modules/extractions/extractions.setup';
import { createFeaturesService } from './modules/features/features.service';
import { createImportRunner } from './modules/imports/import-runner';
import { defineImportJobs } from './modules/imports/imports.jobs';
import { createImportsService } from './modules/imports/imports.service';
import { leadImportTarget } from './modules/leads/leads.import';
import { createLeadsService } from './modules/leads/leads.service';
import { createListDinamicService } from './modules/listdinamic/listdinamic.service';
import { defineMessageJobs } from './modules/messages/messages.jobs';
import { createMessagesService } from './modules/messages/messages.service';
import { setUpMetrics } from './modules/metrics/metrics.setup';
import { createNewslettersService } from './modules/newsletters/newsletters.service';
import { createNotesService } from './modules/notes/notes.service';
import { createPaymentsService } from './modules/payments/payments.service';
import { createPipelinesService } from './modules/pipelines/pipelines.service';
import { createPlansService } from './modules/plans/plans.service';
import { setUpPush } from './modules/push/push.setup';
import { createPlanExpiry } from './modules/quotas/plan-expiry';
import { setUpStorage } from './modules/storage/storage.setup';
import { createTaskReminders } from './modules/tasks/tasks.reminders';
import { createTasksService } from './modules/tasks/tasks.service';
import { createTemplatesService } from './modules/templates/templates.service';
import { createUsersService } from './modules/users/users.service';
import { createUsersAdminService } from './modules/users-admin/users-admin.service';
import { createViewsService } from './modules/views/views.service';
import { setUpOutsideSystems } from './outside-systems';

/** Catch-up after a reconnect reaches back this far; older realtime events are pruned every hour. */
const REALTIME_EVENTS_KEEP_MS = 3 * 86_400_000;

/**
 * Every service of the product made once and wired together, with the jobs and timers they own; answers what
 * the routes, the webhooks and the realtime server are given. The order matters only where one service is
 * given another.
 */
export const setUpServices = async (
  app: FastifyInstance,
  config: Config,
  database: DatabaseConnection,
  options: BuildOptions,
) => {
  const db = database.db;
  const events = createEventBus(app.log);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, app.log);
  app.addHook('onClose', async () => mailer.close());
  const resolver = createSessionResolver(createSessionsRepository(database.db), (error) =>
    app.log.warn({ err: error }, 'session last seen not recorded'),
  );
  const apiKeys = setUpApiKeys({
    db,
    events,
    onTouchFailed: (error) => app.log.warn({ err: error }, 'API key last used not recorded'),
  });

  const box = createSecretBox(config.secretKey);
  // Every limiter's counters, shared by every process: Redis with REDIS_URL, else the database.
  const attempts = await createAttemptStore({ db, redisUrl: config.redisUrl, logger: app.log });
  app.addHook('onClose', async () => attempts.close());
  // One guard for every password and two-factor check, so guesses through any route count together.
  const guard = createSignInGuard(attempts);
  const usersService = createUsersService({ db, events, guard });
  const authService = createAuthService({
    db,
    mailer,
    publicUrl: config.publicUrl,
    logger: app.log,
    events,
    box,
    guard,
    attempts,
  });
  const sessionsService = createSessionsService({ db, events });
  const twoFactorService = createTwoFactorService({ db, events, box, guard });
  const signer = createUrlSigner(config.secretKey);
  const files = config.s3
    ? createS3FileStore(config.s3, signer)
    : createLocalFileStore(join(config.dataDir, 'storage'), signer);
  const channels = createChannelRegistry(config);
  const queue = createJobQueue({ db, logger: app.log, leaseMs: config.jobLeaseMs });
  const publicUrl = config.publicUrl;
  const accountService = createAccountService({ db, box, publicUrl, files });
  const devicesService = createDevicesService({ db, events, box, channels, publicUrl });
  // An unofficial gateway's session: its status events, a poll while not connected, device/qr.
  const deviceSessions = setUpDeviceSessions({
    db,
    box,
    channels,
    devices: devicesService,
    queue,
    logger: app.log,
  });
  const contactsService = createContactsService({ db, events });
  const leadsService = createLeadsService({ db, events, contacts: contactsService });
  const pipelinesService = createPipelinesService({ db, events });
  const dealsService = createDealsService({ db, events });
  const paymentsService = createPaymentsService({ db, events });
  // The modules whose records can come from a file (imports/{module}), each through its ImportTarget.
  const importTargets = [contactImportTarget, leadImportTarget, dealImportTarget];
  const importsService = createImportsService({ db, queue, files, targets: importTargets });
  const messagesService = createMessagesService({ db, events, queue, files, channels, box, publicUrl });
  const templatesService = createTemplatesService({ db, box, channels, events });
  const notesService = createNotesService({ db, events });
  const tasksService = createTasksService({ db, events, queue });
  // Task reminders by e-mail: a job per reminder and a sweep once a minute across the cluster.
  const taskReminders = createTaskReminders({ db, queue, mailer, events, publicUrl });
  taskReminders.define();
  // What fell due while every process was down goes out at once, not at the sweep's next minute.
  app.addHook('onReady', async () => {
    taskReminders
      .sweep()
      .catch((error: unknown) => app.log.error({ err: error }, 'task reminder sweep failed'));
  });
  const listDinamicService = createListDinamicService({ db, events });
  const auditService = createAuditService({ db });
  const viewsService = createViewsService({ db, events });
  defineMessageJobs(queue, messagesService);
  const pushService = setUpPush({
    db,
    events,
    queue,
    logger: app.log,
    vapid: config.vapid,
    providerTimeoutMs: config.providerTimeoutMs,
    outboundAllowHosts: config.outboundAllowHosts,
  });
  const diffusionsService = setUpDiffusions({ db, events, queue, messages: messagesService });
  const { integrationsService, callsService, webhooksService, agenda, confirmationsService } =
    setUpOutsideSystems({
      config,
      db,
      events,
      queue,
      box,
      messages: messagesService,
      contacts: contactsService,
      webhookRetryDelaysMs: options.webhookRetryDelaysMs,
    });
  const billingService = setUpBilling({
    db,
    events,
    queue,
    providers: createPaymentRegistry(config.payments, config.providerTimeoutMs),
    publicUrl,
    logger: app.log,
  });
  defineImportJobs(queue, createImportRunner({ db, events, files, targets: importTargets }));
  queue.every('realtime.prune', 3_600_000, {
    run: async () => {
      const before = new Date(Date.now() - REALTIME_EVENTS_KEEP_MS);
      await createRealtimeEventsRepository(db).pruneOlderThan(before);
      await queue.pruneFinished(before);
    },
  });
  queue.every('attempts.prune', 3_600_000, { run: () => pruneAttemptCounters(db) });
  createPlanExpiry({ db, events, files }).define(queue);
  // Dashboards: the events' rollup every few seconds and the one-time backfill of the history.
  const metrics = setUpMetrics({ db, queue });
  app.addHook('onReady', async () => {
    metrics
      .startBackfill()
      .catch((error: unknown) => app.log.error({ err: error }, 'metrics backfill not enqueued'));
  });
  // A queued outbound message is sent at once rather than at the next poll.
  events.on('message.created', ({ message }) => {
    if (message.fromMe && message.status === 'queue') queue.kick();
  });
  registerMetrics(app, {
    token: config.metricsToken,
    sources: { sockets: () => app.io.engine.clientsCount, jobs: () => queue.stats() },
  });
  const clientsService = createClientsService({ db, events, files });
  const passwordMail = (email: string) => authService.sendResetMail(email);
  const clientsAdminService = createClientsAdminService({ db, events, files, passwordMail });
  const usersAdminService = createUsersAdminService({ db, events, passwordMail });
  const impersonationService = createImpersonationService({ db, events });
  const plansService = createPlansService({ db, events });
  const storage = setUpStorage({ db, events, queue, files });
  app.addHook('onReady', async () => {
    storage
      .startBackfill()
      .catch((error: unknown) => app.log.error({ err: error }, 'storage backfill not enqueued'));
  });
  const extractionsService = setUpExtractions({
    db,
    events,
    queue,
    files,
    signer,
    logger: app.log,
    services: {
      contact: contactsService.records,
      lead: leadsService.records,
      deal: dealsService.records,
      task: tasksService.records,
      payment: paymentsService.records,
    },
  });
  const featuresService = createFeaturesService({ db, events });
  const devicesAdminService = createDevicesAdminService({ db, devicesService });
  // Newsletters are platform-wide: their notifications go to every socket, of every company (app.io is set below).
  const newslettersService = createNewslettersService({
    db,
    broadcast: (notification) => app.io.emit('notification', notification),
  });

  const routes: ApiRoutes = {
    account: { service: accountService },
    auth: { service: authService, attempts },
    security: { sessions: sessionsService, twoFactor: twoFactorService },
    users: { service: usersService },
    clients: { service: clientsService },
    clientsAdmin: { service: clientsAdminService },
    impersonation: { service: impersonationService },
    usersAdmin: { service: usersAdminService },
    plans: { service: plansService },
    quotas: { db },
    features: { service: featuresService },
    devicesAdmin: { service: devicesAdminService },
    devices: { service: devicesService },
    deviceQr: { sessions: deviceSessions },
    contacts: { service: contactsService, db },
    leads: { service: leadsService, db },
    pipelines: { service: pipelinesService },
    deals: { service: dealsService, db },
    payments: { service: paymentsService, db },
    imports: { service: importsService, targets: importTargets },
    messages: { service: messagesService },
    diffusions: { service: diffusionsService },
    integrations: { service: integrationsService },
    agenda: { service: agenda.service },
    confirmations: { service: confirmationsService, db },
    webhooksLog: { service: webhooksService },
    apiKeys: { service: apiKeys.service },
    notes: { service: notesService },
    storage: { service: storage.service },
    extractions: { service: extractionsService },
    push: { service: pushService },
    calls: { service: callsService },
    billing: { service: billingService },
    tasks: { service: tasksService, db },
    listDinamic: { service: listDinamicService },
    audit: { service: auditService },
    views: { service: viewsService },
    templates: { service: templatesService },
    realtimeEvents: { db },
    newsletters: { service: newslettersService },
    jobs: { service: createJobsService({ db, queue }) },
    dashboard: { service: metrics.service },
  };
  return {
    events,
    queue,
    resolver,
    apiKeyResolver: apiKeys.resolver,
    routes,
    webhooks: {
      db,
      box,
      events,
      channels,
      messages: messagesService,
      templates: templatesService,
      sessions: deviceSessions,
    },
    calls: callsService,
    calendly: { box, deliveries: agenda.calendly },
    billing: billingService,
    files: { files, signer },
    messages: messagesService,
    users: usersService,
  };
};
