import type { AccountBundle, Lead } from '@conversa/domain';
import type { ReactElement } from 'react';
import { Route } from 'react-router';
import { renderRoutesAt } from '../../../test/render';

export { type Call, envelope, stubApi } from '../../../test/api-stub';

export const makeLead = (overrides: Partial<Lead> = {}): Lead => ({
  id: 'lead-1',
  client_id: 'c1',
  first_name: 'Marta',
  last_name: 'Rojas',
  full_name: 'Marta Rojas',
  phone: '56987654321',
  email: 'marta@correo.cl',
  document: '',
  country: 'CL',
  tags: [],
  status_id: '',
  owner: [],
  source: 'Instagram',
  converted_contact_id: '',
  create_date: '2026-03-01T12:00:00.000Z',
  ...overrides,
});

/** Renders a leads screen at a path, with the lead and contact detail routes around it. */
export const renderLeadsAt = (ui: ReactElement, account: AccountBundle, path: string) =>
  renderRoutesAt(
    path,
    <>
      <Route path="/app/leads/detail/:reference_id" element={ui} />
      <Route path="/app/leads" element={ui} />
      <Route path="/app/contacts/detail/:contact_id" element={<p data-testid="contact-route">contact</p>} />
    </>,
    account,
  );
