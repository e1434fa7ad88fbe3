import type { ImportJob, ImportJobReport } from '@conversa/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountQueryKey } from '../../shared/account/api/get-account';
import { changeLocale } from '../../shared/i18n';
import { setSession } from '../../shared/session';
import { makeAccount } from '../../test/account-fixture';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import { type ImportsPage as ImportsPageData, importsQueryKey } from './api/imports';
import { ImportsPage } from './imports-page';
import { applyImportNotification } from './realtime';

const job = (overrides: Partial<ImportJob>): ImportJob => ({
  id: 'job-1',
  module: 'contact',
  status: 'done',
  filename: 'clientes.csv',
  total: 3,
  processed: 3,
  created: 2,
  skipped: 0,
  failed: 1,
  user_id: 'u1',
  create_date: '2026-03-02T15:04:00.000Z',
  finished_at: '2026-03-02T15:04:09.000Z',
  ...overrides,
});

const answer = (status: number, data: unknown[], extra: object = {}) =>
  new Response(JSON.stringify({ status_codes: status, data, info: 'ok', ...extra }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const render = () => {
  const account = makeAccount();
  const queryClient = createTestQueryClient();
  const session = { token: 'test-token', clientID: account.client.id, userID: account.user.id };
  setSession(session);
  queryClient.setQueryData(accountQueryKey(session), account);
  return renderWithProviders(<ImportsPage />, queryClient);
};

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('imports page', () => {
  it("lists each import with its module, who and its counts, and opens its report's refused lines", async () => {
    const report: ImportJobReport = {
      ...job({}),
      errors: [{ line: 3, path: 'phone', message: 'El teléfono no es válido para el país' }],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).endsWith('/imports/search/job-1')
          ? answer(200, [report])
          : answer(
              200,
              [
                job({}),
                job({ id: 'job-2', module: 'lead', status: 'running', processed: 1, filename: 'leads.xlsx' }),
              ],
              {
                pagination: { total: 2, page: 1, offset: 25 },
              },
            ),
      ),
    );
    render();

    const rows = await screen.findAllByTestId('import-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('clientes.csv');
    expect(rows[0]).toHaveTextContent('Contactos');
    expect(rows[0]).toHaveTextContent('Ana María Pérez');
    expect(within(rows[0] as HTMLElement).getByTestId('import-status')).toHaveTextContent('Terminada');
    expect(within(rows[1] as HTMLElement).getByTestId('import-status')).toHaveTextContent('Importando');
    expect(within(rows[1] as HTMLElement).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');

    await userEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: /clientes\.csv/ }));
    const line = await screen.findByTestId('import-error-row');
    expect(line).toHaveTextContent('3');
    expect(line).toHaveTextContent('phone');
    expect(line).toHaveTextContent('El teléfono no es válido para el país');
  });

  it("moves a running import's progress in place from its notification", () => {
    const queryClient = createTestQueryClient();
    const key = [...importsQueryKey, 'list', 1, 25];
    queryClient.setQueryData<ImportsPageData>(key, {
      jobs: [job({ status: 'running', processed: 0, total: 50_000 })],
      pagination: { total: 1, page: 1, offset: 25 },
    });
    applyImportNotification(queryClient, {
      module: 'import',
      action: 'progress',
      data: [job({ status: 'running', processed: 25_000, total: 50_000, created: 24_990, failed: 10 })],
    });
    expect(queryClient.getQueryData<ImportsPageData>(key)?.jobs[0]).toMatchObject({
      processed: 25_000,
      created: 24_990,
      failed: 10,
    });
  });
});
