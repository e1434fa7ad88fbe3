import { chatListSchema, hasAccess, searchBodySchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../core/db/database';
import { forbidden } from '../../core/http/app-error';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { localeParams } from '../../core/http/route-schemas';
import { registerRecordRoutes } from '../../core/records/record-routes';
import { registerConversationRoutes } from '../contacts/contacts.routes';
import type { LeadsService } from './leads.service';

const tags = ['leads'];

/**
 * The record kit's lead routes, convert, list, and the contacts' conversation routes (chats, bot, transfer,
 * lock, release, unread, unlock) on the lead's conversation: the contact its phone writes to.
 */
export const leadsRoutes: FastifyPluginAsyncZod<{ service: LeadsService; db: Database }> = async (
  app,
  { service, db },
) => {
  // The public API for CRMs: an API key with the right scopes may search, read, create and update.
  registerRecordRoutes(app, { service: service.records, db, openToApiKeys: true });
  registerConversationRoutes(app, service.contacts, { path: 'lead', contactOf: service.conversationOf });

  app.post(
    '/lead/list',
    {
      schema: {
        tags,
        summary: 'Leads in short form for pickers',
        params: localeParams,
        body: searchBodySchema,
      },
      config: { permission: 'lead.view' },
    },
    async (request) => {
      const result = await service.list(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.post(
    '/lead/chats',
    {
      schema: {
        tags,
        summary: "The conversation list of leads' conversations, as contact/chats (needs lead.view too)",
        description:
          'A lead holds the conversation of the contact it was converted into, else of the contact with its phone.',
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

  app.post(
    '/lead/convert/:lead_id',
    {
      schema: {
        tags,
        summary: 'Convert a lead into a contact (new, or the one with the same phone); answers the contact',
        description:
          'Its notes follow the contact and the lead keeps converted_contact_id. A lead already converted ' +
          'answers 406. Needs lead.edit and contact.create. A body, if any, is ignored.',
        params: localeParams.extend({ lead_id: z.string().min(1).max(64) }),
      },
      config: { permission: 'lead.edit' },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!hasAccess(auth, 'contact.create')) throw forbidden();
      const contact = await service.convert(auth, request.params.lead_id);
      return ok(request.locale, [contact], { info: 'info.leadConverted' });
    },
  );
};
