import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../shared/i18n';
import { makeAccount } from '../../test/account-fixture';
import { NewLeadDialog } from './components/new-lead-dialog';
import { LeadDetailPage } from './pages/lead-detail-page';
import { envelope, makeLead, renderLeadsAt, stubApi } from './test/leads-fixtures';

const DETAIL = '/app/leads/detail/lead-1';
const staff = (access: string[]) => makeAccount({ user: { account: 'user', access } });

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('lead detail', () => {
  it('converts the lead after a confirmation and then links to its contact', async () => {
    let lead = makeLead();
    const calls = stubApi((call) => {
      if (call.url.endsWith('/lead/convert/lead-1')) {
        lead = { ...lead, converted_contact_id: 'contact-9' };
        return envelope(200, [{ id: 'contact-9' }], { info: 'Lead convertido' });
      }
      if (call.url.endsWith('/lead/search/lead-1')) return envelope(200, [lead]);
      return envelope(200, []);
    });
    renderLeadsAt(<LeadDetailPage />, makeAccount(), DETAIL);

    expect(await screen.findByTestId('page-title')).toHaveTextContent('Marta Rojas');
    await userEvent.click(screen.getByTestId('lead-convert'));
    expect(screen.getByText('¿Convertir a Marta Rojas en contacto?')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('lead-convert-confirm'));

    const link = await screen.findByTestId('lead-contact-link');
    expect(link).toHaveAttribute('href', '/app/contacts/detail/contact-9');
    expect(screen.queryByTestId('lead-convert')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url.endsWith('/lead/convert/lead-1'))).toHaveLength(1);
    await userEvent.click(link);
    expect(await screen.findByTestId('contact-route')).toBeInTheDocument();
  });

  it('shows a converted lead with the link to its contact and no convert button', async () => {
    stubApi((call) =>
      call.url.endsWith('/lead/search/lead-1')
        ? envelope(200, [makeLead({ converted_contact_id: 'contact-3' })])
        : envelope(200, []),
    );
    renderLeadsAt(<LeadDetailPage />, makeAccount(), DETAIL);

    expect(await screen.findByTestId('lead-contact-link')).toHaveAttribute(
      'href',
      '/app/contacts/detail/contact-3',
    );
    expect(screen.getByTestId('lead-converted')).toHaveTextContent('Convertido en contacto');
    expect(screen.queryByTestId('lead-convert')).not.toBeInTheDocument();
  });

  it('offers no conversion to a staff user who may edit leads but not create contacts', async () => {
    stubApi((call) =>
      call.url.endsWith('/lead/search/lead-1') ? envelope(200, [makeLead()]) : envelope(200, []),
    );
    renderLeadsAt(<LeadDetailPage />, staff(['lead.view', 'lead.edit']), DETAIL);
    await screen.findByTestId('lead-data-form');
    expect(screen.queryByTestId('lead-convert')).not.toBeInTheDocument();
  });

  it('says the lead has no status, tags or owners to a person who may not edit leads', async () => {
    stubApi((call) =>
      call.url.endsWith('/lead/search/lead-1') ? envelope(200, [makeLead()]) : envelope(200, []),
    );
    renderLeadsAt(<LeadDetailPage />, staff(['lead.view']), DETAIL);

    expect(await screen.findByText('Sin etiquetas')).toBeInTheDocument();
    expect(screen.getByText('Sin estado')).toBeInTheDocument();
    expect(screen.getByText('Sin responsables')).toBeInTheDocument();
    expect(screen.queryByTestId('lead-data-form')).not.toBeInTheDocument();
  });

  it('saves only the changed fields of the data form', async () => {
    const calls = stubApi((call) => {
      if (call.method === 'PUT') return envelope(200, [makeLead({ source: 'Feria 2026' })]);
      if (call.url.endsWith('/lead/search/lead-1')) return envelope(200, [makeLead()]);
      return envelope(200, []);
    });
    renderLeadsAt(<LeadDetailPage />, makeAccount(), DETAIL);

    const source = await screen.findByTestId('lead-source');
    await userEvent.clear(source);
    await userEvent.type(source, 'Feria 2026');
    await userEvent.click(screen.getByTestId('lead-data-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toMatch(/\/lead\/updateone\/lead-1$/);
    expect(put?.body).toEqual({ source: 'Feria 2026' });
  });
});

describe('new lead dialog', () => {
  it('creates a lead with its status, its phone as digits only', async () => {
    const status = {
      id: 'st-1',
      module: 'lead' as const,
      field: 'status_id' as const,
      name: 'Nuevo',
      color: '#2196f3',
      status: true,
      position: 0,
    };
    const account = { ...makeAccount(), list_dinamic: [status] };
    const calls = stubApi((call) =>
      call.url.endsWith('/lead/create')
        ? envelope(200, [makeLead({ id: 'lead-7', status_id: 'st-1' })])
        : envelope(200, [makeLead({ id: 'lead-7' })]),
    );
    renderLeadsAt(<NewLeadDialog isOpen onClose={() => undefined} />, account, '/app/leads');

    expect(screen.getByTestId('new-lead-submit')).toBeDisabled();
    await userEvent.type(screen.getByTestId('new-lead-first_name'), 'Marta');
    await userEvent.type(screen.getByTestId('new-lead-last_name'), 'Rojas');
    await userEvent.type(screen.getByTestId('new-lead-phone'), '+56 9 8765 4321');
    await userEvent.type(screen.getByTestId('new-lead-source'), 'Instagram');
    await userEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Nuevo' }));
    await waitFor(() => expect(screen.getByTestId('new-lead-submit')).toBeEnabled());
    await userEvent.click(screen.getByTestId('new-lead-submit'));

    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/lead/create'))).toBe(true));
    expect(calls.find((call) => call.url.endsWith('/lead/create'))?.body).toEqual({
      first_name: 'Marta',
      last_name: 'Rojas',
      phone: '56987654321',
      email: '',
      document: '',
      country: 'CL',
      source: 'Instagram',
      tags: [],
      status_id: 'st-1',
      owner: [],
    });
  });
});
