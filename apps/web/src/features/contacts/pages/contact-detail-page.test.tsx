import type { AccountBundle, Contact, Deal } from '@conversa/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountQueryKey } from '../../../shared/account/api/get-account';
import { changeLocale } from '../../../shared/i18n';
import { setSession } from '../../../shared/session';
import { makeAccount } from '../../../test/account-fixture';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { makeContact, makeMessage } from '../../chat/test/chat-fixtures';
import { dealsAccount, makeDeal } from '../../deals/test/deals-fixtures';
import { ContactDetailPage } from './contact-detail-page';

type Call = { url: string; method: string; body: unknown };

const answer = (data: unknown[], status = 200) =>
  new Response(JSON.stringify({ status_codes: status, data, info: 'ok' }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The server as the page sees it: the contact, its notes, deals and payments, and an update that answers the merged record. */
const stubServer = (contact: Contact, deals: Deal[] = []) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body =
        typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ url: String(url), method: init.method ?? 'GET', body });
      if (String(url).includes('contact/updateone/')) {
        const info = (body?.info ?? {}) as Partial<Contact['info']>;
        return answer([{ ...contact, ...body, info: { ...contact.info, ...info } }]);
      }
      if (String(url).includes('note/search')) return answer([]);
      if (String(url).includes('deal/search')) return answer(deals);
      if (String(url).includes('payment/search')) return answer([]);
      return answer([contact]);
    }),
  );
  return calls;
};

const renderDetail = (account: AccountBundle) => {
  const queryClient = createTestQueryClient();
  const session = { token: 'test-token', clientID: account.client.id, userID: account.user.id };
  setSession(session);
  queryClient.setQueryData(accountQueryKey(session), account);
  return renderWithProviders(
    <MemoryRouter initialEntries={['/app/contacts/detail/k1']}>
      <Routes>
        <Route path="/app/contacts/detail/:contact_id" element={<ContactDetailPage />} />
      </Routes>
    </MemoryRouter>,
    queryClient,
  );
};

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('contact detail page', () => {
  it('shows a person without contact.edit the data read-only, with no deals or tasks tab without their view keys', async () => {
    stubServer(makeContact({ info: { ...makeContact().info, email: 'bruno@correo.cl' } }));
    renderDetail(makeAccount({ user: { account: 'user', access: ['contact.view', 'note.view'] } }));

    expect(await screen.findByTestId('page-title')).toHaveTextContent('Bruno Díaz');
    expect(screen.getByText('Solo lectura: no tiene permiso para editar este registro.')).toBeInTheDocument();
    expect(screen.getByText('bruno@correo.cl', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByTestId('contact-data-save')).not.toBeInTheDocument();
    expect(screen.queryByTestId('contact-star')).not.toBeInTheDocument();

    // Without deal.view and task.view there are no deals or tasks tabs to open.
    expect(screen.queryByRole('tab', { name: 'Presupuestos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Tareas' })).not.toBeInTheDocument();
  });

  it('shows the last message to a chat user, and to a contact reader without chat.view says only chat users read it', async () => {
    const contact = makeContact({
      message: {
        numpending: 1,
        numtotal: 3,
        info: { ...makeMessage({ body: 'Hola, ¿tienen hora mañana?' }), type_msg: 'chat', fromMe: false },
      } as Contact['message'],
    });
    stubServer(contact);
    const reader = renderDetail(
      makeAccount({ user: { account: 'user', access: ['contact.view', 'chat.view'] } }),
    );
    await userEvent.click(await screen.findByRole('tab', { name: 'Conversación' }));
    expect(screen.getByTestId('last-message')).toHaveTextContent('Hola, ¿tienen hora mañana?');
    reader.unmount();

    // The server blanks the text for this reader (notification-audience.ts): the page says why.
    stubServer({
      ...contact,
      message: { ...contact.message, info: { ...contact.message.info, body: '' } },
    } as Contact);
    renderDetail(makeAccount({ user: { account: 'user', access: ['contact.view'] } }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Conversación' }));
    expect(screen.getByTestId('last-message')).toHaveTextContent(
      'Solo quienes usan el chat pueden leer el texto',
    );
  });

  it("lists the contact's deals with stage, outcome, amount and balance, each opening its page, and its payments", async () => {
    const calls = stubServer(makeContact(), [
      makeDeal({
        id: 'deal-2',
        numdeal: 2,
        name: 'Ortodoncia',
        stage: 'win',
        amount: 900000,
        balance: 250000,
      }),
      makeDeal({ pipeline_stage_id: 'st-offer' }),
    ]);
    renderDetail(dealsAccount());

    await userEvent.click(await screen.findByRole('tab', { name: 'Presupuestos' }));
    const rows = await screen.findAllByTestId('contact-detail-deal');
    expect(rows[0]).toHaveTextContent('Ortodoncia');
    expect(rows[0]).toHaveTextContent('Ganado');
    expect(rows[0]).toHaveTextContent('900.000');
    expect(rows[0]).toHaveTextContent('250.000');
    expect(rows[1]).toHaveTextContent('Presupuesto Marta');
    expect(rows[1]).toHaveTextContent('Propuesta');
    expect(rows[1]).toHaveTextContent('Abierto');
    expect(await screen.findByTestId('contact-payments-empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ortodoncia' })).toHaveAttribute(
      'href',
      '/app/deals/detail/deal-2',
    );
    // Every outcome of this contact's deals, not only the open ones the chat shows.
    expect(calls.find((call) => call.url.endsWith('/deal/search'))?.body).toMatchObject({
      filters: [{ key: 'contact_id', condition: 'equalto', value: 'k1' }],
    });
  });

  it('checks the data with the new-contact rules and saves the name, phone and e-mail', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubServer(makeContact());
    renderDetail(makeAccount());

    const name = await screen.findByRole('textbox', { name: 'Nombre completo' });
    await user.clear(name);
    await user.type(name, 'Al');
    expect(await screen.findByText('Debe tener al menos 3 caracteres')).toBeInTheDocument();
    await user.type(name, 'ba María Soto');

    const phone = screen.getByRole('textbox', { name: 'Teléfono' });
    await user.clear(phone);
    await user.type(phone, '123');
    expect(await screen.findByText('Ingresa un teléfono válido')).toBeInTheDocument();
    expect(screen.getByTestId('contact-data-save')).toBeDisabled();
    await user.clear(phone);
    await user.type(phone, '+56 9 8765 4321');
    await user.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'Alba@Correo.cl');

    await user.click(screen.getByTestId('contact-data-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: '/api/v1/es/contact/updateone/k1',
      body: {
        info: {
          first_name: 'Alba',
          last_name: 'María Soto',
          phone: '56987654321',
          email: 'alba@correo.cl',
          country: 'CL',
        },
      },
    });
    expect(await screen.findByText('Cambios guardados')).toBeInTheDocument();
  }, 30_000);
});
