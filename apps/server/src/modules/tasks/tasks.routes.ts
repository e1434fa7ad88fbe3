import { taskCommentSchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../core/db/database';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import { registerRecordRoutes } from '../../core/records/record-routes';
import type { TasksService } from './tasks.service';

const tags = ['tasks'];

/** The record kit's task routes, comments and the participant picker's users. */
export const tasksRoutes: FastifyPluginAsyncZod<{ service: TasksService; db: Database }> = async (
  app,
  { service, db },
) => {
  registerRecordRoutes(app, { service: service.records, db });

  app.post(
    '/task/comment/:id',
    {
      schema: {
        tags,
        summary: 'Comment on a task the caller sees; answers the task with its comments, oldest first',
        params: idParams,
        body: taskCommentSchema,
      },
      config: { permission: 'task.view' },
    },
    async (request) => {
      const task = await service.comment(requireAuth(request), request.params.id, request.body.text);
      return ok(request.locale, [task], { info: 'info.taskCommented' });
    },
  );

  app.get(
    '/task/participants',
    {
      schema: {
        tags,
        summary:
          'The company’s users who can take part in a task (those with an e-mail): { id, name }, and their ' +
          'email for the caller themself or with user.view',
        description: 'noAdmin=true leaves out the owner’s (client) and master accounts.',
        params: localeParams,
        querystring: z.object({ noAdmin: z.enum(['true', 'false']).default('false') }),
      },
      config: { permission: 'task.view' },
    },
    async (request) =>
      ok(request.locale, await service.participants(requireAuth(request), request.query.noAdmin === 'true')),
  );
};
