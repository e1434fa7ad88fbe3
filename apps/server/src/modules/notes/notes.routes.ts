import { noteCreateSchema, noteSearchSchema, noteUpdateSchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { NotesService } from './notes.service';

const tags = ['notes'];

export const notesRoutes: FastifyPluginAsyncZod<{ service: NotesService }> = async (app, { service }) => {
  app.post(
    '/note/search',
    {
      schema: {
        tags,
        summary: 'Search notes (20 a page by default)',
        params: localeParams,
        body: noteSearchSchema,
      },
      config: { permission: 'note.view' },
    },
    async (request) => {
      const result = await service.search(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/note/search/:id',
    { schema: { tags, summary: 'One note', params: idParams }, config: { permission: 'note.view' } },
    async (request) => ok(request.locale, [await service.findOne(requireAuth(request), request.params.id)]),
  );

  app.post(
    '/note/create',
    {
      schema: { tags, summary: 'Add a note to a contact', params: localeParams, body: noteCreateSchema },
      config: { permission: 'note.create' },
    },
    async (request) => {
      const note = await service.create(requireAuth(request), request.body);
      return ok(request.locale, [note], { info: 'info.noteCreated' });
    },
  );

  app.put(
    '/note/updateone/:id',
    {
      schema: { tags, summary: 'Change a note', params: idParams, body: noteUpdateSchema },
      config: { permission: 'note.edit' },
    },
    async (request) => {
      const note = await service.update(requireAuth(request), request.params.id, request.body.description);
      return ok(request.locale, [note], { info: 'info.noteUpdated' });
    },
  );

  app.delete(
    '/note/deleteone/:id',
    { schema: { tags, summary: 'Delete a note', params: idParams }, config: { permission: 'note.delete' } },
    async (request) => {
      await service.remove(requireAuth(request), request.params.id);
      return ok(request.locale, [], { info: 'info.noteDeleted' });
    },
  );
};
