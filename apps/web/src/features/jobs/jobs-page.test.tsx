import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formattersFor } from '../../shared/format/intl-format';
import { changeLocale } from '../../shared/i18n';
import { setSession } from '../../shared/session';
import { renderWithProviders } from '../../test/render';
import type { Job } from './api/search-jobs';
import { JobsPage } from './jobs-page';

const dead: Job = {
  id: 7,
  name: 'billing.renew',
  key: 'billing.renew@2026-03-02T03:30:00.000Z',
  status: 'failed',
  attempts: 5,
  max_attempts: 5,
  run_at: '2026-03-02T03:45:00.000Z',
  last_error: 'payment provider unreachable',
  create_date: '2026-03-02T03:30:00.000Z',
  update_date: '2026-03-02T04:10:00.000Z',
};

type Call = { url: string; method: string; body: { filters?: unknown[] } | undefined };

const answer = (data: Job[]) =>
  new Response(
    JSON.stringify({
      status_codes: 200,
      data,
      info: 'ok',
      pagination: { total: data.length, page: 1, offset: 25 },
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );

/** Stubs the network: the search answers `list()`, a retry answers the job pending. */
const stubServer = (list: () => Job[]) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        url: String(url),
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      if (call.url.includes('/jobs/retry/')) return answer([{ ...dead, status: 'pending', attempts: 0 }]);
      return answer(list());
    }),
  );
  return calls;
};

beforeEach(async () => {
  await changeLocale('es');
  setSession({ token: 'test-token', clientID: 'master-client', userID: 'master' });
});
afterEach(() => vi.unstubAllGlobals());

describe('jobs page (master)', () => {
  it('opens on the dead jobs with their name, attempts, last error and dates', async () => {
    const calls = stubServer(() => [dead]);
    renderWithProviders(<JobsPage />);

    const row = within(await screen.findByTestId('job-row'));
    expect(row.getByText('billing.renew')).toBeInTheDocument();
    expect(row.getByText(dead.key)).toBeInTheDocument();
    expect(row.getByText('Fallido')).toBeInTheDocument();
    expect(row.getByTestId('job-attempts')).toHaveTextContent('5 de 5');
    expect(row.getByTestId('job-error')).toHaveTextContent('payment provider unreachable');
    const es = formattersFor('es');
    expect(row.getByText(es.dateTime(dead.create_date))).toBeInTheDocument();
    expect(row.getByText(es.dateTime(dead.update_date))).toBeInTheDocument();
    expect(calls[0]?.url).toContain('/api/v1/es/jobs/search');
    expect(calls[0]?.body?.filters).toEqual([{ key: 'status', condition: 'equalto', value: 'failed' }]);
  });

  it('Retry runs the job again, says so, and the list no longer shows it as dead', async () => {
    let isDead = true;
    const calls = stubServer(() => (isDead ? [dead] : []));
    renderWithProviders(<JobsPage />);

    const retry = await screen.findByTestId('job-retry');
    isDead = false;
    await userEvent.click(retry);
    expect(await screen.findByText('El trabajo billing.renew se volverá a ejecutar')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/jobs/retry/7'))).toBe(true);
    expect(await screen.findByText('No hay trabajos fallidos')).toBeInTheDocument();
  });

  it('a job that is not dead has no Retry button; every status can be listed', async () => {
    const calls = stubServer(() => [{ ...dead, id: 8, status: 'pending', attempts: 1, last_error: '' }]);
    renderWithProviders(<JobsPage />);

    await userEvent.selectOptions(await screen.findByTestId('job-filter-status'), '');
    await waitFor(() => expect(calls.at(-1)?.body?.filters).toEqual([]));
    const row = within(await screen.findByTestId('job-row'));
    expect(row.getByText('Pendiente')).toBeInTheDocument();
    expect(row.queryByTestId('job-retry')).not.toBeInTheDocument();
  });
});
