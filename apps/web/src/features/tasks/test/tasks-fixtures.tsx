import type { AccountBundle, Task } from '@conversa/domain';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { accountQueryKey } from '../../../shared/account/api/get-account';
import { setSession } from '../../../shared/session';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';

export const makeTask = (overrides: Partial<Task> = {}): Task => ({
  id: 'task-1',
  client_id: 'c1',
  title: 'Llamar a Marta por el presupuesto',
  description: 'Confirmar la fecha de la visita',
  priority: 'medium',
  complete: false,
  due_date: '2026-05-04T15:00:00.000Z',
  owner: ['u1'],
  visibility: 2,
  module: 'contact',
  reference_id: '',
  contact_id: 'contact-1',
  tags: [],
  status_id: '',
  color: '',
  notify_enable: false,
  notify_before: null,
  notify_sent: false,
  notify_channel: 'email',
  is_notified: false,
  comments: [],
  expiry: 'expires_today',
  user_id: 'u1',
  contact: [{ id: 'contact-1', module: 'contact', name: 'Marta Rojas' }],
  reference: [],
  lead: [],
  create_date: '2026-05-01T12:00:00.000Z',
  ...overrides,
});

export const PARTICIPANTS = [
  { id: 'u1', name: 'Ana María Pérez', email: 'ana@clinica.cl' },
  { id: 'u2', name: 'Bruno Díaz', email: 'bruno@clinica.cl' },
];

/** Renders a tasks screen signed in with the account loaded. */
export const renderTasks = (ui: ReactElement, account: AccountBundle, path = '/app/tasks') => {
  const queryClient = createTestQueryClient();
  const session = { token: 'test-token', clientID: account.client.id, userID: account.user.id };
  setSession(session);
  queryClient.setQueryData(accountQueryKey(session), account);
  return renderWithProviders(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>, queryClient);
};
