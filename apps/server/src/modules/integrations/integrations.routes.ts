import {
  integrationCreateSchema,
  integrationSearchSchema,
  integrationSyncSchema,
  integrationUpdateSchema,
  type Locale,
} from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { envelope, ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import { translate } from '../../core/i18n/i18n';
import type { CallOutcome } from './integration-kinds';
import type { IntegrationsService } from './integrations.service';

const tags = ['integrations'];

/** Integrations (API.md part 2 "Integrations", "Bot integrations"): setting.view reads, setting.edit writes. */
export const integrationsRoutes: FastifyPluginAsyncZod<{ service: IntegrationsService }> = async (
  app,
  { service },
) => {
  app.post(
    '/integration/search',
    {
      schema: {
        tags,
        summary: "Search the company's integrations (filter keys name, type, status), secrets masked",
        params: localeParams,
        body: integrationSearchSchema,
      },
      config: { permission: 'setting.view' },
    },
    async (request) => {
      const result = await service.search(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/integration/search/:id',
    {
      schema: { tags, summary: 'One integration, secrets masked', params: idParams },
      config: { permission: 'setting.view' },
    },
    async (request) => ok(request.locale, [await service.findOne(requireAuth(request), request.params.id)]),
  );

  app.post(
    '/integration/create',
    {
      schema: {
        tags,
        summary:
          'A bot (chatgpt, dialogflow) on devices of the company; 400 naming device_ids.N for a device not ' +
          "the company's, 409 naming device_ids.N for a device another bot already answers on. A crmx2 " +
          'webhook (no devices) gets a generated signing secret when none is given; this answer is the only ' +
          'one that carries it whole (every other answer masks it), so the receiver can be set up with it',
        params: localeParams,
        body: integrationCreateSchema,
      },
      config: { permission: 'setting.edit' },
    },
    async (request) =>
      ok(request.locale, [await service.create(requireAuth(request), request.body)], {
        info: 'info.integrationCreated',
      }),
  );

  app.put(
    '/integration/updateone/:id',
    {
      schema: {
        tags,
        summary:
          'Change an integration; `config` is checked whole over the stored one, a masked secret keeps the stored secret (409 as in create for device_ids)',
        params: idParams,
        body: integrationUpdateSchema,
      },
      config: { permission: 'setting.edit' },
    },
    async (request) =>
      ok(request.locale, [await service.update(requireAuth(request), request.params.id, request.body)], {
        info: 'info.integrationUpdated',
      }),
  );

  app.delete(
    '/integration/deleteone/:id',
    {
      schema: {
        tags,
        summary: 'Delete an integration; its devices are left without a bot',
        params: idParams,
      },
      config: { permission: 'setting.edit' },
    },
    async (request) => {
      await service.delete(requireAuth(request), request.params.id);
      return ok(request.locale, [{ id: request.params.id }], { info: 'info.integrationDeleted' });
    },
  );

  app.post(
    '/integration/test/:id',
    {
      schema: {
        tags,
        summary:
          'Check the stored credentials against the provider now (crmx2: a signed `ping` POSTed to the URL, a ' +
          '2xx answer is connected; a scheduling system: the same check as on save, one attempt): 200 with ' +
          'the integration, its status and error updated',
        params: idParams,
      },
      config: { permission: 'setting.edit' },
    },
    async (request) => {
      const { integration, outcome } = await service.test(requireAuth(request), request.params.id);
      return envelope(200, outcomeInfo(request.locale, outcome), [integration]);
    },
  );

  app.post(
    '/integration/sync/:id',
    {
      schema: {
        tags,
        summary:
          'Sync now. A scheduling system pulls the appointments of { from, to } (YYYY-MM-DD in the company ' +
          'time zone, at most 31 days; default today to today + 7) into the agenda: 200 with the integration, ' +
          'last_sync_at set, or status error and error set when the provider refused or failed (nothing ' +
          'removed). Zoho starts a full sync in the background and answers at once, its progress announced ' +
          'as `integration` `sync` notifications { id, done, total, finished }. A bot runs the Test',
        params: idParams,
        body: integrationSyncSchema.nullish(),
      },
      config: { permission: 'setting.edit' },
    },
    async (request) => {
      const { integration, outcome, started } = await service.sync(
        requireAuth(request),
        request.params.id,
        request.body ?? {},
      );
      const info =
        started === undefined
          ? outcomeInfo(request.locale, outcome)
          : translate(
              request.locale,
              started ? 'info.integrationSyncStarted' : 'info.integrationSyncRunning',
            );
      return envelope(200, info, [integration]);
    },
  );

  app.get(
    '/integration/catalog/:id',
    {
      schema: {
        tags,
        summary:
          "A scheduling system's { states: [{ id, name, cancellation }], professionals: [{ id, name }], " +
          'branches: [{ id, name }] }, read from the provider now (ids are its own, as strings); 502 when ' +
          'the provider fails, 406 for a type without a catalog',
        params: idParams,
      },
      config: { permission: 'setting.view' },
    },
    async (request) => ok(request.locale, [await service.catalog(requireAuth(request), request.params.id)]),
  );
};

const outcomeInfo = (locale: Locale, outcome: CallOutcome) =>
  outcome.ok
    ? translate(locale, 'info.integrationTestOk')
    : translate(locale, 'info.integrationTestFailed', { error: outcome.error });
