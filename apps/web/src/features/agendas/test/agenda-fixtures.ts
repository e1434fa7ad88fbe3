import type { AccountBundle, Appointment, Integration } from '@conversa/domain';
import { makeAccount } from '../../../test/account-fixture';

export const STANDARD: Integration = {
  id: 'int-std',
  type: 'standard',
  name: 'Clínica centro',
  device_ids: [],
  answer_new_conversations: false,
  config: {
    professionals: [
      { id: 'p1', name: 'Dra. Soto', specialty: 'Ortodoncia' },
      { id: 'p2', name: 'Dr. Vega' },
    ],
    branches: [{ id: 'b1', name: 'Providencia' }],
    slot_minutes: 30,
  },
  status: 'connected',
  last_sync_at: null,
  error: '',
  create_date: '2026-01-01T00:00:00.000Z',
};

export const DENTALINK: Integration = {
  ...STANDARD,
  id: 'int-dl',
  type: 'dentalink',
  name: 'Dentalink',
  config: { api_token: '••••abcd', confirmed_state_id: 7, cancelled_state_id: 1, branch_ids: [] },
};

export const makeAppointment = (overrides: Partial<Appointment> = {}): Appointment => ({
  id: 'apt-1',
  integration_id: STANDARD.id,
  type: 'standard',
  externalId: '',
  agendaId: '',
  accountId: '',
  treatmentId: '',
  contact_id: 'contact-1',
  patient_name: 'Ana Pérez',
  phone: '56911112222',
  meet_date: '2026-04-15T13:00:00.000Z',
  duration: 30,
  specialist: 'p1',
  specialist_name: 'Dra. Soto',
  branch: 'b1',
  branch_name: 'Providencia',
  specialty: 'Ortodoncia',
  status: 'scheduled',
  create_date: '2026-04-01T00:00:00.000Z',
  update_date: '2026-04-01T00:00:00.000Z',
  ...overrides,
});

/** A company in Santiago (Monday starts the week), its owner on the full plan unless `access` is given. */
export const agendaAccount = (access?: string[]): AccountBundle =>
  makeAccount(access ? { user: { account: 'user', access } } : {});
