import { IMPORT_REPORT_MAX_ISSUES, searchBodySchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../core/http/app-error';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { readMultipartForm } from '../../core/http/multipart-form';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { ImportTarget } from '../../core/records/import-target';
import { SAMPLE_CONTENT_TYPES } from './import-sample';
import type { ImportsService } from './imports.service';

const tags = ['imports'];

const sampleQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

export const importsRoutes: FastifyPluginAsyncZod<{
  service: ImportsService;
  targets: readonly ImportTarget[];
}> = async (app, { service, targets }) => {
  for (const target of targets) {
    app.post(
      `/imports/${target.module}`,
      {
        schema: {
          tags,
          summary: `Import ${target.module} records from a CSV or XLSX file (multipart field "file", at most 10,000,000 bytes)`,
          description:
            `The first row names the columns (${target.headers.join(', ')}; Spanish names too); each further ` +
            'row follows the module’s create rules. A file that is not a sheet, or has no rows, answers 400 at ' +
            'once; otherwise the import is queued and answered at once: data [{id, module, status, filename, ' +
            'total, processed, created, skipped, failed, user_id, create_date, finished_at}]. Its progress ' +
            'and its report arrive as notifications {module: "import", action: "progress"|"done"} to the ' +
            'user who started it, and from imports/search/{id}.',
          params: localeParams,
          consumes: ['multipart/form-data'],
        },
        config: { permission: target.permission },
      },
      async (request) => {
        const auth = requireAuth(request);
        const file = (await readMultipartForm(request)).files.find((item) => item.fieldname === 'file');
        if (!file) throw badRequest([{ path: 'file', message: 'validation.required' }]);
        const job = await service.start(auth, target.module, {
          filename: file.filename,
          content: file.content,
          contentType: file.mimetype,
        });
        return ok(request.locale, [job], { info: 'info.importStarted' });
      },
    );

    app.get(
      `/imports/sample/${target.module}`,
      {
        schema: {
          tags,
          summary: `The sample file of the ${target.module} import (its header row and two example lines)`,
          params: localeParams,
          querystring: sampleQuery,
        },
        config: { permission: target.permission },
      },
      async (request, reply) => {
        const { format } = request.query;
        const file = await service.sample(target.module, format);
        return reply
          .type(SAMPLE_CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="${target.module}-import-sample.${format}"`)
          .send(file);
      },
    );
  }

  app.post(
    '/imports/search',
    {
      schema: {
        tags,
        summary:
          'The history of imports, newest first, each with user_name (filters: module, status, filename, ' +
          'user_id, create_date, finished_at)',
        description:
          'Imports of the modules the caller may import, or of every module with setting.view; without their ' +
          'reports (see imports/search/{id}).',
        params: localeParams,
        body: searchBodySchema,
      },
    },
    async (request) => {
      const result = await service.search(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/imports/search/:id',
    {
      schema: {
        tags,
        summary: `One import with its report: errors [{line, path, message}] (the first ${IMPORT_REPORT_MAX_ISSUES} bad lines)`,
        params: idParams,
      },
    },
    async (request) =>
      ok(request.locale, [await service.findOne(requireAuth(request), request.params.id, request.locale)]),
  );
};
