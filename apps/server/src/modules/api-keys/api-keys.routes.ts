import { apiKeyCreateSchema, apiKeySearchSchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { ApiKeysService } from './api-keys.service';

const tags = ['api keys'];

/**
 * The company's API keys (issue 17, crmx2), managed like the integrations: setting.view reads, setting.edit
 * creates and revokes. An API key itself can reach none of these routes.
 */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ service: ApiKeysService }> = async (app, { service }) => {
  app.post(
    '/apikey/search',
    {
      schema: {
        tags,
        summary:
          "Search the company's API keys (filter keys name, prefix, create_date, last_used_at, expires_at, " +
          'revoked_at); never the key nor its hash',
        params: localeParams,
        body: apiKeySearchSchema,
      },
      config: { permission: 'setting.view' },
    },
    async (request) => {
      const result = await service.search(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.post(
    '/apikey/create',
    {
      schema: {
        tags,
        summary:
          'A new API key with its scopes (contacts.read, contacts.write, leads.read, leads.write) and an ' +
          'optional expiry; this answer is the only one that carries the whole key (`key`), only its hash ' +
          'is kept. An outside system sends it as `X-API-Key: <key>` or `Authorization: Bearer <key>`',
        params: localeParams,
        body: apiKeyCreateSchema,
      },
      config: { permission: 'setting.edit' },
    },
    async (request) =>
      ok(request.locale, [await service.create(requireAuth(request), request.body)], {
        info: 'info.apiKeyCreated',
      }),
  );

  app.delete(
    '/apikey/deleteone/:id',
    {
      schema: {
        tags,
        summary:
          'Revoke an API key: its next call answers 401; the key stays listed as revoked (406 when it ' +
          'was revoked already)',
        params: idParams,
      },
      config: { permission: 'setting.edit' },
    },
    async (request) =>
      ok(request.locale, [await service.revoke(requireAuth(request), request.params.id)], {
        info: 'info.apiKeyRevoked',
      }),
  );
};
