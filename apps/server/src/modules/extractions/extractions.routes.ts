import { extractionCreateSchema, extractionSearchSchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { ExtractionsService } from './extractions.service';

const tags = ['extractions'];

const linkQuery = z.object({ exp: z.coerce.number().int(), sig: z.string().min(1).max(200) });

export const extractionsRoutes: FastifyPluginAsyncZod<{ service: ExtractionsService }> = async (
  app,
  { service },
) => {
  app.post(
    '/extraction/create',
    {
      schema: {
        tags,
        summary: 'Extract a module’s records to a CSV or XLSX file in the background',
        description:
          'module: contact | lead | deal | task | payment; filters, logical and sort: that module’s search body; ' +
          'columns: fields of view/fields/{module}, in file order; expires_in: seconds a download link is valid ' +
          '(5 to 604800). Needs extraction.create and the module’s export key. Answers at once with the record ' +
          '(status queued); notifications {module: "extraction", action: "progress" | "done" | "failed"} follow.',
        params: localeParams,
        body: extractionCreateSchema,
      },
      config: { permission: 'extraction.create' },
    },
    async (request) => {
      const extraction = await service.create(requireAuth(request), request.body);
      return ok(request.locale, [extraction], { info: 'info.extractionQueued' });
    },
  );

  app.post(
    '/extraction/search',
    {
      schema: {
        tags,
        summary: 'Search extractions (newest first); a done one carries a freshly signed url',
        params: localeParams,
        body: extractionSearchSchema,
      },
      config: { permission: 'extraction.view' },
    },
    async (request) => {
      const result = await service.search(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/extraction/search/:id',
    {
      schema: { tags, summary: 'One extraction', params: idParams },
      config: { permission: 'extraction.view' },
    },
    async (request) => ok(request.locale, [await service.findOne(requireAuth(request), request.params.id)]),
  );

  app.delete(
    '/extraction/deleteone/:id',
    {
      schema: { tags, summary: 'Delete an extraction and its file', params: idParams },
      config: { permission: 'extraction.delete' },
    },
    async (request) => {
      await service.remove(requireAuth(request), request.params.id);
      return ok(request.locale, [], { info: 'info.extractionDeleted' });
    },
  );

  app.get(
    '/extraction/download/:id',
    {
      schema: {
        tags,
        summary: 'An extraction’s file through its signed link (no token)',
        description: 'Past exp, with exp or sig changed, or once the file is deleted: 404.',
        params: idParams,
        querystring: linkQuery,
        security: [],
      },
      config: { isPublic: true },
    },
    async (request, reply) => {
      const { exp, sig } = request.query;
      const file = await service.download(request.params.id, exp, sig);
      return reply
        .type(file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .send(file.stream);
    },
  );
};
