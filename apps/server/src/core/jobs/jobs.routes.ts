import { searchBodySchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../http/envelope';
import { idParams, localeParams } from '../http/route-schemas';
import type { JobsService } from './jobs.service';

const tags = ['jobs'];

/** The master's view of the job queue: dead jobs (status failed) with their last error, and a retry. */
export const jobsRoutes: FastifyPluginAsyncZod<{ service: JobsService }> = async (app, { service }) => {
  app.post(
    '/jobs/search',
    {
      schema: { tags, summary: 'Search jobs (master)', params: localeParams, body: searchBodySchema },
      config: { masterOnly: true },
    },
    async (request) => {
      const result = await service.search(request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.post(
    '/jobs/retry/:id',
    {
      schema: { tags, summary: 'Run a dead job again from its first attempt (master)', params: idParams },
      config: { masterOnly: true },
    },
    async (request) => ok(request.locale, [await service.retry(request.params.id)]),
  );
};
