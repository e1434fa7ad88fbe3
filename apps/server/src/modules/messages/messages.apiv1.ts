import { hasAccess, isLocale, messagePageSchema, messageUpdateSchema } from '@conversa/domain';
import { z } from 'zod';
import { AppError } from '../../core/http/app-error';
import { envelope, ok } from '../../core/http/envelope';
import { translate } from '../../core/i18n/i18n';
import type { Apiv1Registry } from '../../core/realtime/apiv1-handler';
import type { MessagesService } from './messages.service';

const listPayload = messagePageSchema.extend({ contact_id: z.string().min(1).max(64) });
const updatePayload = messageUpdateSchema.extend({ id: z.string().min(1).max(64) });

/** The socket's `msg` resource: the same messages service answered through the ack, as an envelope. */
export const messagesApiv1 = (service: MessagesService): Apiv1Registry => ({
  msg: {
    async list(auth, request) {
      const locale = isLocale(request.locale) ? request.locale : 'es';
      if (!hasAccess(auth, 'chat.view')) return envelope(403, translate(locale, 'info.forbidden'));
      const parsed = listPayload.safeParse(request.payload ?? {});
      if (!parsed.success) return envelope(400, translate(locale, 'info.invalidData'));
      return answer(locale, async () => {
        const { contact_id, page, offset } = parsed.data;
        const result = await service.listOfContact(auth, contact_id, page, offset);
        return ok(locale, result.data, { pagination: result.pagination });
      });
    },
    async updateone(auth, request) {
      const locale = isLocale(request.locale) ? request.locale : 'es';
      if (!hasAccess(auth, 'chat.view')) return envelope(403, translate(locale, 'info.forbidden'));
      const parsed = updatePayload.safeParse(request.payload ?? {});
      if (!parsed.success) return envelope(400, translate(locale, 'info.invalidData'));
      return answer(locale, async () => {
        const { id, ...patch } = parsed.data;
        return ok(locale, [await service.updateOne(auth, id, patch)]);
      });
    },
  },
});

const answer = async (
  locale: Parameters<typeof translate>[0],
  run: () => Promise<ReturnType<typeof ok>>,
): Promise<ReturnType<typeof ok>> => {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) return envelope(error.status, translate(locale, error.info, error.params));
    throw error;
  }
};
