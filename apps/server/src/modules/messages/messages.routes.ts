import {
  messageCreateFastSchema,
  messageCreateSchema,
  messagePageSchema,
  messageSearchSchema,
  sendTemplateSchema,
} from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { readMultipartForm } from '../../core/http/multipart-form';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { Attachment } from './message-sending';
import type { MessagesService } from './messages.service';

const tags = ['messages'];

export const messagesRoutes: FastifyPluginAsyncZod<{ service: MessagesService }> = async (
  app,
  { service },
) => {
  app.post(
    '/message/contact/:contactId',
    {
      schema: {
        tags,
        summary: "A conversation's messages, newest first, 25 a page",
        params: localeParams.extend({ contactId: z.string().min(1).max(64) }),
        body: messagePageSchema,
      },
      config: { permission: 'chat.view' },
    },
    async (request) => {
      const { page, offset } = request.body;
      const result = await service.listOfContact(
        requireAuth(request),
        request.params.contactId,
        page,
        offset,
      );
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.post(
    '/message/contact',
    {
      schema: {
        tags,
        summary: "A conversation's messages (contact id in the body)",
        params: localeParams,
        body: messagePageSchema.extend({ contact_id: z.string().min(1).max(64) }),
      },
      config: { permission: 'chat.view' },
    },
    async (request) => {
      const { page, offset, contact_id } = request.body;
      const result = await service.listOfContact(requireAuth(request), contact_id, page, offset);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.post(
    '/message/search',
    {
      schema: {
        tags,
        summary: 'The messages of the contact with a phone',
        params: localeParams,
        body: messageSearchSchema,
      },
      config: { permission: 'chat.view' },
    },
    async (request) => {
      const { phone, page, offset } = request.body;
      const result = await service.searchByPhone(requireAuth(request), phone, page, offset);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.post(
    '/message/create',
    {
      schema: {
        tags,
        summary:
          'Send a message (JSON, or multipart/form-data with an `attachment` file of at most 10,000,000 bytes)',
        description:
          'Body: {type, body, device_id, contact_id, temp_id?, lat?, lng?, address?}. A location is stored with body "lat;lng". ' +
          'The attachment type is checked from its content. 403/412 when the composer rule refuses.',
        params: localeParams,
        consumes: ['application/json', 'multipart/form-data'],
      },
      config: { permission: 'chat.view' },
    },
    async (request) => {
      const auth = requireAuth(request);
      let fields: unknown = request.body;
      let attachment: Attachment | undefined;
      if (request.isMultipart()) {
        const form = await readMultipartForm(request);
        fields = form.fields;
        attachment = form.files.find((file) => file.fieldname === 'attachment');
      }
      const input = messageCreateSchema.parse(fields ?? {});
      const message = await service.create(auth, input, attachment);
      return ok(request.locale, [message], { info: 'info.messageSent' });
    },
  );

  app.post(
    '/message/createfast',
    {
      schema: {
        tags,
        summary: 'Send a text to a phone, creating the contact when needed (takes a free conversation)',
        params: localeParams,
        body: messageCreateFastSchema,
      },
      config: { permission: 'chat.view' },
    },
    async (request) => {
      const message = await service.createFast(requireAuth(request), request.body);
      return ok(request.locale, [message], { info: 'info.messageSent' });
    },
  );

  app.post(
    '/message/sendtemplate',
    {
      schema: {
        tags,
        summary:
          'Send a template ($fullname, $firstname, $lastname, $username filled); WhatsApp official or sandbox only',
        params: localeParams,
        body: sendTemplateSchema,
      },
      config: { permission: 'chat.view' },
    },
    async (request) => {
      const message = await service.sendTemplate(requireAuth(request), request.body);
      return ok(request.locale, [message], { info: 'info.messageSent' });
    },
  );

  app.delete(
    '/message/deleteone/:id',
    {
      schema: { tags, summary: 'Delete a message (kept in the history, flagged deleted)', params: idParams },
      config: { permission: 'chat.view' },
    },
    async (request) => {
      const message = await service.remove(requireAuth(request), request.params.id);
      return ok(request.locale, [message], { info: 'info.messageDeleted' });
    },
  );
};
