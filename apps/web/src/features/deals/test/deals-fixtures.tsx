import type { AccountBundle, Deal, Pipeline } from '@conversa/domain';
import type { ReactElement } from 'react';
import { Route } from 'react-router';
import { makeAccount } from '../../../test/account-fixture';
import { renderRoutesAt } from '../../../test/render';

export { type Call, envelope, stubApi } from '../../../test/api-stub';

export const SALES: Pipeline = {
  id: 'pipe-1',
  name: 'Ventas',
  create_date: '2026-01-01T00:00:00.000Z',
  stages: [
    { id: 'st-new', name: 'Nuevo', color: '#2196f3', order: 0 },
    { id: 'st-offer', name: 'Propuesta', color: '#ff9800', order: 1 },
  ],
};

export const makeDeal = (overrides: Partial<Deal> = {}): Deal => ({
  id: 'deal-1',
  client_id: 'c1',
  numdeal: 1,
  name: 'Presupuesto Marta',
  contact_id: 'contact-1',
  contact: { id: 'contact-1', full_name: 'Marta Rojas', phone: '56987654321' },
  pipeline_id: 'pipe-1',
  pipeline_stage_id: 'st-new',
  position: 1000,
  stage: 'open',
  lost_reason: '',
  branch: '',
  amount: 150000,
  currency: 'CLP',
  paid_total: 0,
  balance: 150000,
  closing_date: '',
  expected_date: '',
  owner: [],
  tags: [],
  create_date: '2026-03-01T12:00:00.000Z',
  ...overrides,
});

/** The company with its sales pipeline. */
export const dealsAccount = (pipelines: Pipeline[] = [SALES]): AccountBundle => ({
  ...makeAccount(),
  list_pipeline: pipelines,
});

/** Renders a deals screen at a path, with the deal and contact routes around it. */
export const renderDealsAt = (ui: ReactElement, account: AccountBundle, path: string) =>
  renderRoutesAt(
    path,
    <>
      <Route path="/app/deals/detail/:reference_id" element={ui} />
      <Route path="/app/deals" element={ui} />
      <Route path="/app/settings" element={<p data-testid="settings-route">settings</p>} />
    </>,
    account,
  );
