import type { LastMessage, Message, QuotedMessage } from '@conversa/domain';
import type { MessageRow } from '../../core/db/schema';
import type { FileStore } from '../../core/storage/file-store';
import type { QuotedSource } from './messages.repository';

/**
 * The message a row quotes or reacts to: its provider id always, the rest from the message stored with that
 * id on the same device (read by the caller, see messagesRepository.quotedOf), empty when there is none.
 */
const toQuoted = (providerId: string, source: QuotedSource | undefined): QuotedMessage => ({
  id: source?.id ?? '',
  message_id: providerId,
  type: source?.type ?? '',
  body: source && !source.deleted ? source.body : '',
  fromMe: source?.from_me ?? false,
});

/**
 * What leaves the server; a deleted message keeps its place in the history (and what it quoted, so a
 * reaction taken back is found on its message) but not its content.
 */
export const toMessage = (files: FileStore, row: MessageRow, quoted?: QuotedSource): Message => ({
  id: row.id,
  client_id: row.client_id,
  contact_id: row.contact_id,
  device_id: row.device_id,
  body: row.deleted ? '' : row.body,
  type: row.type,
  fromMe: row.from_me,
  message_id: row.message_id ?? '',
  status: row.status,
  timestamp: row.timestamp.toISOString(),
  create_date: row.create_date.toISOString(),
  owner: row.owner,
  temp_id: row.temp_id,
  attachment: row.attachment_key && !row.deleted ? files.url(row.attachment_key) : '',
  filename: row.filename,
  starred: row.starred,
  selected: row.selected,
  deleted: row.deleted,
  template: row.template,
  buttons: row.buttons,
  button_reply: row.button_reply,
  quoted: row.quoted_message_id ? toQuoted(row.quoted_message_id, quoted) : null,
  contacts: row.deleted ? [] : row.contacts,
  error: row.error,
});

/** The summary the contact row keeps of its conversation's last message. */
export const toLastMessage = (row: MessageRow): LastMessage => ({
  id: row.id,
  body: row.body,
  fromMe: row.from_me,
  message_id: row.message_id ?? '',
  status: row.status,
  timestamp: row.timestamp.toISOString(),
  type_msg: row.type,
  owner: row.owner,
  device_id: row.device_id ?? '',
});
