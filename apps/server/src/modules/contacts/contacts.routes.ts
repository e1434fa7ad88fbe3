import { chatListSchema, searchBodySchema, unlockManySchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../core/db/database';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import { registerRecordRoutes } from '../../core/records/record-routes';
import type { ContactsService } from './contacts.service';

const tags = ['contacts'];

/** The record kit's contact routes, then the conversation's own (bot, transfer, lock, release, list…). */
export const contactsRoutes: FastifyPluginAsyncZod<{ service: ContactsService; db: Database }> = async (
  app,
  { service, db },
) => {
  // The public API for CRMs: an API key with the right scopes may search, read, create and update.
  registerRecordRoutes(app, { service: service.records, db, openToApiKeys: true });

  app.post(
    '/contact/bot/:id',
    {
      schema: {
        tags,
        summary: 'Hand the conversation to the answer bot, or take it back',
        params: idParams,
        body: z.object({ answerbot: z.boolean() }),
      },
      config: { permission: 'chat.view' },
    },
    async (request) => {
      const contact = await service.setAnswerbot(
        requireAuth(request),
        request.params.id,
        request.body.answerbot,
      );
      return ok(request.locale, [contact], { info: 'info.contactUpdated' });
    },
  );

  app.post(
    '/contact/transfer/:id',
    {
      schema: {
        tags,
        summary: 'Transfer the conversation to another user of the company (assignee only)',
        params: idParams,
        body: z.object({ user_id: z.string().min(1).max(64) }),
      },
      config: { permission: 'chat.transfer' },
    },
    async (request) => {
      const contact = await service.transfer(requireAuth(request), request.params.id, request.body.user_id);
      return ok(request.locale, [contact], { info: 'info.chatTransferred' });
    },
  );

  app.post(
    '/contact/lock/:id',
    {
      schema: { tags, summary: 'Take the conversation (409 when another user holds it)', params: idParams },
      config: { permission: 'chat.lockchat' },
    },
    async (request) => {
      const contact = await service.lock(requireAuth(request), request.params.id);
      return ok(request.locale, [contact], { info: 'info.chatLocked' });
    },
  );

  app.post(
    '/contact/release/:id',
    {
      schema: {
        tags,
        summary: 'Release the conversation (assignee, or with chat.unlockchatmany)',
        params: idParams,
      },
      config: { permission: 'chat.releasechat' },
    },
    async (request) => {
      const contact = await service.release(requireAuth(request), request.params.id);
      return ok(request.locale, [contact], { info: 'info.chatReleased' });
    },
  );

  app.post(
    '/contact/list',
    {
      schema: {
        tags,
        summary: 'Contacts in short form for pickers',
        params: localeParams,
        body: searchBodySchema,
      },
      config: { permission: 'chat.view' },
    },
    async (request) => {
      const result = await service.list(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.post(
    '/contact/chats',
    {
      schema: {
        tags,
        summary: 'The conversation list: pinned first, then by last message, 20 a page',
        params: localeParams,
        body: chatListSchema,
      },
      config: { permission: 'chat.view' },
    },
    async (request) => {
      const result = await service.chats(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/contact/unread/:id',
    {
      schema: { tags, summary: 'Mark the conversation read (counters back to 0)', params: idParams },
      config: { permission: 'chat.view' },
    },
    async (request) => ok(request.locale, [await service.markRead(requireAuth(request), request.params.id)]),
  );

  app.put(
    '/contact/unlockchatmany',
    {
      schema: {
        tags,
        summary: 'Release every conversation the chat query selects',
        params: localeParams,
        body: unlockManySchema,
      },
      config: { permission: 'chat.unlockchatmany' },
    },
    async (request) => {
      const released = await service.unlockMany(requireAuth(request), request.body.find);
      return ok(request.locale, [{ released }], { info: 'info.chatReleased' });
    },
  );

  app.put(
    '/contact/unlockall',
    {
      schema: { tags, summary: 'Release every conversation of the company', params: localeParams },
      config: { permission: 'chat.unlockall' },
    },
    async (request) => {
      const released = await service.unlockAll(requireAuth(request));
      return ok(request.locale, [{ released }], { info: 'info.chatReleased' });
    },
  );
};
