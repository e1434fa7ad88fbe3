import type { AccountBundle, ConfirmationRow, ConfirmationRun, Integration } from '@conversa/domain';
import { makeAccount } from '../../../test/account-fixture';
import { makeDevice } from '../../devices/test/device-fixtures';

export const WHATSAPP = makeDevice('whatsapp', {
  id: 'device-wa',
  name: 'WhatsApp recepción',
  mode: 'official',
});
export const TELEGRAM = makeDevice('telegram', { id: 'device-tg', name: 'Telegram' });

export const DENTALINK: Integration = {
  id: 'int-dl',
  type: 'dentalink',
  name: 'Dentalink Providencia',
  device_ids: [],
  answer_new_conversations: false,
  config: { api_token: '••••abcd', confirmed_state_id: 7, cancelled_state_id: 1, branch_ids: [] },
  status: 'connected',
  last_sync_at: '2026-04-15T12:00:00.000Z',
  error: '',
  create_date: '2026-01-01T00:00:00.000Z',
};

/** A company in Santiago with a WhatsApp (official) and a Telegram device; a plain user with `access` when given. */
export const confirmationsAccount = (access?: string[]): AccountBundle => ({
  ...makeAccount(access ? { user: { account: 'user', access } } : {}),
  list_device: [WHATSAPP, TELEGRAM],
});

export const makeRun = (overrides: Partial<ConfirmationRun> = {}): ConfirmationRun => ({
  id: 'run-1',
  integration_id: DENTALINK.id,
  device_id: WHATSAPP.id,
  date: '2026-04-16',
  template_id: null,
  parameters: [],
  message: 'Hola $patient',
  send_at: null,
  reply_deadline: '2026-04-16T04:00:00.000Z',
  status: 'running',
  error: '',
  totals: { appointments: 10, sent: 8, confirmed: 4, cancelled: 1, no_reply: 0, failed: 2 },
  started_at: '2026-04-15T14:00:00.000Z',
  completed_at: null,
  create_date: '2026-04-15T13:00:00.000Z',
  ...overrides,
});

export const makeRow = (overrides: Partial<ConfirmationRow> = {}): ConfirmationRow => ({
  id: 'row-1',
  agenda_id: 'apt-1',
  contact_id: 'contact-1',
  phone: '56911112222',
  patient_name: 'Ana Pérez',
  meet_date: '2026-04-16T13:00:00.000Z',
  specialist: '12',
  specialist_name: 'Dra. Soto',
  branch: '1',
  branch_name: 'Providencia',
  state: 'confirmed',
  answer: 'confirm',
  message_id: 'msg-1',
  sent_at: '2026-04-15T14:01:00.000Z',
  answered_at: '2026-04-15T14:20:00.000Z',
  writeback: 'done',
  error: '',
  ...overrides,
});
