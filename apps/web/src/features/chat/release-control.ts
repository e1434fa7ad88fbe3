/**
 * The bulk-release control of spec section 6: with both unlock permissions a menu offers both actions,
 * with one a single confirm action, with neither it is hidden.
 */
export type ReleaseControlMode =
  | { kind: 'menu' }
  | { kind: 'single'; action: 'unlockchatmany' | 'unlockall' }
  | { kind: 'hidden' };

export const releaseControlMode = (canUnlockMany: boolean, canUnlockAll: boolean): ReleaseControlMode => {
  if (canUnlockMany && canUnlockAll) return { kind: 'menu' };
  if (canUnlockMany) return { kind: 'single', action: 'unlockchatmany' };
  if (canUnlockAll) return { kind: 'single', action: 'unlockall' };
  return { kind: 'hidden' };
};
