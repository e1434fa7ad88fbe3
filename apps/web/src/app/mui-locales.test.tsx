import type { Locale } from '@conversa/domain';
import { Autocomplete, TextField } from '@mui/material';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../shared/i18n';
import { renderWithProviders } from '../test/render';

const EmptySearch = () => (
  <Autocomplete open options={[]} renderInput={(params) => <TextField {...params} label="search" />} />
);

describe("MUI's own texts follow the language", () => {
  afterEach(async () => {
    await act(() => changeLocale('es'));
  });

  it.each<[Locale, string, string]>([
    ['es', 'Sin opciones', 'Cerrar'],
    ['en', 'No options', 'Close'],
    ['fr', 'Pas de résultats', 'Fermer'],
    ['it', 'Nessuna opzione', 'Chiudi'],
    ['zh', '没有可用选项', '关闭'],
    ['ar', 'لا توجد خيارات', 'إغلاق'],
  ])('shows an empty autocomplete in %s', async (locale, noOptions, close) => {
    await act(() => changeLocale(locale));
    renderWithProviders(<EmptySearch />);
    expect(screen.getByText(noOptions)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: close })).toBeInTheDocument();
  });
});
