import { existsSync } from 'node:fs';
import { FILE_MAX_BYTES } from '@conversa/domain';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from './core/config';
import type { DatabaseConnection } from './core/db/database';
import { envelope, ok } from './core/http/envelope';
import { registerErrorHandling } from './core/http/error-handler';
import { registerInputGuard } from './core/http/input-guard';
import { registerPageHeaders, withoutFraming } from './core/http/page-headers';
import { translate } from './core/i18n/i18n';

/**
 * What every request meets before a module's route: security headers, CORS, uploads, the OpenAPI document,
 * the error envelope and the input guard.
 */
export const registerHttpPlugins = async (app: FastifyInstance, config: Config) => {
  // The content security policy and framing differ per path (the widget pages may be framed): page-headers.
  await app.register(helmet, {
    contentSecurityPolicy: false,
    frameguard: false,
    crossOriginEmbedderPolicy: false,
  });
  registerPageHeaders(app, config.frameAncestors);
  if (config.corsOrigins.length > 0) {
    await app.register(cors, { origin: config.corsOrigins, credentials: true });
  }
  // Attachments: one file per request; a larger one answers 413 (fileMax10mb) while it is read.
  await app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 20 } });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Conversa API', version: '1.0.0', description: 'Business messaging and CRM' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // A company API key (Settings → Integrations): only the contact and lead routes that list it.
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI needs its own inline script hashes; this policy applies to /api/docs only.
    staticCSP: true,
    transformStaticCSP: (header) => withoutFraming(header.replace(/\s*upgrade-insecure-requests;?/, '')),
  });

  registerErrorHandling(app, existsSync(config.webDist) ? config.webDist : undefined);
  registerInputGuard(app);
};

/** The two routes operations poll: the process is alive, and the database answers. */
export const registerOperationsRoutes = (
  app: FastifyInstance,
  database: Pick<DatabaseConnection, 'ping'>,
) => {
  app.get(
    '/api/health',
    { schema: { tags: ['operations'], summary: 'The process is alive' } },
    async (request) => ok(request.locale, [], { info: 'info.alive' }),
  );
  app.get(
    '/api/ready',
    { schema: { tags: ['operations'], summary: 'The database answers' } },
    async (request, reply) => {
      try {
        await database.ping();
        return ok(request.locale, [], { info: 'info.ready' });
      } catch (error) {
        request.log.error({ err: error }, 'readiness check failed');
        return reply.status(503).send(envelope(503, translate(request.locale, 'info.notReady')));
      }
    },
  );
};
