import { vi } from 'vitest';

/**
 * A screen this many pixels wide for the test's components: `matchMedia` answers MUI's breakpoint queries
 * (min-width, max-width) as a browser of that width would. Undone by `vi.unstubAllGlobals()`.
 */
export const stubScreenWidth = (width: number) =>
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      return {
        matches: (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      };
    }),
  );
