import { agendaCreateSchema, agendaUpdateSchema, searchBodySchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { AgendaService } from './agenda.service';

const tags = ['agenda'];

/** The agenda (API.md part 3 §2.3): every scheduling integration's appointments; the Standard agenda's written here. */
export const agendaRoutes: FastifyPluginAsyncZod<{ service: AgendaService }> = async (app, { service }) => {
  app.post(
    '/agenda/search',
    {
      schema: {
        tags,
        summary:
          'Search appointments (filter keys integration_id, contact_id, status, meet_date, specialist, branch, ' +
          'externalId, phone, patient_name); soonest first unless sorted',
        params: localeParams,
        body: searchBodySchema,
      },
      config: { permission: 'agenda.view' },
    },
    async (request) => {
      const result = await service.search(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/agenda/search/:id',
    { schema: { tags, summary: 'One appointment', params: idParams }, config: { permission: 'agenda.view' } },
    async (request) => ok(request.locale, [await service.findOne(requireAuth(request), request.params.id)]),
  );

  app.post(
    '/agenda/create',
    {
      schema: {
        tags,
        summary:
          'Book on a Standard agenda: contact_id, or phone and name (the contact found or created by phone); ' +
          'duration defaults to its slot_minutes. Another type answers 406; a specialist or branch not in ' +
          'its settings answers 400 naming the field',
        params: localeParams,
        body: agendaCreateSchema,
      },
      config: { permission: 'agenda.create' },
    },
    async (request) =>
      ok(request.locale, [await service.create(requireAuth(request), request.body)], {
        info: 'info.appointmentCreated',
      }),
  );

  app.put(
    '/agenda/updateone/:id',
    {
      schema: {
        tags,
        summary:
          'Move (meet_date), re-time, re-assign or change the status of a Standard appointment; an outside ' +
          "system's appointment answers 406",
        params: idParams,
        body: agendaUpdateSchema,
      },
      config: { permission: 'agenda.edit' },
    },
    async (request) =>
      ok(request.locale, [await service.update(requireAuth(request), request.params.id, request.body)], {
        info: 'info.appointmentUpdated',
      }),
  );

  app.delete(
    '/agenda/deleteone/:id',
    {
      schema: {
        tags,
        summary: "Delete a Standard appointment; an outside system's answers 406",
        params: idParams,
      },
      config: { permission: 'agenda.delete' },
    },
    async (request) => {
      await service.delete(requireAuth(request), request.params.id);
      return ok(request.locale, [{ id: request.params.id }], { info: 'info.appointmentDeleted' });
    },
  );
};
