import type { Feature } from '@conversa/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { makeAccount } from '../../../test/account-fixture';
import { type Call, envelope, stubApi } from '../../../test/api-stub';
import { renderWithProviders, signedInQueryClient } from '../../../test/render';
import { FeaturesPage } from './pages/features-page';

const master = () => makeAccount({ user: { account: 'master' } });

const makeFeature = (overrides: Partial<Feature> = {}): Feature => ({
  id: 'feature-1',
  code: 'bag-1000',
  name: 'Bolsa 1.000',
  kind: 'message_bag',
  quantity: 1000,
  price_clp: 15_990,
  price_usd: 17.5,
  is_public: true,
  ...overrides,
});

beforeEach(async () => {
  await changeLocale('es');
});
afterEach(() => vi.unstubAllGlobals());

const fill = async (testId: string, text: string) => {
  const input = screen.getByTestId(testId);
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(text);
};

const writes = (calls: Call[]) => calls.filter((call) => !call.url.endsWith('/feature/search'));

describe('features console (master)', () => {
  it('lists features with their prices in the company’s number format', async () => {
    stubApi(() =>
      envelope(200, [makeFeature(), makeFeature({ id: 'feature-2', name: 'Oculta', is_public: false })], {
        pagination: { total: 2, page: 1, offset: 25 },
      }),
    );
    renderWithProviders(<FeaturesPage />, signedInQueryClient(master()));

    const rows = await screen.findAllByTestId('feature-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Bolsa de mensajes');
    expect(rows[0]).toHaveTextContent('1.000');
    expect(rows[0]).toHaveTextContent('15.990 CLP');
    expect(rows[0]).toHaveTextContent('17,50 USD');
    expect(rows[1]).toHaveTextContent('Privada');
  });

  it('creates a feature after the domain rules pass; a code in use shows under the code', async () => {
    let list: Feature[] = [];
    let tries = 0;
    const calls = stubApi((call) => {
      if (call.url.endsWith('/feature/create')) {
        tries += 1;
        if (tries === 1)
          return envelope(409, [], {
            info: 'Este código ya está en uso',
            errors: [{ path: 'code', message: 'Este código ya está en uso' }],
          });
        list = [makeFeature({ code: 'users-5', name: '5 usuarios', kind: 'user', quantity: 5 })];
        return envelope(200, list);
      }
      return envelope(200, list, { pagination: { total: list.length, page: 1, offset: 25 } });
    });
    renderWithProviders(<FeaturesPage />, signedInQueryClient(master()));

    await userEvent.click(await screen.findByTestId('feature-new'));
    await fill('feature-code', 'users-5');
    await fill('feature-name', '5 usuarios');
    await userEvent.selectOptions(screen.getByTestId('feature-kind'), 'user');
    await fill('feature-quantity', '0');
    await userEvent.click(screen.getByTestId('feature-submit'));
    expect(await screen.findByText('Debe ser un número mayor que 0')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await fill('feature-quantity', '5');
    await fill('feature-price_clp', '20000');
    await fill('feature-price_usd', '21.5');
    await userEvent.click(screen.getByTestId('feature-submit'));
    expect(await screen.findAllByText('Este código ya está en uso')).not.toHaveLength(0);

    await userEvent.click(screen.getByTestId('feature-submit'));
    expect(await screen.findByTestId('feature-row')).toHaveTextContent('5 usuarios');
    expect(writes(calls).at(-1)?.body).toEqual({
      code: 'users-5',
      name: '5 usuarios',
      kind: 'user',
      quantity: 5,
      price_clp: 20_000,
      price_usd: 21.5,
      is_public: true,
    });
  }, 30_000);

  it('deletes only after Yes', async () => {
    let list = [makeFeature()];
    const calls = stubApi((call) => {
      if (call.method === 'DELETE') {
        list = [];
        return envelope(200, []);
      }
      return envelope(200, list, { pagination: { total: list.length, page: 1, offset: 25 } });
    });
    renderWithProviders(<FeaturesPage />, signedInQueryClient(master()));

    const row = within(await screen.findByTestId('feature-row'));
    await userEvent.click(row.getByTestId('feature-delete'));
    expect(screen.getByText('¿Eliminar la funcionalidad Bolsa 1.000?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(writes(calls)).toEqual([]);

    await userEvent.click(row.getByTestId('feature-delete'));
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    await vi.waitFor(() => expect(screen.queryByTestId('feature-row')).not.toBeInTheDocument());
    expect(writes(calls).map((call) => [call.method, call.url])).toEqual([
      ['DELETE', '/api/v1/es/feature/deleteone/feature-1'],
    ]);
  }, 30_000);
});
