/** Business constants of spec section 9, written once for both apps. */

export const TIMING = {
  toastMs: 5000,
  snackbarMs: 3000,
  toastPreviewChars: 25,
  searchDebounceMs: 900,
  taskPollMs: 5000,
} as const;

export const PAGE_SIZE = {
  chats: 20,
  messages: 25,
  messageList: 50,
  tasks: 20,
  incompleteTasks: 100,
  notes: 20,
  users: 20,
  contacts: 25,
  news: 20,
  templates: 100,
} as const;

/** The largest page a search may ask for, so one request can never read a whole tenant. */
export const MAX_PAGE_SIZE = 500;

/** Attachments larger than this many bytes are refused with the fileMax10mb text (413). */
export const FILE_MAX_BYTES = 10_000_000;

export const USER_NAME_MAX_CHARS = 16;

export const INDUSTRIES = [
  'telecomunicaciones',
  'financiera',
  'serviciosFinancieros',
  'retail',
  'serviciosSalud',
  'serviciosBasicos',
  'viajesTurismo',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const DEFAULTS = {
  country: 'CL',
  language: 'es',
  industry: 'serviciosSalud',
  quantityemple: 1,
  timezone: 'America/Santiago',
  taskPriority: 'medium',
  taskVisibility: 2,
  reminderTime: '08:00',
  expiryWindowDays: 5,
  tagColor: '#f44336',
} as const;

/** Sessions last this long unless revoked by logout or a password change. */
export const SESSION_TTL_HOURS = 24 * 7;
/** A password-reset link is valid this long. */
export const RESET_TOKEN_TTL_MINUTES = 60;
/**
 * Reset mails one account receives, whoever asks and from wherever: past `max` within the window the
 * request is answered as usual but no mail goes out, so nobody can flood a person's inbox.
 */
export const RESET_MAILS_PER_ACCOUNT = { max: 3, windowMinutes: 60 } as const;
/**
 * Sign-in guessing limits, counted in a 15-minute window per account (from any address), per address
 * (across accounts) and per account at the two-factor step. Past `free` failures each further one makes
 * the next attempt wait (1 s, doubling, at most a minute: 429 with Retry-After); at `max` the wait is
 * the whole window.
 */
export const LOGIN_ATTEMPTS = {
  windowMinutes: 15,
  perAccount: { free: 3, max: 10 },
  perAddress: { free: 10, max: 30 },
  secondFactor: { free: 3, max: 8 },
  baseDelaySeconds: 1,
  maxDelaySeconds: 60,
} as const;
