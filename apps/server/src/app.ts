import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiRoutes } from './api-routes';
import type { Config } from './core/config';
import { connectDatabase } from './core/db/database';
import './core/http/fastify-types';
import { localeOfUrl } from './core/http/locale';
import { redactingLoggerOptions } from './core/logging/log-redaction';
import { registerNotificationListener } from './core/realtime/notifications.listener';
import { createRealtime } from './core/realtime/realtime';
import { filesRoutes } from './core/storage/files.routes';
import { registerHttpPlugins, registerOperationsRoutes } from './http-plugins';
import { calendlyWebhookRoutes } from './modules/agenda/calendly-webhook.routes';
import { billingWebhookRoutes } from './modules/billing/billing.webhook.routes';
import { callsWebhookRoutes } from './modules/calls/calls.webhook.routes';
import { webhooksRoutes } from './modules/inbound/webhooks.routes';
import { messagesApiv1 } from './modules/messages/messages.apiv1';
import { setUpServices } from './services';

export type BuildOptions = {
  /** Where the log goes when not to standard output (tests read it). */
  logStream?: { write: (line: string) => void };
  /** The waits between a webhook delivery's attempts; tests give short ones instead of a day's schedule. */
  webhookRetryDelaysMs?: readonly number[];
};

/**
 * Builds the whole product: the database, the HTTP plugins (http-plugins.ts), every service (services.ts),
 * then the routes, the providers' webhooks, the web app and the realtime server.
 */
export const buildApp = async (config: Config, options: BuildOptions = {}): Promise<FastifyInstance> => {
  const app = Fastify({
    // Secrets are cut by field name at any depth, in errors too (see log-redaction).
    logger: { level: config.logLevel, ...redactingLoggerOptions, stream: options.logStream },
    // The client address counts failed logins; behind a proxy (TRUST_PROXY) it comes from X-Forwarded-For.
    trustProxy: config.trustProxy,
    // registerMetrics logs the requests worth reading (errors, slow ones) instead of every one.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = await connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (error) => app.log.warn({ err: error }, 'idle database connection failed'),
    logger: app.log,
  });
  app.decorate('database', database);
  app.addHook('onClose', async () => database.close());
  await database.migrate();

  app.decorateRequest('locale', 'es');
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.locale = localeOfUrl(request.url);
  });

  await registerHttpPlugins(app, config);
  const services = await setUpServices(app, config, database, options);
  registerOperationsRoutes(app, database);

  await app.register(apiRoutes, {
    prefix: '/api/v1',
    resolver: services.resolver,
    apiKeyResolver: services.apiKeyResolver,
    db: database.db,
    routes: services.routes,
  });
  await app.register(webhooksRoutes, services.webhooks);
  await app.register(callsWebhookRoutes, { service: services.calls });
  await app.register(calendlyWebhookRoutes, services.calendly);
  await app.register(billingWebhookRoutes, { service: services.billing });
  await app.register(filesRoutes, services.files);

  if (existsSync(config.webDist)) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      // index.html must be revalidated so a new release is picked up; hashed assets can be cached.
      setHeaders: (res, path) => {
        if (path.endsWith('.html')) res.setHeader('cache-control', 'no-cache');
      },
    });
  }

  const realtime = await createRealtime({
    httpServer: app.server,
    resolver: services.resolver,
    corsOrigins: config.corsOrigins,
    redisUrl: config.redisUrl,
    logger: app.log,
    events: services.events,
    apiv1: { ...messagesApiv1(services.messages) },
    onPresence: (auth, online) => services.users.setOnline(auth, online),
  });
  app.decorate('io', realtime.io);
  app.addHook('preClose', async () => realtime.close());
  registerNotificationListener(services.events, realtime.io);

  // The worker runs in this process; it stops before the database closes.
  services.queue.start();
  app.addHook('preClose', async () => services.queue.stop());

  return app;
};
