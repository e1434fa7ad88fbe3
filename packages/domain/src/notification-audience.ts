import { isSecretConfigKey } from './device';
import {
  type AccessSubject,
  CLIENT_PERMISSIONS,
  hasAccess,
  isPermissionKey,
  type PermissionKey,
} from './permissions';

/**
 * Who belongs to a tier: holders of a permission key, the user the notification is about or addressed to
 * (`subject`: the user whose record changed, the user a chat was transferred to), or everyone in the company.
 */
export type AudienceGrant = PermissionKey | 'subject' | 'everyone';

type NotificationRecord = Record<string, unknown>;

/** One view of a module's notifications: who receives it, and what of each record they see. */
export type NotificationTier = {
  grants: readonly AudienceGrant[];
  view: (record: NotificationRecord) => NotificationRecord;
};

const whole = (record: NotificationRecord): NotificationRecord => record;

const isRecord = (value: unknown): value is NotificationRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const pick = (record: NotificationRecord, keys: readonly string[]): NotificationRecord =>
  Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]));

/** The sandbox's webhook secret is kept whole (the simulator needs it), so it counts as a secret too. */
const isDeviceSecretKey = (key: string): boolean => isSecretConfigKey(key) || key === 'secret';

/** A device as a viewer who may not change it sees it: every provider setting except the secrets. */
export const deviceWithoutSecrets = <T extends object>(device: T): T => {
  const record = device as NotificationRecord;
  const setting = isRecord(record.setting) ? record.setting : undefined;
  const conect = setting && isRecord(setting.conect) ? setting.conect : undefined;
  if (!setting || !conect || !isRecord(conect.config)) return device;
  const config = Object.fromEntries(Object.entries(conect.config).filter(([key]) => !isDeviceSecretKey(key)));
  return { ...device, setting: { ...setting, conect: { ...conect, config } } };
};

/**
 * A device as the chat needs it (the composer's channel rules and the device's name and colour in the
 * conversation list): no provider settings, no webhook address.
 */
export const deviceForChat = (device: NotificationRecord): NotificationRecord => {
  const shown = pick(device, ['id', 'name', 'status', 'mode', 'color', 'background_color', 'selected']);
  const setting = isRecord(device.setting) ? device.setting : undefined;
  const conect = setting && isRecord(setting.conect) ? setting.conect : undefined;
  return conect ? { ...shown, setting: { conect: pick(conect, ['type', 'status']) } } : shown;
};

/** A colleague as the chat shows them (author of a note, assignee of a chat, online dot). */
export const userForChat = (user: NotificationRecord): NotificationRecord =>
  pick(user, ['id', 'name', 'online']);

/** A saved view as a colleague sees it: the company's whole, someone's personal one by id only. */
const viewForColleague = (view: NotificationRecord): NotificationRecord =>
  view.owner === null || view.owner === undefined ? view : pick(view, ['id', 'module', 'owner']);

/**
 * A task as a colleague sees it: a public one whole; of a group or private task only that it changed (its
 * id), so a task's title never reaches someone who may not open it. Lists refetch what they may see.
 */
const taskForColleague = (task: NotificationRecord): NotificationRecord =>
  task.visibility === 0 ? task : pick(task, ['id', 'visibility']);

/**
 * Who receives each module's notifications, richest view first: a receiver gets the first tier they belong
 * to and nothing else. A module not listed follows the house rule (moduleTiers below).
 */
const NOTIFICATION_TIERS: Readonly<Record<string, readonly NotificationTier[]>> = {
  // Someone who sees contacts but not the chat learns of a message only through its conversation (the
  // contacts table's last message and counts), never its text.
  message: [
    { grants: ['chat.view', 'subject'], view: whole },
    { grants: ['contact.view'], view: (message) => pick(message, ['conversation']) },
  ],
  // Conversations are contacts: the chat list and the contacts screens both follow them.
  contact: [{ grants: ['chat.view', 'contact.view', 'subject'], view: whole }],
  note: [{ grants: ['note.view'], view: whole }],
  // A call shows on the contact's timeline and in the conversation: the contacts' and the chat's readers.
  call: [{ grants: ['contact.view', 'chat.view'], view: whole }],
  device: [
    { grants: ['device.edit'], view: whole },
    { grants: ['device.view'], view: deviceWithoutSecrets },
    { grants: ['chat.view'], view: deviceForChat },
  ],
  // The user themself gets their whole record: it carries their own preferences.
  user: [
    { grants: ['user.view', 'subject'], view: whole },
    { grants: ['everyone'], view: userForChat },
  ],
  // Every member already holds the company record in the account bundle.
  client: [{ grants: ['everyone'], view: whole }],
  // An import's progress and report go to the user who started it only.
  import: [{ grants: ['subject'], view: whole }],
  // Tags and statuses colour every list, filter and kanban: the whole company holds them in the bundle.
  listdinamic: [{ grants: ['everyone'], view: whole }],
  // Every member holds the pipelines in the account bundle (stage names and colours of every deal list).
  pipeline: [{ grants: ['everyone'], view: whole }],
  // The user a task change is addressed to sees it whole; colleagues see public tasks whole, others by id.
  task: [
    { grants: ['subject'], view: whole },
    { grants: ['task.view'], view: taskForColleague },
  ],
  // Release news and pop-ups are the platform's: every signed-in user of every company reads them.
  newsletter: [{ grants: ['everyone'], view: whole }],
  // Diffusions are the marketing module's (its permission is named marketing, not diffusion).
  diffusion: [{ grants: ['marketing.view', 'subject'], view: whole }],
  // Integrations are settings (their secrets already masked): whoever may read the settings hears of them.
  integration: [{ grants: ['setting.view'], view: whole }],
  // A webhook delivery belongs to an integration: the same readers hear of its attempts.
  webhook: [{ grants: ['setting.view'], view: whole }],
  // An API key (never its hash nor the key itself) is an integration setting: the same readers.
  apikey: [{ grants: ['setting.view'], view: whole }],
  // The catalogue is the platform's: the master's console hears of its plans and features.
  plan: [{ grants: ['plan.view'], view: whole }],
  feature: [{ grants: ['feature.view'], view: whole }],
  // A personal view is its owner's (addressed to them); colleagues learn only that it changed.
  view: [
    { grants: ['subject'], view: whole },
    { grants: ['everyone'], view: viewForColleague },
  ],
};

/**
 * The house rule for a module not listed (task, deal, payment…): whole records to holders of `{module}.view`
 * and to the user it is addressed to; a module without a view key (an import's progress) reaches only that
 * user.
 */
const moduleTiers = (module: string): readonly NotificationTier[] => {
  const key = `${module}.view`;
  return [{ grants: isPermissionKey(key) ? [key, 'subject'] : ['subject'], view: whole }];
};

const isListed = (module: string): boolean => Object.hasOwn(NOTIFICATION_TIERS, module);

export const notificationTiers = (module: string): readonly NotificationTier[] =>
  (isListed(module) ? NOTIFICATION_TIERS[module] : undefined) ?? moduleTiers(module);

const VIEW_KEYS = CLIENT_PERMISSIONS.filter((key) => key.endsWith('.view'));

/** Every key some tier is granted on: a socket joins one room per key of these it holds. */
export const NOTIFICATION_PERMISSIONS: readonly PermissionKey[] = [
  ...new Set([
    ...Object.values(NOTIFICATION_TIERS).flatMap((tiers) =>
      tiers.flatMap((tier) =>
        tier.grants.filter((grant): grant is PermissionKey => grant !== 'subject' && grant !== 'everyone'),
      ),
    ),
    ...VIEW_KEYS,
  ]),
];

export type NotificationReceiver = AccessSubject & { userId: string };

const belongs = (receiver: NotificationReceiver, tier: NotificationTier, subjectUserId: string | null) =>
  tier.grants.some((grant) =>
    grant === 'everyone'
      ? true
      : grant === 'subject'
        ? subjectUserId !== null && subjectUserId === receiver.userId
        : hasAccess(receiver, grant),
  );

/** The tier's view of every record of a notification's data (anything not a record is dropped). */
export const viewNotificationData = (tier: NotificationTier, data: readonly unknown[]): unknown[] =>
  tier.view === whole ? [...data] : data.filter(isRecord).map(tier.view);

/**
 * What one receiver may see of a notification: the data as their tier shows it, or null when they are in
 * none. The same rule the live sockets follow, for the catch-up and for bundles.
 */
export const notificationFor = <T extends { module: string; data: unknown[] }>(
  receiver: NotificationReceiver,
  notification: T,
  subjectUserId: string | null,
): T | null => {
  const tier = notificationTiers(notification.module).find((item) => belongs(receiver, item, subjectUserId));
  return tier ? { ...notification, data: viewNotificationData(tier, notification.data) } : null;
};

/**
 * The modules a receiver sees some view of whoever they are about (the catch-up's first filter; what is
 * addressed to them is seen besides).
 */
export const modulesVisibleTo = (receiver: NotificationReceiver): string[] => {
  const listed = Object.entries(NOTIFICATION_TIERS)
    .filter(([, tiers]) => tiers.some((tier) => belongs(receiver, tier, null)))
    .map(([module]) => module);
  const byHouseRule = VIEW_KEYS.filter((key) => hasAccess(receiver, key))
    .map((key) => key.slice(0, -'.view'.length))
    .filter((module) => !isListed(module));
  return [...listed, ...byHouseRule];
};
