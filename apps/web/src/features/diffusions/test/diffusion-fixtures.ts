import type { AccountBundle, Diffusion, DiffusionRecipient, ListItem, Template } from '@conversa/domain';
import { makeAccount } from '../../../test/account-fixture';
import { makeDevice } from '../../devices/test/device-fixtures';

export const WHATSAPP = makeDevice('whatsapp', { id: 'device-wa', name: 'WhatsApp ventas' });

export const VIP: ListItem = {
  id: 'tag-vip',
  module: 'contact',
  field: 'tags',
  name: 'vip',
  color: '#9c27b0',
  status: true,
  position: 0,
};

/** A company with one WhatsApp device and a contact tag; a plain user with `access` when given. */
export const marketingAccount = (access?: string[]): AccountBundle => ({
  ...makeAccount(access ? { user: { account: 'user', access } } : {}),
  list_device: [WHATSAPP],
  list_dinamic: [VIP],
});

export const makeDiffusion = (overrides: Partial<Diffusion> = {}): Diffusion => ({
  id: 'diff-1',
  client_id: 'c1',
  name: 'Promo invierno',
  device_id: WHATSAPP.id,
  audience: { module: 'contact', filters: [], logical: 'and', list_ids: [VIP.id] },
  message: { type: 'chat', body: 'Hola $firstname', template_id: '', parameters: [] },
  scheduled_at: null,
  send_window: { from: '09:00', to: '20:00', days: [1, 2, 3, 4, 5] },
  pacing: { min_interval: 5, max_interval: 15, min_batch: 20, max_batch: 40, min_pause: 60, max_pause: 180 },
  max_monthly_responses: 0,
  count_current_responses: 0,
  status: 'running',
  pause_reason: '',
  totals: { recipients: 10, pending: 6, sent: 3, delivered: 2, read: 1, failed: 1, skipped: 0, replied: 1 },
  user_id: 'u1',
  started_at: '2026-04-10T14:30:00.000Z',
  completed_at: null,
  create_date: '2026-04-10T14:00:00.000Z',
  ...overrides,
});

export const makeRecipient = (overrides: Partial<DiffusionRecipient> = {}): DiffusionRecipient => ({
  id: 'rec-1',
  contact_id: 'contact-1',
  phone: '56911112222',
  name: 'Paula Reyes',
  state: 'sent',
  reason: '',
  detail: '',
  message_id: 'msg-1',
  provider_id: 'wamid.1',
  sent_at: '2026-04-10T14:31:00.000Z',
  replied: false,
  ...overrides,
});

export const PROMO_TEMPLATE: Template = {
  id: 'tpl-1',
  client_id: 'c1',
  device_id: WHATSAPP.id,
  name: 'promo_mes',
  language: 'es',
  status: 'APPROVED',
  quality: 'GREEN',
  reason: '',
  category: 'MARKETING',
  example: 'Hola {{1}}, tu descuento es {{2}}',
  components: [{ type: 'BODY', text: 'Hola {{1}}, tu descuento es {{2}}' }],
  schema: {
    template: {
      name: 'promo_mes',
      language: 'es',
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: '' },
            { type: 'text', text: '' },
          ],
        },
      ],
    },
  },
  create_date: '2026-04-01T00:00:00.000Z',
  update_date: '2026-04-01T00:00:00.000Z',
};
