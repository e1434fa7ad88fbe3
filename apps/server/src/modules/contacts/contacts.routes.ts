import {
  chatListSchema,
  contactCreateSchema,
  contactUpdateManySchema,
  contactUpdateSchema,
  searchBodySchema,
  unlockManySchema,
} from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { ContactsService } from './contacts.service';

const tags = ['contacts'];

export const contactsRoutes: FastifyPluginAsyncZod<{ service: ContactsService }> = async (
  app,
  { service },
) => {
  app.post(
    '/contact/search',
    {
      schema: { tags, summary: 'Search contacts', params: localeParams, body: searchBodySchema },
      config: { permission: 'contact.view' },
    },
    async (request) => {
      const result = await service.search(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.post(
    '/contact/export',
    {
      schema: {
        tags,
        summary: 'The filtered contacts as CSV (text/csv, header row, at most 10,000 rows)',
        params: localeParams,
        body: searchBodySchema,
      },
      config: { permission: 'contact.export' },
    },
    async (request, reply) => {
      const csv = await service.exportCsv(requireAuth(request), request.body);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="contacts.csv"')
        .send(csv);
    },
  );

  app.post(
    '/contact/kanban',
    {
      schema: {
        tags,
        summary: 'Contacts grouped by stage: data [{stage, total, items}], each column paged by the body',
        params: localeParams,
        body: searchBodySchema,
      },
      config: { permission: 'contact.view' },
    },
    async (request) => {
      const result = await service.kanban(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.post(
    '/contact/create',
    {
      schema: { tags, summary: 'Create a contact', params: localeParams, body: contactCreateSchema },
      config: { permission: 'contact.create' },
    },
    async (request) => {
      const contact = await service.create(requireAuth(request), request.body);
      return ok(request.locale, [contact], { info: 'info.contactCreated' });
    },
  );

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
    '/contact/search/:id',
    { schema: { tags, summary: 'One contact', params: idParams }, config: { permission: 'chat.view' } },
    async (request) => ok(request.locale, [await service.findOne(requireAuth(request), request.params.id)]),
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
    '/contact/updateone/:id',
    {
      schema: { tags, summary: 'Change a contact', params: idParams, body: contactUpdateSchema },
      config: { permission: 'contact.edit' },
    },
    async (request) => {
      const contact = await service.update(requireAuth(request), request.params.id, request.body);
      return ok(request.locale, [contact], { info: 'info.contactUpdated' });
    },
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

  app.put(
    '/contact/updatemany',
    {
      schema: {
        tags,
        summary: 'Change tags, stage, starred or assignee of several contacts',
        params: localeParams,
        body: contactUpdateManySchema,
      },
      config: { permission: 'contact.bulkupdate' },
    },
    async (request) => {
      const changed = await service.updateMany(requireAuth(request), request.body);
      return ok(request.locale, changed, { info: 'info.contactUpdated' });
    },
  );

  app.delete(
    '/contact/deleteone/:id',
    {
      schema: { tags, summary: 'Delete a contact and its conversation', params: idParams },
      config: { permission: 'contact.delete' },
    },
    async (request) => {
      await service.remove(requireAuth(request), request.params.id);
      return ok(request.locale, [], { info: 'info.contactDeleted' });
    },
  );
};
