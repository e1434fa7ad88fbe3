import {
  restoreConfirmSchema,
  restoreSchema,
  signinSchema,
  signupSchema,
  twoFactorLoginSchema,
} from '@conversa/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAttemptLimiter, limitPerAddress, maxPerWindow } from '../../core/http/attempt-limiter';
import type { AttemptStore } from '../../core/http/attempt-store';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { localeParams } from '../../core/http/route-schemas';

import type { AuthService, RequestMeta } from './auth.service';

const tags = ['auth'];

export const requestMeta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

// Per address: sign-ups create companies and restores send mail, so neither may be fired in bulk.
const SIGNUP_LIMIT = maxPerWindow(30, 10 * 60_000);
const RESTORE_LIMIT = maxPerWindow(10, 10 * 60_000);

export const authRoutes: FastifyPluginAsyncZod<{ service: AuthService; attempts: AttemptStore }> = async (
  app,
  { service, attempts },
) => {
  const signupsPerAddress = limitPerAddress(createAttemptLimiter(attempts, 'signup', SIGNUP_LIMIT));
  const restoresPerAddress = limitPerAddress(createAttemptLimiter(attempts, 'restore', RESTORE_LIMIT));

  app.post(
    '/signup',
    {
      schema: {
        tags,
        summary: 'Create a company and its owner on the trial plan',
        params: localeParams,
        body: signupSchema,
      },
      config: { isPublic: true },
      onRequest: signupsPerAddress,
    },
    async (request) => {
      await service.signup(request.body);
      return ok(request.locale, [], { info: 'info.signupSuccess' });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary:
          'Sign in; answers the access token, or { two_factor: "code" | "enroll", challenge } when a second factor is owed',
        params: localeParams,
        body: signinSchema,
      },
      config: { isPublic: true },
    },
    async (request) => {
      const data = await service.login(request.body, requestMeta(request));
      if (!('two_factor' in data)) return ok(request.locale, [data], { info: 'info.loginSuccess' });
      const info = data.two_factor === 'code' ? 'info.twoFactorCodeNeeded' : 'info.twoFactorEnrollNeeded';
      return ok(request.locale, [data], { info });
    },
  );

  app.post(
    '/login/twofactor',
    {
      schema: {
        tags,
        summary: 'Second sign-in step: the authenticator or a recovery code for the challenge',
        params: localeParams,
        body: twoFactorLoginSchema,
      },
      config: { isPublic: true },
    },
    async (request) => {
      const data = await service.loginSecondFactor(request.body, requestMeta(request));
      return ok(request.locale, [data], { info: 'info.loginSuccess' });
    },
  );

  app.get(
    '/logout',
    { schema: { tags, summary: 'End the current session', params: localeParams } },
    async (request) => {
      await service.logout(requireAuth(request));
      return ok(request.locale, [], { info: 'info.logoutSuccess' });
    },
  );

  app.post(
    '/restore',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link (always 200)',
        params: localeParams,
        body: restoreSchema,
      },
      config: { isPublic: true },
      onRequest: restoresPerAddress,
    },
    async (request) => {
      await service.restore(request.body.email);
      return ok(request.locale, [], { info: 'info.restoreSent' });
    },
  );

  app.post(
    '/restore/confirm',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset link',
        params: localeParams,
        body: restoreConfirmSchema,
      },
      config: { isPublic: true },
    },
    async (request) => {
      await service.restoreConfirm(request.body);
      return ok(request.locale, [], { info: 'info.restoreDone' });
    },
  );
};
