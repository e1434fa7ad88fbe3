import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAccount } from '../../../test/account-fixture';
import { releaseControlMode } from '../release-control';
import { renderSignedIn } from '../test/render-chat';
import { ReleaseControl } from './release-control';

const find = { filter: 'All', option: 'allMessages', search: '' } as const;

describe('bulk release control', () => {
  it('follows the permission rule', () => {
    expect(releaseControlMode(true, true)).toEqual({ kind: 'menu' });
    expect(releaseControlMode(true, false)).toEqual({ kind: 'single', action: 'unlockchatmany' });
    expect(releaseControlMode(false, true)).toEqual({ kind: 'single', action: 'unlockall' });
    expect(releaseControlMode(false, false)).toEqual({ kind: 'hidden' });
  });

  it('offers both actions in a menu with both permissions', async () => {
    renderSignedIn(<ReleaseControl canUnlockMany canUnlockAll find={find} />, makeAccount());
    await userEvent.click(screen.getByTestId('release-control'));
    expect(
      screen.getByRole('menuitem', { name: 'Liberar las conversaciones de esta lista' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Liberar todas las conversaciones' })).toBeInTheDocument();
  });

  it('asks to confirm the single action with one permission', async () => {
    renderSignedIn(<ReleaseControl canUnlockMany={false} canUnlockAll find={find} />, makeAccount());
    await userEvent.click(screen.getByTestId('release-control'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Todas las conversaciones de la empresa quedarán sin asignar.',
    );
  });

  it('is hidden without either permission', () => {
    renderSignedIn(<ReleaseControl canUnlockMany={false} canUnlockAll={false} find={find} />, makeAccount());
    expect(screen.queryByTestId('release-control')).not.toBeInTheDocument();
  });
});
