import type { AccountBundle } from '@conversa/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { dealsAccount, envelope, makeDeal, stubApi } from '../../deals/test/deals-fixtures';
import { makeContact } from '../test/chat-fixtures';
import { renderSignedIn } from '../test/render-chat';
import { ContactDealsPanel } from './contact-deals-panel';
import { NewMessageDialog } from './new-message-dialog';

const MARTA = { id: 'contact-1', full_name: 'Marta Rojas', phone: '56987654321' };

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('deals beside the conversation', () => {
  it("lists the contact's open deals with their stage and amount in the company's format", async () => {
    const calls = stubApi((call) =>
      call.url.endsWith('/deal/search')
        ? envelope(200, [
            makeDeal(),
            makeDeal({ id: 'deal-2', name: 'Ortodoncia', pipeline_stage_id: 'st-offer', amount: 1234567 }),
          ])
        : envelope(200, []),
    );
    renderSignedIn(<ContactDealsPanel contact={MARTA} />, dealsAccount());

    const deals = await screen.findAllByTestId('contact-deal');
    expect(deals).toHaveLength(2);
    expect(deals[0]).toHaveTextContent('Presupuesto Marta');
    expect(deals[0]).toHaveTextContent('Nuevo');
    expect(deals[0]).toHaveTextContent('150.000');
    expect(deals[0]).toHaveAttribute('href', '/app/deals/detail/deal-1');
    expect(deals[1]).toHaveTextContent('Ortodoncia');
    expect(deals[1]).toHaveTextContent('Propuesta');
    expect(deals[1]).toHaveTextContent('1.234.567');
    // Only this contact's deals still being worked are asked for.
    expect(calls.find((call) => call.url.endsWith('/deal/search'))?.body).toMatchObject({
      filters: [
        { key: 'contact_id', condition: 'equalto', value: 'contact-1' },
        { key: 'stage', condition: 'equalto', value: 'open' },
      ],
    });
  });

  it('creates a deal for the contact with the button and Create, and lists it', async () => {
    const created = makeDeal({ id: 'deal-9', name: 'Presupuesto Marta Rojas', amount: 0 });
    let deals: ReturnType<typeof makeDeal>[] = [];
    const calls = stubApi((call) => {
      if (call.url.endsWith('/deal/create')) {
        deals = [created];
        return envelope(200, [created]);
      }
      if (call.url.endsWith('/deal/search')) return envelope(200, deals);
      return envelope(200, []);
    });
    renderSignedIn(<ContactDealsPanel contact={MARTA} />, dealsAccount());

    expect(await screen.findByText('Este contacto no tiene presupuestos abiertos.')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('contact-deals-new'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Un presupuesto para Marta Rojas');
    expect(within(dialog).getByTestId('new-deal-name')).toHaveValue('Presupuesto Marta Rojas');
    await userEvent.click(within(dialog).getByTestId('new-deal-submit'));

    expect(await screen.findByTestId('contact-deal')).toHaveTextContent('Presupuesto Marta Rojas');
    expect(calls.find((call) => call.url.endsWith('/deal/create'))?.body).toMatchObject({
      name: 'Presupuesto Marta Rojas',
      contact_id: 'contact-1',
      pipeline_id: 'pipe-1',
      pipeline_stage_id: 'st-new',
    });
  });

  it('shows nothing to a person without deal.view', () => {
    stubApi(() => envelope(200, []));
    const account: AccountBundle = {
      ...dealsAccount(),
      user: { ...dealsAccount().user, account: 'user', access: ['chat.view'] },
    };
    renderSignedIn(<ContactDealsPanel contact={MARTA} />, account);
    expect(screen.queryByTestId('contact-deals')).not.toBeInTheDocument();
  });
});

describe('new message to the contact of a deal', () => {
  it('searches deals by name and writes to the chosen deal’s contact; a deal without one cannot be chosen', async () => {
    const contact = makeContact({
      id: 'contact-1',
      info: { ...makeContact().info, full_name: 'Marta Rojas', phone: '56987654321' },
    });
    const calls = stubApi((call) => {
      if (call.url.endsWith('/deal/search'))
        return envelope(200, [
          makeDeal(),
          makeDeal({ id: 'deal-2', name: 'Presupuesto mostrador', contact_id: '', contact: null }),
        ]);
      if (call.url.endsWith('/contact/search/contact-1')) return envelope(200, [contact]);
      if (call.url.endsWith('/message/createfast'))
        return envelope(200, [{ id: 'm1', contact_id: 'contact-1' }]);
      return envelope(200, []);
    });
    const account: AccountBundle = {
      ...dealsAccount(),
      list_device: [{ ...contact.device, mode: 'sandbox' }],
    };
    const onSent = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderSignedIn(<NewMessageDialog isOpen onClose={() => undefined} onSent={onSent} />, account);

    await user.click(screen.getByTestId('search-in-deals'));
    await user.type(screen.getByRole('combobox', { name: 'Buscar presupuesto' }), 'Presupuesto');
    // The search waits 900 ms after the typing stops, then asks by name.
    await waitFor(
      () =>
        expect(calls.filter((call) => call.url.endsWith('/deal/search')).at(-1)?.body).toMatchObject({
          filters: [{ key: 'name', condition: 'contains', value: 'Presupuesto' }],
        }),
      { timeout: 5000 },
    );
    const options = await screen.findAllByTestId('deal-option');
    expect(options[1]).toHaveTextContent('Sin contacto: no hay a quién escribir');
    expect(options[1]).toHaveAttribute('aria-disabled', 'true');
    expect(options[0]).toHaveTextContent('Marta Rojas (+56987654321)');
    await user.click(options[0] as HTMLElement);

    expect(await screen.findByText('Se escribirá a Marta Rojas')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Mensaje' }), 'Hola Marta');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(calls.find((call) => call.url.endsWith('/message/createfast'))?.body).toMatchObject({
      phone: '56987654321',
      name: 'Marta Rojas',
      body: 'Hola Marta',
    });
  }, 30_000);
});
