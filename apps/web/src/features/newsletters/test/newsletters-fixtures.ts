import type { Newsletter, PopupItem } from '@conversa/domain';

let counter = 0;

export const makeItem = (overrides: Partial<PopupItem> = {}): PopupItem => ({
  title: 'Tablero de presupuestos',
  description: 'Arrastra cada presupuesto a su etapa.',
  preview_url: 'https://cdn.example.com/board.png',
  redirect_url: '',
  ...overrides,
});

export const makeNewsletter = (overrides: Partial<Newsletter> = {}): Newsletter => {
  counter += 1;
  return {
    id: `news-${counter}`,
    title: `Novedad ${counter}`,
    category: 'newfeature',
    status: 'completed',
    release_date: '2026-03-02',
    show_login_date: null,
    description: '',
    issues: [],
    popup: null,
    create_date: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
};

/** A newsletter with a pop-up of the given pages. */
export const withPopup = (items: PopupItem[], overrides: Partial<Newsletter> = {}): Newsletter =>
  makeNewsletter({
    show_login_date: '2026-03-01T10:00:00.000Z',
    popup: { width: 640, height: 480, items },
    ...overrides,
  });
