import { describe, expect, it } from 'vitest';
import type { MessageRow } from '../../core/db/schema';
import type { FileStore } from '../../core/storage/file-store';
import { toMessage } from './messages.mapper';

const files = { url: (key: string) => `https://files.example/${key}` } as unknown as FileStore;

const row = (overrides: Partial<MessageRow> = {}): MessageRow => ({
  id: 'm2',
  client_id: 'c1',
  contact_id: 'k1',
  device_id: 'd1',
  from_me: false,
  message_id: 'wamid.2',
  type: 'chat',
  body: 'A las 10',
  status: 'recive',
  owner: '',
  temp_id: '',
  attachment_key: null,
  filename: '',
  mimetype: '',
  template: null,
  buttons: [],
  button_reply: '',
  quoted_message_id: '',
  contacts: [],
  starred: false,
  selected: false,
  deleted: false,
  error: '',
  dispatched_at: null,
  dispatch_state: '',
  dispatch_attempts: 0,
  send_turn_at: null,
  timestamp: new Date('2026-03-12T15:00:00Z'),
  create_date: new Date('2026-03-12T15:00:00Z'),
  ...overrides,
});

describe('toMessage: quoted messages and contact cards', () => {
  it('answers null for a message that quotes nothing, and the contacts of a card', () => {
    const people = [{ name: 'Ignacio Pérez', phones: ['56987654321'], emails: [] }];
    expect(toMessage(files, row())).toMatchObject({ quoted: null, contacts: [] });
    expect(toMessage(files, row({ type: 'contact', contacts: people }))).toMatchObject({ contacts: people });
  });

  it('resolves the quoted message from the one stored with its provider id', () => {
    const quoted = { id: 'm1', type: 'image' as const, body: 'mira', from_me: true, deleted: false };
    expect(toMessage(files, row({ quoted_message_id: 'wamid.1' }), quoted).quoted).toEqual({
      id: 'm1',
      message_id: 'wamid.1',
      type: 'image',
      body: 'mira',
      fromMe: true,
    });
  });

  it('keeps only the provider id when that message is not stored, and no body of a deleted one', () => {
    expect(toMessage(files, row({ quoted_message_id: 'wamid.gone' })).quoted).toEqual({
      id: '',
      message_id: 'wamid.gone',
      type: '',
      body: '',
      fromMe: false,
    });
    const deleted = { id: 'm1', type: 'chat' as const, body: 'secreto', from_me: false, deleted: true };
    expect(toMessage(files, row({ quoted_message_id: 'wamid.1' }), deleted).quoted).toMatchObject({
      id: 'm1',
      body: '',
    });
  });

  it('a deleted reaction keeps what it reacted to, without its emoji', () => {
    const message = toMessage(
      files,
      row({ type: 'reaction', body: '👍', quoted_message_id: 'wamid.1', deleted: true }),
    );
    expect(message).toMatchObject({ deleted: true, body: '', quoted: { message_id: 'wamid.1' } });
    const card = toMessage(
      files,
      row({ type: 'contact', deleted: true, contacts: [{ name: 'A', phones: [], emails: [] }] }),
    );
    expect(card.contacts).toEqual([]);
  });
});
