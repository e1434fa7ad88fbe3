import { chatListSchema, searchBodySchema, unlockManySchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../core/db/database';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import type { AuthContext } from '../../core/http/fastify-types';
import { idParams, localeParams } from '../../core/http/route-schemas';
import { registerRecordRoutes } from '../../core/records/record-routes';
import type { ContactsService } from './contacts.service';

const tags = ['contacts'];

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The record kit's contact routes, the conversation's own (bot, transfer, lock, release…), list and chats. */
export const contactsRoutes: FastifyPluginAsyncZod<{ service: ContactsService; db: Database }> = async (
  app,
  { service, db },
) => {
  // The public API for CRMs: an API key with the right scopes may search, read, create and update.
  registerRecordRoutes(app, { service: service.records, db, openToApiKeys: true });
  registerConversationRoutes(app, service, { path: 'contact', contactOf: async (_auth, id) => id });

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
};

/**
 * Whose conversation a route's id names: a contact's own, or a lead's (the contact holding its phone's
 * conversation). The same handlers and permissions serve `contact/` and `lead/` (API.md part 2, Leads).
 */
export type ConversationOwner = {
  path: 'contact' | 'lead';
  /** The contact whose conversation the id names; refuses an id the caller may not reach. */
  contactOf: (auth: AuthContext, id: string) => Promise<string>;
};

/** The conversation's own routes (bot, transfer, lock, release, unread, unlock) under the owner's path. */
export const registerConversationRoutes = (app: App, service: ContactsService, owner: ConversationOwner) => {
  app.post(
    `/${owner.path}/bot/:id`,
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
      const auth = requireAuth(request);
      const contactId = await owner.contactOf(auth, request.params.id);
      const contact = await service.setAnswerbot(auth, contactId, request.body.answerbot);
      return ok(request.locale, [contact], { info: 'info.contactUpdated' });
    },
  );

  app.post(
    `/${owner.path}/transfer/:id`,
    {
      schema: {
        tags,
        summary: 'Transfer the conversation to another user of the company (assignee only)',
        params: idParams,
        body: z.object({ user_id: z.string().min(1).max(64) }),
      },
      config: { permission: 'chat.view' },
    },
    async (request) => {
      const auth = requireAuth(request);
      const contactId = await owner.contactOf(auth, request.params.id);
      const contact = await service.transfer(auth, contactId, request.body.user_id);
      return ok(request.locale, [contact], { info: 'info.chatTransferred' });
    },
  );

  app.post(
    `/${owner.path}/lock/:id`,
    {
      schema: { tags, summary: 'Take the conversation (409 when another user holds it)', params: idParams },
      config: { permission: 'chat.lockchat' },
    },
    async (request) => {
      const auth = requireAuth(request);
      const contact = await service.lock(auth, await owner.contactOf(auth, request.params.id));
      return ok(request.locale, [contact], { info: 'info.chatLocked' });
    },
  );

  app.post(
    `/${owner.path}/release/:id`,
    {
      schema: {
        tags,
        summary: 'Release the conversation (assignee, or with chat.unlockchatmany)',
        params: idParams,
      },
      config: { permission: 'chat.releasechat' },
    },
    async (request) => {
      const auth = requireAuth(request);
      const contact = await service.release(auth, await owner.contactOf(auth, request.params.id));
      return ok(request.locale, [contact], { info: 'info.chatReleased' });
    },
  );

  app.get(
    `/${owner.path}/unread/:id`,
    {
      schema: { tags, summary: 'Mark the conversation read (counters back to 0)', params: idParams },
      config: { permission: 'chat.view' },
    },
    async (request) => {
      const auth = requireAuth(request);
      return ok(request.locale, [
        await service.markRead(auth, await owner.contactOf(auth, request.params.id)),
      ]);
    },
  );

  app.put(
    `/${owner.path}/unlockchatmany`,
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
    `/${owner.path}/unlockall`,
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
