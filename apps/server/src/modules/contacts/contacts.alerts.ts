import { ALERT_MODULE, type ConversationAlert, isLocale, wantsAlert } from '@conversa/domain';
import type { Executor } from '../../core/db/database';
import type { UserRow } from '../../core/db/schema';
import { translate } from '../../core/i18n/i18n';
import {
  createRealtimeEventsRepository,
  type StoredNotification,
} from '../../core/realtime/realtime-events.repository';
import { createUsersRepository } from '../users/users.repository';

/** Who handed the conversation over: a colleague by name, or the answer bot. */
export type AssignedBy = { user: string } | 'bot';

/**
 * The alert to the person a conversation was just assigned to (a transfer, a bot's handoff), in their own
 * language, written in the assignment's transaction; none when they left `chat_assigned` out of their
 * preferences. Addressed to them alone (the audience's subject): the contact's own notification tells
 * everyone else that the assignee changed, without any text.
 */
export const recordAssignmentAlert = async (
  tx: Executor,
  clientId: string,
  assignee: UserRow | string,
  contact: { id: string; full_name: string },
  by: AssignedBy,
): Promise<StoredNotification | undefined> => {
  const user =
    typeof assignee === 'string' ? await createUsersRepository(tx).findById(clientId, assignee) : assignee;
  if (!user || !wantsAlert(user, 'chat_assigned')) return undefined;
  const locale = isLocale(user.language) ? user.language : 'es';
  const msg =
    by === 'bot'
      ? translate(locale, 'info.botHandedOffToYou', { contact: contact.full_name })
      : translate(locale, 'info.transferredToYou', { from: by.user, contact: contact.full_name });
  const data: ConversationAlert[] = [{ contact_id: contact.id, full_name: contact.full_name }];
  return createRealtimeEventsRepository(tx).record(clientId, {
    module: ALERT_MODULE,
    action: 'chat_assigned',
    data,
    msg,
    ref: contact.id,
    targetUserId: user.id,
  });
};
