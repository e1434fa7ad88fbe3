/** Account types of spec section 6. */
export const ACCOUNT_TYPES = ['master', 'client', 'user'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/**
 * Permission keys a company (client) can hold, `{module}.{action}`. The default trial plan grants all of
 * them; a staff user holds a subset chosen by the owner. Writing in a conversation and transferring it have
 * no key of their own (spec section 6): they need chat.view, and the service's rules then ask for the
 * assignment (and, to write, the user's `answer` flag).
 */
export const CLIENT_PERMISSIONS = [
  'dashboard.advanced',
  'dashboard.confirmation',
  'chat.view',
  'chat.lockchat',
  'chat.releasechat',
  'chat.unlockchatmany',
  'chat.unlockall',
  'contact.view',
  'contact.create',
  'contact.edit',
  'contact.delete',
  'contact.import',
  'contact.export',
  'contact.bulkupdate',
  'contact.bulkdelete',
  'lead.view',
  'lead.create',
  'lead.edit',
  'lead.delete',
  'lead.import',
  'lead.export',
  'lead.bulkupdate',
  'lead.bulkdelete',
  'device.view',
  'device.create',
  'device.edit',
  'device.delete',
  'device.connect',
  'device.disconnect',
  'deal.view',
  'deal.create',
  'deal.edit',
  'deal.delete',
  'deal.import',
  'deal.export',
  'deal.bulkupdate',
  'deal.bulkdelete',
  'payment.view',
  'payment.create',
  'payment.edit',
  'payment.delete',
  'payment.export',
  'payment.bulkupdate',
  'payment.bulkdelete',
  'task.view',
  'task.create',
  'task.edit',
  'task.delete',
  'task.export',
  'task.bulkupdate',
  'task.bulkdelete',
  'note.view',
  'note.create',
  'note.edit',
  'note.delete',
  'agenda.view',
  'agenda.create',
  'agenda.edit',
  'agenda.delete',
  'marketing.view',
  'marketing.create',
  'marketing.edit',
  'marketing.delete',
  'confirmation.view',
  'confirmation.create',
  'confirmation.edit',
  'confirmation.delete',
  'storage.view',
  'storage.create',
  'storage.edit',
  'storage.delete',
  'setting.view',
  'setting.edit',
  'template.view',
  'template.create',
  'template.edit',
  'template.delete',
  'user.view',
  'user.create',
  'user.edit',
  'billing.view',
  'profile.view',
  'extraction.view',
  'extraction.create',
  'extraction.delete',
  'log.view',
] as const;

/** Keys only the platform's master account holds; routes that need them also need account master. */
export const MASTER_PERMISSIONS = [
  'client.view',
  'plan.view',
  'feature.view',
  'deviceAdmin.manager',
] as const;

export const PERMISSION_KEYS = [...CLIENT_PERMISSIONS, ...MASTER_PERMISSIONS] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

export const isPermissionKey = (value: unknown): value is PermissionKey =>
  typeof value === 'string' && (PERMISSION_KEYS as readonly string[]).includes(value);

export type AccessSubject = {
  account: AccountType;
  /** The user's own access list (used for account `user`). */
  userAccess: readonly string[];
  /** The company's access list (used for accounts `client` and `master`). */
  clientAccess: readonly string[];
  /** Marketplace flag: grants every key unconditionally. */
  market?: boolean;
};

/**
 * The access check of spec section 6: a staff user is judged by its own list, an owner or the master by
 * the company's list; the market flag grants everything. Master-only keys also need account master.
 */
export const hasAccess = (subject: AccessSubject, key: PermissionKey): boolean => {
  if ((MASTER_PERMISSIONS as readonly string[]).includes(key) && subject.account !== 'master') return false;
  if (subject.market) return true;
  const list = subject.account === 'user' ? subject.userAccess : subject.clientAccess;
  return list.includes(key);
};
