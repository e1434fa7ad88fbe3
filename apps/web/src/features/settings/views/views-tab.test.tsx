import { type Locale, VIEW_MODULES } from '@conversa/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { makeAccount } from '../../../test/account-fixture';
import { envelope, renderSettingsAt, stubApi } from '../test/settings-fixtures';
import { ViewsTab } from './views-tab';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('saved views settings', () => {
  it.each<[Locale, string[]]>([
    ['es', ['Contactos', 'Leads', 'Presupuestos', 'Abonos', 'Tareas']],
    ['en', ['Contacts', 'Leads', 'Deals', 'Payments', 'Tasks']],
  ])('names every module in %s, never by its key', async (locale, names) => {
    await changeLocale(locale);
    stubApi(() => envelope(200, []));
    renderSettingsAt(<ViewsTab />, makeAccount());

    const headings = await Promise.all(
      VIEW_MODULES.map(async (module) =>
        within(await screen.findByTestId(`views-${module}`)).getByRole('heading'),
      ),
    );
    expect(headings.map((heading) => heading.textContent)).toEqual(names);
  });
});
