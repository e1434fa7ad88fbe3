import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAccount } from '../../../test/account-fixture';
import { changeLocale } from '../../i18n';
import { type Call, envelope, makeRow, renderRecords, stubApi, TEST_MODULE } from '../test/records-fixtures';
import { RecordsPage } from './records-page';

const ANA = makeRow('c1', 'Ana Pérez');
const answer = (call: Call) =>
  call.url.endsWith('/extraction/create')
    ? envelope(200, [{ id: 'x1', status: 'queued' }])
    : envelope(200, [ANA], { pagination: { total: 1, page: 1, offset: 25 } });

beforeEach(async () => {
  await changeLocale('es');
});
afterEach(() => vi.unstubAllGlobals());

describe("the export dialog's Extract in background", () => {
  it("sends the list's filters, sort and shown columns to extraction/create and points to the extractions", async () => {
    const calls = stubApi(answer);
    renderRecords(<RecordsPage config={TEST_MODULE} />, makeAccount());
    await screen.findByRole('link', { name: 'Ana Pérez' });

    await userEvent.type(screen.getByTestId('records-search'), 'ana');
    await waitFor(
      () =>
        expect(calls.at(-1)?.body).toMatchObject({
          filters: [{ key: 'info.full_name', condition: 'contains', value: 'ana' }],
        }),
      { timeout: 5000 },
    );

    await userEvent.click(screen.getByTestId('open-export'));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('radio', { name: 'Excel (XLSX)' }));
    await userEvent.click(dialog.getByTestId('export-background'));

    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/extraction/create'))).toBe(true));
    const sent = calls.find((call) => call.url.endsWith('/extraction/create'));
    expect(sent?.url).toBe('/api/v1/es/extraction/create');
    expect(sent?.body).toEqual({
      module: 'contact',
      filters: [{ key: 'info.full_name', condition: 'contains', value: 'ana' }],
      logical: 'and',
      sort: { key: 'create_date', order: 'desc' },
      columns: [
        'info.full_name',
        'info.phone',
        'info.email',
        'info.country',
        'stage',
        'tags',
        'derivedto',
        'create_date',
      ],
      format: 'xlsx',
    });
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('La extracción comenzó');
    expect(screen.getByTestId('snackbar-action')).toHaveTextContent('Ver extracciones');
    // No file is downloaded here: only the extraction was asked for.
    expect(calls.some((call) => call.url.endsWith('/contact/export'))).toBe(false);
  }, 30_000);

  it('is not offered without extraction.create', async () => {
    stubApi(answer);
    const staff = makeAccount({ user: { account: 'user', access: ['contact.view', 'contact.export'] } });
    renderRecords(<RecordsPage config={TEST_MODULE} />, staff);
    await screen.findByRole('link', { name: 'Ana Pérez' });
    await userEvent.click(screen.getByTestId('open-export'));
    await screen.findByRole('dialog');
    expect(screen.queryByTestId('export-background')).not.toBeInTheDocument();
  }, 30_000);
});
