import { type Contact, type NotificationReceiver, recordFor } from '@conversa/domain';
import type { DetailedContact } from './contacts.repository';

/** The contact as the API answers it: the conversation's record, and when its last message was (a CRM column). */
export type ContactRecord = Contact & { last_message_at: string | null };

/**
 * The contact as this reader may see it, by the rule their notifications follow (notification-audience.ts):
 * without the chat, the last message keeps no text.
 */
export const contactFor = <T extends Contact>(reader: NotificationReceiver, contact: T): T =>
  recordFor(reader, 'contact', contact);

export const toContact = ({ contact: row, device }: DetailedContact): ContactRecord => ({
  id: row.id,
  client_id: row.client_id,
  device_id: row.device_id,
  create_date: row.create_date.toISOString(),
  info: {
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: row.full_name,
    email: row.email,
    document: row.document,
    country: row.country,
    phone: row.phone,
  },
  derivedto: row.derivedto,
  answerbot: row.answerbot,
  owner: row.owner,
  tags: row.tags,
  stage: row.stage,
  starred: row.starred,
  device: device
    ? {
        id: device.id,
        name: device.name,
        color: device.color,
        background_color: device.background_color,
        status: device.status,
        setting: { conect: { type: device.type } },
      }
    : null,
  message: { numpending: row.numpending, numtotal: row.numtotal, info: row.last_message },
  last_message_at: row.last_message_at?.toISOString() ?? null,
});
