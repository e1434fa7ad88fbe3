import { hasAccess } from '@conversa/domain';
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
 * The record kit's lead routes, convert, and the contacts' conversation routes (bot, transfer, lock,
 * release, unread, unlock) on the lead's conversation: the contact its phone writes to.
 */
export const leadsRoutes: FastifyPluginAsyncZod<{ service: LeadsService; db: Database }> = async (
  app,
  { service, db },
) => {
  // The public API for CRMs: an API key with the right scopes may search, read, create and update.
  registerRecordRoutes(app, { service: service.records, db, openToApiKeys: true });
  registerConversationRoutes(app, service.contacts, { path: 'lead', contactOf: service.conversationOf });

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
