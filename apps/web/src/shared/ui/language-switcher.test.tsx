import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { changeLocale, LOCALE_STORAGE_KEY } from '../i18n';
import { LanguageSwitcher } from './language-switcher';

beforeEach(async () => {
  await changeLocale('es');
});

describe('language switcher', () => {
  it('offers the six languages with their flags', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LanguageSwitcher />);

    await user.click(screen.getByTestId('language-switcher'));

    for (const locale of ['es', 'en', 'fr', 'it', 'zh', 'ar']) {
      expect(screen.getByTestId(`language-option-${locale}`).querySelector('svg')).not.toBeNull();
    }
  });

  it('flips the whole page to right-to-left when Arabic is chosen, and back', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<LanguageSwitcher onChange={onChange} />);
    expect(document.dir).toBe('ltr');

    await user.click(screen.getByTestId('language-switcher'));
    await user.click(screen.getByTestId('language-option-ar'));

    // The Arabic bundle and the right-to-left styles are fetched first.
    await waitFor(() => expect(document.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('ar');
    expect(onChange).toHaveBeenCalledWith('ar');

    await user.click(screen.getByTestId('language-switcher'));
    await user.click(screen.getByTestId('language-option-en'));
    await waitFor(() => expect(document.dir).toBe('ltr'));
    expect(document.documentElement.lang).toBe('en');
  });
});
