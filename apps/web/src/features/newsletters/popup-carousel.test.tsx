import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formattersFor } from '../../shared/format/intl-format';
import { changeLocale } from '../../shared/i18n';
import { makeAccount } from '../../test/account-fixture';
import { envelope, stubApi } from '../../test/api-stub';
import { renderWithProviders, signedInQueryClient } from '../../test/render';
import { PopupAnnouncement } from './components/popup-announcement';
import { PopupCarousel } from './components/popup-carousel';
import { makeItem, withPopup } from './test/newsletters-fixtures';

beforeEach(async () => {
  await changeLocale('es');
});
afterEach(() => vi.unstubAllGlobals());

const fivePages = () => [
  withPopup(
    [1, 2, 3].map((n) => makeItem({ title: `Página ${n}`, preview_url: `https://cdn.example.com/${n}.png` })),
    {
      title: 'Marzo',
      release_date: '2026-03-02',
    },
  ),
  withPopup(
    [4, 5].map((n) => makeItem({ title: `Página ${n}`, preview_url: `https://cdn.example.com/${n}.png` })),
    {
      title: 'Abril',
      release_date: '2026-04-10',
    },
  ),
];

const loadedImages = () => screen.queryAllByTestId('popup-media').map((image) => image.getAttribute('src'));

describe('pop-up carousel', () => {
  it('arrows stop at the ends and images load only within 2 pages of the current one', async () => {
    renderWithProviders(<PopupCarousel pages={fivePages()} isOpen onClose={() => {}} />);
    const previous = await screen.findByTestId('popup-previous');
    const next = screen.getByTestId('popup-next');
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();
    expect(screen.getByTestId('popup-title')).toHaveTextContent('Marzo');
    expect(loadedImages()).toEqual([1, 2, 3].map((n) => `https://cdn.example.com/${n}.png`));

    await userEvent.click(next);
    await userEvent.click(next);
    await userEvent.click(next);
    expect(screen.getByTestId('popup-title')).toHaveTextContent('Abril');
    expect(loadedImages()).toEqual([2, 3, 4, 5].map((n) => `https://cdn.example.com/${n}.png`));
    await userEvent.click(next);
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();
    expect(loadedImages()).toEqual([3, 4, 5].map((n) => `https://cdn.example.com/${n}.png`));
    expect(screen.getAllByTestId('popup-media-pending')).toHaveLength(2);
  });

  it('takes the size of its pop-up and shows the title and release date of the current page', async () => {
    renderWithProviders(<PopupCarousel pages={fivePages()} isOpen onClose={() => {}} />);
    const dialog = await screen.findByTestId('popup-dialog');
    expect(getComputedStyle(dialog).width).toBe('640px');
    expect(getComputedStyle(dialog).height).toBe('480px');
    expect(screen.getByTestId('popup-release-date')).toHaveTextContent(
      `Publicado el ${formattersFor('es').date('2026-03-02T12:00:00')}`,
    );
  });

  it("a page with a link reads 'Ver más' and opens it in a new tab; without one 'Cerrar' closes", async () => {
    const onClose = vi.fn();
    const pages = [
      withPopup([
        makeItem({ title: 'Con enlace', redirect_url: 'https://conversa.example/kanban' }),
        makeItem({ title: 'Sin enlace' }),
      ]),
    ];
    renderWithProviders(<PopupCarousel pages={pages} isOpen onClose={onClose} />);
    const first = within((await screen.findAllByTestId('popup-slide'))[0] as HTMLElement);
    const more = first.getByRole('link', { name: 'Ver más' });
    expect(more).toHaveAttribute('href', 'https://conversa.example/kanban');
    expect(more).toHaveAttribute('target', '_blank');
    expect(first.queryByText('Cerrar')).not.toBeInTheDocument();

    await userEvent.click(screen.getByTestId('popup-next'));
    const second = within(screen.getAllByTestId('popup-slide')[1] as HTMLElement);
    expect(second.queryByText('Ver más')).not.toBeInTheDocument();
    await userEvent.click(second.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a javascript: link or picture stored before the server refused them is neither a link nor loaded', async () => {
    const pages = [
      withPopup([
        makeItem({
          title: 'Enlace dañino',
          preview_url: 'javascript:alert(document.domain)',
          redirect_url: ' JavaScript:alert(document.domain)',
        }),
      ]),
    ];
    renderWithProviders(<PopupCarousel pages={pages} isOpen onClose={() => {}} />);
    const slide = within(await screen.findByTestId('popup-slide'));
    expect(slide.queryByRole('link')).not.toBeInTheDocument();
    expect(slide.getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    expect(slide.queryByTestId('popup-media')).not.toBeInTheDocument();
  });

  it('shows the dot strip only with more than one page', async () => {
    const { unmount } = renderWithProviders(
      <PopupCarousel pages={[withPopup([makeItem()])]} isOpen onClose={() => {}} />,
    );
    await screen.findByTestId('popup-dialog');
    expect(screen.queryByTestId('popup-dots')).not.toBeInTheDocument();
    expect(screen.getByTestId('popup-previous')).toBeDisabled();
    expect(screen.getByTestId('popup-next')).toBeDisabled();
    unmount();

    renderWithProviders(<PopupCarousel pages={fivePages()} isOpen onClose={() => {}} />);
    const dots = within(await screen.findByTestId('popup-dots')).getAllByRole('button');
    expect(dots).toHaveLength(5);
    await userEvent.click(dots[3] as HTMLElement);
    expect(dots[3]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('popup-title')).toHaveTextContent('Abril');
  });

  it('mirrors its arrows right to left', async () => {
    await changeLocale('ar');
    renderWithProviders(<PopupCarousel pages={fivePages()} isOpen onClose={() => {}} />);
    expect(
      within(await screen.findByTestId('popup-previous')).getByTestId('ChevronRightIcon'),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('popup-next')).getByTestId('ChevronLeftIcon')).toBeInTheDocument();
  });
});

describe('pop-up announcement', () => {
  it('shows the pop-ups due once: closing records them as seen and they do not come back', async () => {
    const due = withPopup([makeItem({ title: 'Nuevo tablero' })], { id: 'due-1', title: 'Presupuestos' });
    const account = { ...makeAccount(), modal_newsletter: [due] };
    const calls = stubApi((call) =>
      call.url.includes('/newsletters/seen/')
        ? envelope(200, [])
        : envelope(200, [{ popover_newsletter: [], modal_newsletter: [] }]),
    );
    renderWithProviders(
      <MemoryRouter initialEntries={['/app/dashboard/main']}>
        <PopupAnnouncement />
      </MemoryRouter>,
      signedInQueryClient(account),
    );
    expect(await screen.findByTestId('popup-title')).toHaveTextContent('Presupuestos');
    await userEvent.click(screen.getByTestId('popup-close'));

    await vi.waitFor(() => expect(screen.queryByTestId('popup-dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/v1/es/newsletters/seen/due-1',
    ]);
  });

  it('acting as the owner shows none of their pop-ups, so none is marked seen for them', async () => {
    const due = withPopup([makeItem({ title: 'Nuevo tablero' })], { id: 'due-1', title: 'Presupuestos' });
    const owner = makeAccount();
    const account = {
      ...owner,
      modal_newsletter: [due],
      impersonation: {
        by: { id: 'm1', name: 'Master', email: 'master@conversa.test' },
        client: { id: owner.client.id, name: 'Clínica Sur' },
        owner: { id: owner.user.id, name: owner.user.name, email: owner.user.email },
      },
    };
    const calls = stubApi(() => envelope(200, [{ popover_newsletter: [], modal_newsletter: [due] }]));
    renderWithProviders(
      <MemoryRouter initialEntries={['/app/dashboard/main']}>
        <PopupAnnouncement />
      </MemoryRouter>,
      signedInQueryClient(account),
    );

    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('popup-dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
