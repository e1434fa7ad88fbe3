import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { changeLocale } from '../i18n';
import { type Notice, subscribeNotices } from '../notify';
import { CopyButton } from './copy-button';

const notices: Notice[] = [];
let unsubscribe: () => void = () => undefined;

beforeEach(async () => {
  await changeLocale('es');
  notices.length = 0;
  unsubscribe = subscribeNotices((notice) => notices.push(notice));
});

afterEach(() => {
  unsubscribe();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'execCommand');
});

describe('copy button', () => {
  it('copies through the Clipboard API where the page is secure', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.stubGlobal('isSecureContext', true);
    renderWithProviders(<CopyButton value="https://conversa.example/webhooks/telegram/1" />);

    await userEvent.click(screen.getByTestId('copy-button'));

    expect(writeText).toHaveBeenCalledWith('https://conversa.example/webhooks/telegram/1');
    expect(notices).toContainEqual({ message: 'Copiado', severity: 'success' });
  });

  it('falls back to the copy command over plain http', async () => {
    vi.stubGlobal('isSecureContext', false);
    let copied = '';
    Object.defineProperty(document, 'execCommand', {
      configurable: true,
      value: vi.fn(() => {
        copied = document.querySelector('textarea')?.value ?? '';
        return true;
      }),
    });
    renderWithProviders(<CopyButton value="secret-value" />);

    await userEvent.click(screen.getByTestId('copy-button'));

    expect(copied).toBe('secret-value');
    expect(document.querySelector('textarea')).toBeNull();
    expect(notices).toContainEqual({ message: 'Copiado', severity: 'success' });
  });

  it('says so when the browser refuses both ways', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    vi.stubGlobal('isSecureContext', true);
    Object.defineProperty(document, 'execCommand', { configurable: true, value: vi.fn(() => false) });
    renderWithProviders(<CopyButton value="x" />);

    await userEvent.click(screen.getByTestId('copy-button'));

    expect(notices.at(-1)?.severity).toBe('error');
    expect(notices.at(-1)?.message).toMatch(/no permitió copiar/);
  });
});
