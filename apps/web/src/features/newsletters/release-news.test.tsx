import type { Newsletter } from '@conversa/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../shared/i18n';
import { makeAccount } from '../../test/account-fixture';
import { type Call, envelope, stubApi } from '../../test/api-stub';
import { renderWithProviders, signedInQueryClient } from '../../test/render';
import { ReleaseNewsButton } from './components/release-news-button';
import { makeNewsletter } from './test/newsletters-fixtures';

/** The browser tells the list its end scrolled into view when the test says so. */
const endOfList = () => {
  const watching = new Set<IntersectionObserverCallback>();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly callback: IntersectionObserverCallback;
      constructor(callback: IntersectionObserverCallback) {
        this.callback = callback;
      }
      observe() {
        watching.add(this.callback);
      }
      disconnect() {
        watching.delete(this.callback);
      }
    },
  );
  return {
    reached: () => {
      for (const callback of watching) {
        callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
      }
    },
  };
};

type SearchBody = {
  page: number;
  offset: number;
  filters: { key: string; condition: string; value: string }[];
};

/** 25 news items on the server; a search answers its page of those whose title contains the text. */
const serveNews = (all: Newsletter[]) =>
  stubApi((call: Call) => {
    const body = call.body as SearchBody;
    const text = body.filters[0]?.value.toLowerCase() ?? '';
    const found = all.filter((item) => item.title.toLowerCase().includes(text));
    const start = (body.page - 1) * body.offset;
    return envelope(200, found.slice(start, start + body.offset), {
      pagination: { total: found.length, page: body.page, offset: body.offset },
    });
  });

const searches = (calls: Call[]) =>
  calls.filter((call) => call.url.endsWith('/newsletters/search')).map((call) => call.body as SearchBody);

beforeEach(async () => {
  await changeLocale('es');
});
afterEach(() => vi.unstubAllGlobals());

describe('release news popover', () => {
  it('lists 20 news items with chips and date, loads the next 20 at the end, and searches by title', async () => {
    const scroll = endOfList();
    const news = Array.from({ length: 25 }, (_, index) =>
      makeNewsletter({ title: `Versión ${index + 1}`, status: index === 0 ? 'inprogress' : 'completed' }),
    );
    news.push(
      makeNewsletter({ title: 'Mantenimiento del sábado', category: 'maintenance', status: 'scheduled' }),
    );
    const calls = serveNews(news);
    renderWithProviders(<ReleaseNewsButton />, signedInQueryClient(makeAccount()));

    await userEvent.click(screen.getByTestId('release-news-button'));
    const popover = within(await screen.findByTestId('release-news-popover'));
    expect(await popover.findAllByTestId('release-news-item')).toHaveLength(20);
    const first = within(popover.getAllByTestId('release-news-item')[0] as HTMLElement);
    expect(first.getByText('Versión 1')).toBeInTheDocument();
    expect(first.getByTestId('newsletter-category')).toHaveTextContent('Nueva función');
    expect(first.getByTestId('newsletter-status')).toHaveTextContent('En curso');
    expect(searches(calls)[0]).toMatchObject({ page: 1, offset: 20, filters: [] });

    scroll.reached();
    await vi.waitFor(() => expect(popover.getAllByTestId('release-news-item')).toHaveLength(26));
    expect(searches(calls)[1]).toMatchObject({ page: 2, offset: 20 });

    await userEvent.type(popover.getByTestId('release-news-search'), 'sábado');
    await vi.waitFor(() => expect(popover.getAllByTestId('release-news-item')).toHaveLength(1), {
      timeout: 3000,
    });
    expect(searches(calls).at(-1)?.filters).toEqual([
      { key: 'title', condition: 'contains', value: 'sábado' },
    ]);
    const status = popover.getByTestId('newsletter-status');
    expect(status).toHaveTextContent('Programado');
    expect(status).toHaveAttribute('data-status', 'scheduled');
  });

  it('gives each status its own colour', async () => {
    serveNews(
      (['scheduled', 'inprogress', 'completed'] as const).map((status) => makeNewsletter({ status })),
    );
    renderWithProviders(<ReleaseNewsButton />, signedInQueryClient(makeAccount()));
    await userEvent.click(screen.getByTestId('release-news-button'));
    const chips = await screen.findAllByTestId('newsletter-status');
    const colours = chips.map((chip) => [...chip.classList].find((name) => name.startsWith('MuiChip-color')));
    expect(new Set(colours).size).toBe(3);
  });

  it('opens an item in a dialog with its description and related issues', async () => {
    serveNews([
      makeNewsletter({
        title: 'Pagos parciales',
        category: 'bugfix',
        description: 'Los abonos ahora suman bien.',
        issues: ['#120 saldo', '#121 totales'],
      }),
    ]);
    renderWithProviders(<ReleaseNewsButton />, signedInQueryClient(makeAccount()));
    await userEvent.click(screen.getByTestId('release-news-button'));
    await userEvent.click(await screen.findByText('Pagos parciales'));

    const detail = within(await screen.findByTestId('newsletter-detail'));
    expect(detail.getByText('Los abonos ahora suman bien.')).toBeInTheDocument();
    expect(detail.getByTestId('newsletter-category')).toHaveTextContent('Corrección');
    const issues = within(detail.getByTestId('newsletter-issues'));
    expect(issues.getByText('#120 saldo')).toBeInTheDocument();
    expect(issues.getByText('#121 totales')).toBeInTheDocument();
  });
});
