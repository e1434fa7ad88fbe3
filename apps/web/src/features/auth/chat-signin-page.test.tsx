import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ChatSigninPage, postCloseToParent } from './chat-signin-page';

describe('embedded chat sign-in', () => {
  it('asks the embedding page to close the widget', () => {
    const parent = { postMessage: vi.fn() };
    postCloseToParent(parent);
    expect(parent.postMessage).toHaveBeenCalledWith({ action: 'close' }, '*');
  });

  it('posts the close action when the close button is pressed', async () => {
    const postMessage = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
    renderWithProviders(
      <MemoryRouter>
        <ChatSigninPage />
      </MemoryRouter>,
    );

    await userEvent.setup().click(screen.getByTestId('chat-signin-close'));

    expect(postMessage).toHaveBeenCalledWith({ action: 'close' }, '*');
    expect(screen.getByTestId('signin-submit')).toBeDisabled();
  });
});
