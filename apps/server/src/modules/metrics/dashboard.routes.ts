import { dashboardQuerySchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { localeParams } from '../../core/http/route-schemas';
import type { DashboardService } from './dashboard.service';

const tags = ['dashboards'];

/** The dashboards' figures (API.md part 3, Dashboards); `dashboard/confirmations` lives with its module. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ service: DashboardService }> = async (
  app,
  { service },
) => {
  app.post(
    '/dashboard/main',
    {
      schema: {
        tags,
        summary:
          'The fourteen figures of the local days from..to (company time zone), in total and per day; a staff ' +
          'user without dashboard.advanced reads only their own',
        params: localeParams,
        body: dashboardQuerySchema,
      },
    },
    async (request) => ok(request.locale, [await service.main(requireAuth(request), request.body)]),
  );

  app.post(
    '/dashboard/advanced',
    {
      schema: {
        tags,
        summary:
          'dashboard/main plus a row per agent and per channel and the weekday-by-hour heat map of customer messages',
        params: localeParams,
        body: dashboardQuerySchema,
      },
      config: { permission: 'dashboard.advanced' },
    },
    async (request) => ok(request.locale, [await service.advanced(requireAuth(request), request.body)]),
  );
};
