import { callDialSchema, callSearchSchema, hasAccess } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../core/http/app-error';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import type { AuthContext } from '../../core/http/fastify-types';
import { localeParams } from '../../core/http/route-schemas';
import type { CallsService } from './calls.service';

const tags = ['calls'];

/** A call is rung from a conversation (chat.view) or from the contact's record (contact.view). */
const assertCanCall = (auth: AuthContext) => {
  if (!hasAccess(auth, 'chat.view') && !hasAccess(auth, 'contact.view')) throw forbidden();
};

/** Phone calls (a PBX integration's): the contact's timeline and click-to-call. */
export const callsRoutes: FastifyPluginAsyncZod<{ service: CallsService }> = async (app, { service }) => {
  app.post(
    '/call/search',
    {
      schema: {
        tags,
        summary:
          "Search the company's calls, newest first (filter keys contact_id, user_id, direction, result, phone, " +
          "extension, started_at…): a contact's timeline filters by contact_id",
        params: localeParams,
        body: callSearchSchema,
      },
      config: { permission: 'contact.view' },
    },
    async (request) => {
      const result = await service.search(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/call/setup',
    {
      schema: {
        tags,
        summary:
          "Whether the company has a Yeastar PBX connected and the caller's own extension on it ('' when none): " +
          'where the screens show the call button',
        params: localeParams,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      assertCanCall(auth);
      return ok(request.locale, [await service.setup(auth)]);
    },
  );

  app.post(
    '/call/dial',
    {
      schema: {
        tags,
        summary:
          "Click-to-call: the company's Yeastar PBX rings the caller's own extension (the integration's " +
          "extension mapping), then dials the contact. 404 for a contact not the company's; 412 when the " +
          "company has no Yeastar integration or the caller no extension; 502 with the PBX's reason when it refuses",
        params: localeParams,
        body: callDialSchema,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      assertCanCall(auth);
      return ok(request.locale, [await service.dial(auth, request.body)], { info: 'info.callDialed' });
    },
  );
};
