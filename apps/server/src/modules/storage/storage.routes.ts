import { FILE_MAX_BYTES, searchBodySchema, storageRenameSchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../core/http/app-error';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { readMultipartForm } from '../../core/http/multipart-form';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { StorageService } from './storage.service';

const tags = ['storage'];

export const storageRoutes: FastifyPluginAsyncZod<{ service: StorageService }> = async (app, { service }) => {
  app.post(
    '/storage/search',
    {
      schema: {
        tags,
        summary: 'Search the company’s files (newest first)',
        description:
          'Filter and sort keys: name, mime, module, reference_id, size, created_by, create_date. ' +
          '`pagination.usage` is { used, limit }: the bytes of every file of the company and its plan’s storage.',
        params: localeParams,
        body: searchBodySchema,
      },
      config: { permission: 'storage.view' },
    },
    async (request) => {
      const result = await service.search(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/storage/search/:id',
    { schema: { tags, summary: 'One file', params: idParams }, config: { permission: 'storage.view' } },
    async (request) => ok(request.locale, [await service.findOne(requireAuth(request), request.params.id)]),
  );

  app.post(
    '/storage/create',
    {
      schema: {
        tags,
        summary: `Upload a file (multipart field "file", at most ${FILE_MAX_BYTES} bytes)`,
        description:
          'Larger: 413 fileMax10mb. Past the plan’s storage: 412 storageLimit. Nothing is stored then. ' +
          'Its type is read from its bytes; text, markup and unknown content are application/octet-stream.',
        params: localeParams,
        consumes: ['multipart/form-data'],
      },
      config: { permission: 'storage.create' },
    },
    async (request) => {
      const auth = requireAuth(request);
      const file = (await readMultipartForm(request)).files.find((item) => item.fieldname === 'file');
      if (!file) throw badRequest([{ path: 'file', message: 'validation.required' }]);
      const stored = await service.upload(auth, { filename: file.filename, content: file.content });
      return ok(request.locale, [stored], { info: 'info.storageFileCreated' });
    },
  );

  app.put(
    '/storage/updateone/:id',
    {
      schema: { tags, summary: 'Rename a file', params: idParams, body: storageRenameSchema },
      config: { permission: 'storage.edit' },
    },
    async (request) => {
      const file = await service.rename(requireAuth(request), request.params.id, request.body.name);
      return ok(request.locale, [file], { info: 'info.storageFileUpdated' });
    },
  );

  app.delete(
    '/storage/deleteone/:id',
    {
      schema: {
        tags,
        summary: 'Delete a file: its links answer 404, an attachment’s message keeps no file',
        params: idParams,
      },
      config: { permission: 'storage.delete' },
    },
    async (request) => {
      await service.remove(requireAuth(request), request.params.id);
      return ok(request.locale, [], { info: 'info.storageFileDeleted' });
    },
  );
};
