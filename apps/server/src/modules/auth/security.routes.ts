import { twoFactorConfirmSchema, twoFactorDisableSchema, twoFactorPolicySchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { SessionsService } from './sessions.service';
import type { TwoFactorService } from './two-factor.service';

const tags = ['security'];

/** The signed-in user's sessions and two-factor, and the rules that require two-factor. */
export const securityRoutes: FastifyPluginAsyncZod<{
  sessions: SessionsService;
  twoFactor: TwoFactorService;
}> = async (app, { sessions, twoFactor }) => {
  app.get(
    '/session/search',
    {
      schema: {
        tags,
        summary: 'My open sessions (device, address, last seen; current marked)',
        params: localeParams,
      },
    },
    async (request) => ok(request.locale, await sessions.list(requireAuth(request))),
  );

  app.delete(
    '/session/deleteone/:id',
    {
      schema: { tags, summary: 'End one of my sessions; its sockets are disconnected', params: idParams },
      config: { isPersonal: true },
    },
    async (request) => {
      await sessions.revoke(requireAuth(request), request.params.id);
      return ok(request.locale, [], { info: 'info.sessionRevoked' });
    },
  );

  app.get(
    '/twofactor/status',
    {
      schema: {
        tags,
        summary: 'Whether I use two-factor, who requires it, recovery codes left',
        params: localeParams,
      },
    },
    async (request) => ok(request.locale, [await twoFactor.status(requireAuth(request))]),
  );

  app.post(
    '/twofactor/enroll',
    {
      schema: {
        tags,
        summary: 'Start two-factor: a new secret, shown once as a QR image and as text',
        params: localeParams,
      },
      config: { isPersonal: true },
    },
    async (request) => ok(request.locale, [await twoFactor.enroll(requireAuth(request))]),
  );

  app.post(
    '/twofactor/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm the new secret with a code; answers the ten recovery codes once',
        params: localeParams,
        body: twoFactorConfirmSchema,
      },
      config: { isPersonal: true },
    },
    async (request) => {
      const data = await twoFactor.confirm(requireAuth(request), request.ip, request.body.code);
      return ok(request.locale, [data], { info: 'info.twoFactorEnabled' });
    },
  );

  app.post(
    '/twofactor/disable',
    {
      schema: {
        tags,
        summary: 'Switch my two-factor off with a code, a recovery code or my password',
        params: localeParams,
        body: twoFactorDisableSchema,
      },
      config: { isPersonal: true },
    },
    async (request) => {
      await twoFactor.disable(requireAuth(request), request.ip, request.body);
      return ok(request.locale, [], { info: 'info.twoFactorDisabled' });
    },
  );

  app.put(
    '/twofactor/policy',
    {
      schema: {
        tags,
        summary: 'The owner requires two-factor of every user of the company',
        params: localeParams,
        body: twoFactorPolicySchema,
      },
    },
    async (request) => {
      await twoFactor.setCompanyRule(requireAuth(request), request.body.required);
      return ok(request.locale, [], { info: 'info.twoFactorRuleSaved' });
    },
  );

  app.put(
    '/twofactor/policy/:id',
    {
      schema: {
        tags,
        summary: 'The master enforces two-factor on a company (its owner cannot lift it)',
        params: idParams,
        body: twoFactorPolicySchema,
      },
      config: { masterOnly: true },
    },
    async (request) => {
      await twoFactor.setPlatformRule(requireAuth(request), request.params.id, request.body.required);
      return ok(request.locale, [], { info: 'info.twoFactorRuleSaved' });
    },
  );
};
