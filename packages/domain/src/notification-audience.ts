import { isSecretConfigKey } from './device';
import {
  type AccessSubject,
  CLIENT_PERMISSIONS,
  hasAccess,
  isPermissionKey,
  type PermissionKey,
} from './permissions';

/** Holders of every one of these keys (a deal reader who also reads contacts). */
export type PermissionSet = readonly PermissionKey[];

/**
 * Who belongs to a tier: holders of a permission key or of a set of keys, the user the notification is about
 * or addressed to (`subject`: the user whose record changed, the user a chat was transferred to), or everyone
 * in the company.
 */
export type AudienceGrant = PermissionKey | PermissionSet | 'subject' | 'everyone';

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

/**
 * A device as a viewer who may not change it sees it: every provider setting except the secrets. A
 * gateway's QR is one too (scanning it links a phone to the company's device), so its session shows, not it.
 */
export const deviceWithoutSecrets = <T extends object>(device: T): T => {
  const record = device as NotificationRecord;
  const setting = isRecord(record.setting) ? record.setting : undefined;
  const conect = setting && isRecord(setting.conect) ? setting.conect : undefined;
  if (!setting || !conect || !isRecord(conect.config)) return device;
  const config = Object.fromEntries(Object.entries(conect.config).filter(([key]) => !isDeviceSecretKey(key)));
  const qr = 'qr' in conect ? { qr: '' } : {};
  return { ...device, setting: { ...setting, conect: { ...conect, config, ...qr } } };
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

/**
 * A conversation as someone who reads contacts but not the chat sees it: who, through which device, how many
 * messages and when, never what they said. The last message keeps its place with its text blank, as a deleted
 * message does (the text is also a media message's caption or file name).
 */
const conversationWithoutText = (contact: NotificationRecord): NotificationRecord => {
  const message = isRecord(contact.message) ? contact.message : undefined;
  if (!message || !isRecord(message.info)) return contact;
  return { ...contact, message: { ...message, info: { ...message.info, body: '' } } };
};

/**
 * A deal as a reader who may not read contacts sees it: its contact by id and name, what a card and the
 * deal's page name it by; the phone stays with the contacts' readers.
 */
const dealWithContactName = (deal: NotificationRecord): NotificationRecord =>
  isRecord(deal.contact) ? { ...deal, contact: pick(deal.contact, ['id', 'full_name']) } : deal;

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
  // contacts screens' counts and last message time), never its text.
  message: [
    { grants: ['chat.view', 'subject'], view: whole },
    {
      grants: ['contact.view'],
      view: (message) =>
        isRecord(message.conversation) ? { conversation: conversationWithoutText(message.conversation) } : {},
    },
  ],
  // Conversations are contacts: the chat list and the contacts screens both follow them, the chat's text
  // only in the chat.
  contact: [
    { grants: ['chat.view', 'subject'], view: whole },
    { grants: ['contact.view'], view: conversationWithoutText },
  ],
  // A deal carries its contact; the contact's details are for those who may read contacts.
  deal: [
    { grants: [['deal.view', 'contact.view']], view: whole },
    { grants: ['deal.view', 'subject'], view: dealWithContactName },
  ],
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
  // An alert (a conversation assigned to someone…) is for the person it is addressed to, and only if they
  // asked for its family: the record's own notification keeps everyone else's lists in sync, without text.
  alert: [{ grants: ['subject'], view: whole }],
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
 * The house rule for a module not listed (payment, lead…): whole records to holders of `{module}.view`
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

/** The keys a grant of holders asks for: one key, or a set held together. */
export const permissionSetOf = (grant: PermissionKey | PermissionSet): PermissionSet =>
  typeof grant === 'string' ? [grant] : grant;

export const holdsAll = (subject: AccessSubject, keys: PermissionSet): boolean =>
  keys.every((key) => hasAccess(subject, key));

const holderGrantsOf = (tier: NotificationTier): PermissionSet[] =>
  tier.grants.flatMap((grant) =>
    grant === 'subject' || grant === 'everyone' ? [] : [permissionSetOf(grant)],
  );

/** Every key or set of keys some tier is granted on: a socket joins one room per set of these it holds. */
export const NOTIFICATION_PERMISSION_SETS: readonly PermissionSet[] = [
  ...new Map(
    [
      ...Object.values(NOTIFICATION_TIERS).flatMap((tiers) => tiers.flatMap(holderGrantsOf)),
      ...VIEW_KEYS.map(permissionSetOf),
    ].map((keys) => [keys.join('+'), keys] as const),
  ).values(),
];

export type NotificationReceiver = AccessSubject & { userId: string };

const belongs = (receiver: NotificationReceiver, tier: NotificationTier, subjectUserId: string | null) =>
  tier.grants.some((grant) =>
    grant === 'everyone'
      ? true
      : grant === 'subject'
        ? subjectUserId !== null && subjectUserId === receiver.userId
        : holdsAll(receiver, permissionSetOf(grant)),
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
 * A record as one reader sees it in an answer, by the rule of their notifications: the view of the first tier
 * they belong to, or the poorest when a route lets someone of no tier reach it (contact.edit alone). For
 * records that carry what another permission guards (a conversation's text, a deal's contact).
 */
export const recordFor = <T extends object>(reader: NotificationReceiver, module: string, record: T): T => {
  const tiers = notificationTiers(module);
  const tier = tiers.find((item) => belongs(reader, item, null)) ?? tiers.at(-1);
  return tier ? (tier.view(record as NotificationRecord) as T) : record;
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
