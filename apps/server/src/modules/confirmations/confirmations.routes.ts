import {
  confirmationCreateSchema,
  confirmationDashboardSchema,
  confirmationUpdateSchema,
  searchBodySchema,
} from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../core/db/database';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { ConfirmationsService } from './confirmations.service';
import { confirmationsDashboard } from './confirmations-dashboard';

const tags = ['confirmations'];

/** Confirmation runs (API.md part 3 §3.1) and their dashboard (§6). */
export const confirmationsRoutes: FastifyPluginAsyncZod<{
  service: ConfirmationsService;
  db: Database;
}> = async (app, { service, db }) => {
  app.post(
    '/confirmation/search',
    {
      schema: {
        tags,
        summary: 'Search runs (filter keys integration_id, device_id, date, status), each with its totals',
        params: localeParams,
        body: searchBodySchema,
      },
      config: { permission: 'confirmation.view' },
    },
    async (request) => {
      const result = await service.search(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/confirmation/search/:id',
    {
      schema: { tags, summary: 'One run with its totals', params: idParams },
      config: { permission: 'confirmation.view' },
    },
    async (request) => ok(request.locale, [await service.findOne(requireAuth(request), request.params.id)]),
  );

  app.post(
    '/confirmation/create',
    {
      schema: {
        tags,
        summary:
          'A run asking the patients of `date` (company time zone, not before today) of a connected scheduling ' +
          'integration, from a connected device (412 otherwise): `message` (placeholders $patient $date $time ' +
          '$professional $branch $fullname $firstname, sent with two reply buttons) or an APPROVED `template_id` ' +
          '+ parameters. send_at null: draft, waiting for start; future: scheduled. reply_deadline defaults to ' +
          'date 00:00. A second run for the same integration and date that is not cancelled answers 409',
        params: localeParams,
        body: confirmationCreateSchema,
      },
      config: { permission: 'confirmation.create' },
    },
    async (request) =>
      ok(request.locale, [await service.create(requireAuth(request), request.body)], {
        info: 'info.confirmationCreated',
      }),
  );

  app.put(
    '/confirmation/updateone/:id',
    {
      schema: {
        tags,
        summary: 'Change a draft or scheduled run (406 otherwise), checked as in create',
        params: idParams,
        body: confirmationUpdateSchema,
      },
      config: { permission: 'confirmation.edit' },
    },
    async (request) =>
      ok(request.locale, [await service.update(requireAuth(request), request.params.id, request.body)], {
        info: 'info.confirmationUpdated',
      }),
  );

  app.delete(
    '/confirmation/deleteone/:id',
    {
      schema: { tags, summary: 'Delete a run that is not running (406 while running)', params: idParams },
      config: { permission: 'confirmation.delete' },
    },
    async (request) => {
      await service.delete(requireAuth(request), request.params.id);
      return ok(request.locale, [{ id: request.params.id }], { info: 'info.confirmationDeleted' });
    },
  );

  app.post(
    '/confirmation/start/:id',
    {
      schema: {
        tags,
        summary:
          'Start a draft or scheduled run now; a running run is left as it is (200, two starts at once start ' +
          'it once); a completed, cancelled or failed run answers 406',
        params: idParams,
      },
      config: { permission: 'confirmation.edit' },
    },
    async (request) =>
      ok(request.locale, [await service.start(requireAuth(request), request.params.id)], {
        info: 'info.confirmationStarted',
      }),
  );

  app.post(
    '/confirmation/cancel/:id',
    {
      schema: {
        tags,
        summary: 'Cancel a run: nothing more is sent, answers stop being matched',
        params: idParams,
      },
      config: { permission: 'confirmation.edit' },
    },
    async (request) =>
      ok(request.locale, [await service.cancel(requireAuth(request), request.params.id)], {
        info: 'info.confirmationCancelled',
      }),
  );

  app.post(
    '/confirmation/appointments/:id',
    {
      schema: {
        tags,
        summary:
          "The run's table, one row per appointment asked (filter keys state, phone, contact_id, specialist, " +
          'branch, meet_date): state pending|sent|confirmed|cancelled|no_reply|failed, writeback none|pending|done|failed',
        params: idParams,
        body: searchBodySchema,
      },
      config: { permission: 'confirmation.view' },
    },
    async (request) => {
      const result = await service.appointments(requireAuth(request), request.params.id, request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.post(
    '/dashboard/confirmations',
    {
      schema: {
        tags: ['dashboards'],
        summary:
          'Confirmed, cancelled, no reply and failed of the runs of the appointment days from..to (inclusive, ' +
          'company time zone), with rates (null without appointments) and by day, professional and branch',
        params: localeParams,
        body: confirmationDashboardSchema,
      },
      config: { permission: 'dashboard.confirmation' },
    },
    async (request) =>
      ok(request.locale, [await confirmationsDashboard(db, requireAuth(request), request.body)]),
  );
};
