import type { Newsletter } from '@conversa/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../shared/i18n';
import { makeAccount } from '../../test/account-fixture';
import { type Call, envelope, stubApi } from '../../test/api-stub';
import { renderWithProviders, signedInQueryClient } from '../../test/render';
import { NewslettersPage } from './pages/newsletters-page';
import { makeNewsletter } from './test/newsletters-fixtures';

const master = () => makeAccount({ user: { account: 'master' } });

beforeEach(async () => {
  await changeLocale('es');
});
afterEach(() => vi.unstubAllGlobals());

/** Types a field's whole value at once (a paste): the dialog has many fields and the test runner is shared. */
const fill = async (testId: string, text: string) => {
  const input = screen.getByTestId(testId);
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(text);
};

const writes = (calls: Call[]) => calls.filter((call) => !call.url.endsWith('/newsletters/search'));

describe('newsletters console (master)', () => {
  it('checks the fields before sending: each error under its field, in the interface language', async () => {
    const calls = stubApi(() => envelope(200, [], { pagination: { total: 0, page: 1, offset: 25 } }));
    renderWithProviders(<NewslettersPage />, signedInQueryClient(master()));
    await userEvent.click(await screen.findByTestId('newsletter-new'));
    await userEvent.click(screen.getByTestId('newsletter-has-popup'));
    await fill('newsletter-width', '20');
    await fill('newsletter-height', '99999');
    await fill('popup-item-0-preview_url', 'no es url');
    await fill('popup-item-0-redirect_url', 'javascript:alert(1)');
    await userEvent.click(screen.getByTestId('newsletter-submit'));

    const errorUnder = (testId: string) =>
      document.getElementById(`${screen.getByTestId(testId).id}-helper-text`)?.textContent;
    expect(errorUnder('newsletter-title')).toBe('Este campo es obligatorio');
    expect(errorUnder('newsletter-width')).toBe('Ingresa un número entero entre 280 y 1600');
    expect(errorUnder('newsletter-height')).toBe('Ingresa un número entero entre 200 y 1200');
    expect(errorUnder('popup-item-0-title')).toBe('Este campo es obligatorio');
    expect(errorUnder('popup-item-0-preview_url')).toBe('Ingresa una URL válida');
    expect(errorUnder('popup-item-0-redirect_url')).toBe('Ingresa una URL válida');
    expect(screen.getByTestId('newsletter-title')).toHaveAttribute('aria-invalid', 'true');
    expect(writes(calls)).toEqual([]);

    await changeLocale('en');
    await userEvent.click(screen.getByTestId('newsletter-submit'));
    expect(errorUnder('newsletter-width')).toBe('Enter a whole number from 280 to 1600');
  });

  it('creates a newsletter with a pop-up; the server’s refusal shows under the field it names', async () => {
    let list: Newsletter[] = [];
    let tries = 0;
    const calls = stubApi((call) => {
      if (call.url.endsWith('/newsletters/create')) {
        tries += 1;
        if (tries === 1) {
          return envelope(400, [], {
            info: 'Datos no válidos',
            errors: [{ path: 'popup.items.0.preview_url', message: 'Escribe una URL válida' }],
          });
        }
        const created = makeNewsletter({ title: 'Kanban nuevo' });
        list = [created];
        return envelope(200, [created]);
      }
      return envelope(200, list, { pagination: { total: list.length, page: 1, offset: 25 } });
    });
    renderWithProviders(<NewslettersPage />, signedInQueryClient(master()));

    await userEvent.click(await screen.findByTestId('newsletter-new'));
    await fill('newsletter-title', 'Kanban nuevo');
    await userEvent.selectOptions(screen.getByTestId('newsletter-category-select'), 'maintenance');
    await fill('newsletter-release_date', '2026-05-04');
    await fill('newsletter-issues', '#1 tablero\n#2 filtros');
    await userEvent.click(screen.getByTestId('newsletter-has-popup'));
    await fill('popup-item-0-title', 'Arrastra y suelta');
    // The server's own refusal (an image it cannot reach, say) shows under the field it names.
    await fill('popup-item-0-preview_url', 'https://cdn.example.com/missing.png');
    await userEvent.click(screen.getByTestId('newsletter-submit'));

    expect(await screen.findByText('Escribe una URL válida')).toBeInTheDocument();
    await fill('popup-item-0-preview_url', 'https://cdn.example.com/k.png');
    await userEvent.click(screen.getByTestId('newsletter-submit'));

    expect(await screen.findByTestId('newsletter-row')).toHaveTextContent('Kanban nuevo');
    expect(writes(calls).at(-1)?.body).toEqual({
      title: 'Kanban nuevo',
      category: 'maintenance',
      status: 'scheduled',
      release_date: '2026-05-04',
      show_login_date: null,
      description: '',
      issues: ['#1 tablero', '#2 filtros'],
      popup: {
        width: 600,
        height: 500,
        items: [
          {
            title: 'Arrastra y suelta',
            description: '',
            preview_url: 'https://cdn.example.com/k.png',
            redirect_url: '',
          },
        ],
      },
    });
  }, 30_000);

  it('deletes only after Yes; Cancel keeps it', async () => {
    let list = [makeNewsletter({ id: 'n-1', title: 'Para borrar' })];
    const calls = stubApi((call) => {
      if (call.method === 'DELETE') {
        list = [];
        return envelope(200, []);
      }
      return envelope(200, list, { pagination: { total: list.length, page: 1, offset: 25 } });
    });
    renderWithProviders(<NewslettersPage />, signedInQueryClient(master()));

    const row = within(await screen.findByTestId('newsletter-row'));
    await userEvent.click(row.getByTestId('newsletter-delete'));
    expect(screen.getByText('¿Eliminar «Para borrar»?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(writes(calls)).toEqual([]);

    await userEvent.click(row.getByTestId('newsletter-delete'));
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    await vi.waitFor(() => expect(screen.queryByTestId('newsletter-row')).not.toBeInTheDocument());
    expect(writes(calls).map((call) => [call.method, call.url])).toEqual([
      ['DELETE', '/api/v1/es/newsletters/deleteone/n-1'],
    ]);
  });
});
