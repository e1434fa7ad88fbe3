import {
  diffusionCreateSchema,
  diffusionPreviewSchema,
  diffusionSearchSchema,
  diffusionUpdateSchema,
  type Locale,
  recipientSearchSchema,
} from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../core/http/app-error';
import { requireAuth } from '../../core/http/auth.hook';
import { envelope, ok } from '../../core/http/envelope';
import { readMultipartForm } from '../../core/http/multipart-form';
import { idParams, localeParams } from '../../core/http/route-schemas';
import { translate } from '../../core/i18n/i18n';
import type { DiffusionsService } from './diffusions.service';

const tags = ['diffusions'];

/** A moment as the company reads it: its date and time in its own time zone, in the caller's language. */
const momentText = (at: Date, locale: Locale, timeZone: string) =>
  new Intl.DateTimeFormat(locale === 'ar' ? 'ar-u-nu-latn' : locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone,
  }).format(at);

/** Marketing diffusions (API.md part 2 "Marketing"): permissions marketing.view/create/edit/delete. */
export const diffusionsRoutes: FastifyPluginAsyncZod<{ service: DiffusionsService }> = async (
  app,
  { service },
) => {
  app.post(
    '/diffusion/search',
    {
      schema: {
        tags,
        summary: "Search the company's diffusions, each with its totals",
        params: localeParams,
        body: diffusionSearchSchema,
      },
      config: { permission: 'marketing.view' },
    },
    async (request) => {
      const result = await service.search(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/diffusion/search/:id',
    {
      schema: { tags, summary: 'One diffusion with its totals', params: idParams },
      config: { permission: 'marketing.view' },
    },
    async (request) => ok(request.locale, [await service.findOne(requireAuth(request), request.params.id)]),
  );

  app.post(
    '/diffusion/create',
    {
      schema: { tags, summary: 'A draft diffusion', params: localeParams, body: diffusionCreateSchema },
      config: { permission: 'marketing.create' },
    },
    async (request) =>
      ok(request.locale, [await service.create(requireAuth(request), request.body)], {
        info: 'info.diffusionCreated',
      }),
  );

  app.put(
    '/diffusion/updateone/:id',
    {
      schema: {
        tags,
        summary: 'Change a draft, scheduled or paused diffusion (406 while running)',
        params: idParams,
        body: diffusionUpdateSchema,
      },
      config: { permission: 'marketing.edit' },
    },
    async (request) =>
      ok(request.locale, [await service.update(requireAuth(request), request.params.id, request.body)], {
        info: 'info.diffusionUpdated',
      }),
  );

  app.delete(
    '/diffusion/deleteone/:id',
    {
      schema: {
        tags,
        summary: 'Delete a diffusion that is not running (406 while running)',
        params: idParams,
      },
      config: { permission: 'marketing.delete' },
    },
    async (request) => {
      await service.delete(requireAuth(request), request.params.id);
      return ok(request.locale, [{ id: request.params.id }], { info: 'info.diffusionDeleted' });
    },
  );

  app.post(
    '/diffusion/preview',
    {
      schema: {
        tags,
        summary:
          'One recipient the audience would send to (not opted out), `[{ phone, first_name, last_name, ' +
          'full_name }]` or none, so the form previews a real customer’s text',
        params: localeParams,
        body: diffusionPreviewSchema,
      },
      config: { permission: 'marketing.view' },
    },
    async (request) => {
      const recipient = await service.previewRecipient(requireAuth(request), request.body.audience);
      return ok(request.locale, recipient ? [recipient] : []);
    },
  );

  app.post(
    '/diffusion/start/:id',
    {
      schema: {
        tags,
        summary:
          'Freeze the audience and start now, or at scheduled_at; outside the send window the info says when ' +
          "the first message will go, in the company's time zone",
        params: idParams,
      },
      config: { permission: 'marketing.edit' },
    },
    async (request) => {
      const auth = requireAuth(request);
      const diffusion = await service.start(auth, request.params.id);
      const delayed = await service.delayedStart(auth, diffusion);
      const info = delayed
        ? translate(request.locale, 'info.diffusionStartsAt', {
            date: momentText(delayed.at, request.locale, delayed.timeZone),
            zone: delayed.timeZone,
          })
        : translate(request.locale, 'info.diffusionStarted');
      return envelope(200, info, [diffusion]);
    },
  );

  const actions = [
    ['pause', 'Pause at once', 'info.diffusionPaused'],
    ['resume', 'Resume a paused diffusion where it was', 'info.diffusionResumed'],
    ['cancel', 'Cancel: pending recipients are skipped (cancelled)', 'info.diffusionCancelled'],
  ] as const;
  for (const [action, summary, info] of actions) {
    app.post(
      `/diffusion/${action}/:id`,
      { schema: { tags, summary, params: idParams }, config: { permission: 'marketing.edit' } },
      async (request) =>
        ok(request.locale, [await service[action](requireAuth(request), request.params.id)], { info }),
    );
  }

  app.post(
    '/diffusion/recipients/:id',
    {
      schema: {
        tags,
        summary:
          "A diffusion's recipients with each one's state and reason (filter keys state, reason, phone)",
        params: idParams,
        body: recipientSearchSchema,
      },
      config: { permission: 'marketing.view' },
    },
    async (request) => {
      const result = await service.recipients(requireAuth(request), request.params.id, request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.put(
    '/diffusionmsg/import',
    {
      schema: {
        tags,
        summary:
          'Import a CSV (or XLSX) of phones, an optional name and per-recipient template values into a draft (multipart: file, diffusion_id)',
        params: localeParams,
        consumes: ['multipart/form-data'],
      },
      config: { permission: 'marketing.edit' },
    },
    async (request) => {
      const auth = requireAuth(request);
      const form = await readMultipartForm(request);
      const content = form.files.find((file) => file.fieldname === 'file')?.content;
      const diffusionId = form.fields.diffusion_id ?? '';
      if (!content) throw badRequest([{ path: 'file', message: 'validation.required' }]);
      if (!diffusionId) throw badRequest([{ path: 'diffusion_id', message: 'validation.required' }]);
      const count = await service.import(auth, diffusionId, content);
      const data = [await service.findOne(auth, diffusionId)];
      return envelope(200, translate(request.locale, 'info.diffusionImported', { count }), data);
    },
  );
};
