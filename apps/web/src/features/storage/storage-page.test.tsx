import type { StorageFile } from '@conversa/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../shared/i18n';
import { makeAccount } from '../../test/account-fixture';
import { envelope } from '../../test/api-stub';
import { renderWithProviders, signedInQueryClient } from '../../test/render';
import { applyStorageNotification } from './realtime';
import { StoragePage } from './storage-page';

const file = (overrides: Partial<StorageFile>): StorageFile => ({
  id: 'f1',
  name: 'radiografia.png',
  size: 2_400_000,
  mime: 'image/png',
  module: 'storage',
  reference_id: '',
  url: '/files/c1/f1?exp=1&sig=a',
  created_by: 'u1',
  create_date: '2026-11-20T15:04:00.000Z',
  ...overrides,
});

const FILES = [
  file({}),
  file({
    id: 'f2',
    name: 'presupuesto.pdf',
    size: 830,
    mime: 'application/pdf',
    module: 'message',
    created_by: '',
  }),
];

type Sent = { url: string; method: string; body: unknown };

/** The network as the storage routes answer; what was sent, FormData included, is recorded. */
const stubStorage = (answer: (call: Sent) => Response | undefined = () => undefined) => {
  const calls: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body =
        typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? undefined);
      const call = { url: String(url), method: init.method ?? 'GET', body };
      calls.push(call);
      return (
        answer(call) ??
        envelope(200, FILES, {
          pagination: { total: 2, page: 1, offset: 25, usage: { used: 1_200_000_000, limit: 5_000_000_000 } },
        } as object)
      );
    }),
  );
  return calls;
};

const render = () => renderWithProviders(<StoragePage />, signedInQueryClient(makeAccount()));

// Intl separates number and unit with a no-break space: compare the visible text.
const visible = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

beforeEach(async () => {
  await changeLocale('es');
});
afterEach(() => vi.unstubAllGlobals());

describe('storage page', () => {
  it('lists every file with its size in human units and the usage against the plan', async () => {
    const calls = stubStorage();
    render();

    const rows = await screen.findAllByTestId('storage-row');
    expect(rows).toHaveLength(2);
    expect(visible(within(rows[0] as HTMLElement).getByTestId('storage-size').textContent)).toBe('2,4 MB');
    expect(rows[0]).toHaveTextContent('Subido');
    expect(rows[0]).toHaveTextContent('Ana María Pérez');
    expect(rows[1]).toHaveTextContent('Conversación');
    expect(rows[1]).toHaveTextContent('Cliente');
    expect(visible(screen.getByTestId('storage-usage').textContent)).toContain('1,2 GB de 5 GB');
    expect(within(screen.getByTestId('storage-usage')).getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      '24',
    );
    expect(within(rows[0] as HTMLElement).getByTestId('storage-download')).toHaveAttribute(
      'href',
      '/files/c1/f1?exp=1&sig=a',
    );
    expect(calls[0]).toMatchObject({
      url: '/api/v1/es/storage/search',
      body: { page: 1, offset: 25, sort: { key: 'create_date', order: 'desc' }, filters: [] },
    });
  }, 30_000);

  it('turns the usage bar to the warning colour past 90 % of the plan', async () => {
    stubStorage(() =>
      envelope(200, FILES, {
        pagination: { total: 2, page: 1, offset: 25, usage: { used: 950, limit: 1000 } },
      } as object),
    );
    render();
    const bar = within(await screen.findByTestId('storage-usage')).getByRole('progressbar');
    expect(bar.className).toContain('colorWarning');
  }, 30_000);

  it('filters by module and by days with the search body the server reads', async () => {
    const calls = stubStorage();
    render();
    await screen.findAllByTestId('storage-row');

    await userEvent.click(screen.getByRole('combobox', { name: 'Origen' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Extracción' }));
    await userEvent.type(screen.getByTestId('storage-filter-from'), '2026-11-01');
    await userEvent.type(screen.getByTestId('storage-filter-to'), '2026-11-30');

    await vi.waitFor(() =>
      expect(calls.at(-1)?.body).toMatchObject({
        page: 1,
        filters: [
          { key: 'module', condition: 'equalto', value: 'extraction' },
          {
            key: 'create_date',
            condition: 'between',
            value: ['2026-11-01T00:00:00', '2026-11-30T23:59:59'],
          },
        ],
      }),
    );
  }, 30_000);

  it('opens a larger preview of an image from its thumbnail', async () => {
    stubStorage();
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Ver radiografia.png' }));
    expect(await screen.findByTestId('storage-preview-image')).toHaveAttribute(
      'src',
      '/files/c1/f1?exp=1&sig=a',
    );
    // Only images have a thumbnail.
    expect(screen.getAllByTestId('storage-thumbnail')).toHaveLength(1);
  }, 30_000);

  it('uploads the chosen file as multipart in the field `file`', async () => {
    const calls = stubStorage((call) =>
      call.url.endsWith('/storage/create')
        ? envelope(200, [file({ id: 'f3', name: 'nota.txt' })])
        : undefined,
    );
    render();
    await screen.findAllByTestId('storage-row');

    const chosen = new File(['hola'], 'nota.txt', { type: 'text/plain' });
    await userEvent.upload(screen.getByTestId('storage-upload-input'), chosen);

    await vi.waitFor(() => expect(calls.some((call) => call.url.endsWith('/storage/create'))).toBe(true));
    const upload = calls.find((call) => call.url.endsWith('/storage/create'));
    expect(upload?.method).toBe('POST');
    const sent = upload?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect(((sent as FormData).get('file') as File).name).toBe('nota.txt');
    expect(await screen.findByText('«nota.txt» se subió')).toBeInTheDocument();
  }, 30_000);

  it('refuses a file over 10 MB before sending anything', async () => {
    const calls = stubStorage();
    render();
    await screen.findAllByTestId('storage-row');
    const before = calls.length;

    const large = new File([new Uint8Array(10_000_001)], 'video.mp4', { type: 'video/mp4' });
    await userEvent.upload(screen.getByTestId('storage-upload-input'), large);

    expect(visible(screen.getByTestId('storage-error').textContent)).toContain(
      '«video.mp4» supera el máximo de 10 MB por archivo',
    );
    expect(calls.slice(before).some((call) => call.url.endsWith('/storage/create'))).toBe(false);
  }, 30_000);

  it("shows the server's words when the plan's storage is full (412)", async () => {
    stubStorage((call) =>
      call.url.endsWith('/storage/create')
        ? envelope(412, [], { info: 'Se alcanzó el límite de almacenamiento de tu plan' })
        : undefined,
    );
    render();
    await screen.findAllByTestId('storage-row');
    await userEvent.upload(screen.getByTestId('storage-upload-input'), new File(['x'], 'a.txt'));

    expect(await screen.findByTestId('storage-error')).toHaveTextContent(
      'Se alcanzó el límite de almacenamiento de tu plan',
    );
  }, 30_000);

  it('renames a file with its new name only', async () => {
    const calls = stubStorage((call) =>
      call.method === 'PUT' ? envelope(200, [file({ name: 'torax.png' })]) : undefined,
    );
    render();
    const [first] = await screen.findAllByTestId('storage-row');
    await userEvent.click(within(first as HTMLElement).getByTestId('storage-rename'));
    const input = await screen.findByTestId('storage-rename-name');
    await userEvent.clear(input);
    await userEvent.type(input, 'torax.png');
    await userEvent.click(screen.getByTestId('storage-rename-submit'));

    await vi.waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')).toEqual({
        url: '/api/v1/es/storage/updateone/f1',
        method: 'PUT',
        body: { name: 'torax.png' },
      }),
    );
  }, 30_000);

  it("deletes only once confirmed, warning that an attachment's message will show it removed", async () => {
    const calls = stubStorage((call) => (call.method === 'DELETE' ? envelope(200, []) : undefined));
    render();
    const rows = await screen.findAllByTestId('storage-row');
    await userEvent.click(within(rows[1] as HTMLElement).getByTestId('storage-delete'));

    expect(await screen.findByTestId('storage-delete-attachment')).toHaveTextContent(
      'el mensaje mostrará el archivo como eliminado',
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByTestId('storage-delete-confirm'));

    await vi.waitFor(() =>
      expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/v1/es/storage/deleteone/f2'),
    );
  }, 30_000);

  it('hides upload, rename and delete from a user without those keys', async () => {
    stubStorage();
    const staff = makeAccount({ user: { account: 'user', access: ['storage.view'] } });
    renderWithProviders(<StoragePage />, signedInQueryClient(staff));
    await screen.findAllByTestId('storage-row');
    expect(screen.queryByTestId('storage-upload')).not.toBeInTheDocument();
    expect(screen.queryByTestId('storage-rename')).not.toBeInTheDocument();
    expect(screen.queryByTestId('storage-delete')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('storage-download')).toHaveLength(2);
  }, 30_000);

  it("reads the list again on another person's storage notification, not on other modules'", async () => {
    const calls = stubStorage();
    const { queryClient } = render();
    await screen.findAllByTestId('storage-row');
    const searches = () => calls.filter((call) => call.url.endsWith('/storage/search')).length;
    expect(searches()).toBe(1);

    applyStorageNotification(queryClient, { module: 'contact', action: 'create', data: [] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(searches()).toBe(1);
    applyStorageNotification(queryClient, { module: 'storage', action: 'delete', data: [] });
    await vi.waitFor(() => expect(searches()).toBe(2));
  }, 30_000);

  it('reads right to left in Arabic', async () => {
    await changeLocale('ar');
    stubStorage();
    render();
    await screen.findAllByTestId('storage-row');
    expect(document.dir).toBe('rtl');
    expect(screen.getByTestId('page-title')).toHaveTextContent('التخزين');
    expect(screen.getByTestId('storage-usage')).toHaveTextContent('من');
  }, 30_000);
});
