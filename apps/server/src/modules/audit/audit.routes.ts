import { searchBodySchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { AuditService } from './audit.service';

const tags = ['log'];

/** The audit log (`log`): search and one row; there are no edit or delete routes (API.md part 2). */
export const auditRoutes: FastifyPluginAsyncZod<{ service: AuditService }> = async (app, { service }) => {
  app.post(
    '/log/search',
    {
      schema: {
        tags,
        summary:
          'Who did what, when and from where, newest first (keys user_id, user_name, module, action, record_id, ip, create_date)',
        params: localeParams,
        body: searchBodySchema,
      },
      config: { permission: 'log.view' },
    },
    async (request) => {
      const result = await service.search(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/log/search/:id',
    { schema: { tags, summary: 'One audit-log row', params: idParams }, config: { permission: 'log.view' } },
    async (request) => ok(request.locale, [await service.findOne(requireAuth(request), request.params.id)]),
  );
};
