import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';
import { filterSchema, LOGICALS, searchBodySchema } from '../search';
import { requiredText } from '../validation';

/** A diffusion's life (API.md part 2 "Marketing"). */
export const DIFFUSION_STATUSES = [
  'draft',
  'scheduled',
  'running',
  'paused',
  'completed',
  'cancelled',
] as const;
export type DiffusionStatus = (typeof DIFFUSION_STATUSES)[number];

/** One recipient's state; `sending` is claimed (the send may be in flight), never sent again. */
export const RECIPIENT_STATES = [
  'pending',
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
  'skipped',
] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

/**
 * Why a recipient was skipped or failed: outside the customer's 24 h window for a text (`window`), asked
 * to stop (`optout`), over the number's messaging limit (`limit`), the monthly responses cap (`monthly`),
 * a phone the channel cannot reach (`phone`), the provider refused (`provider`), the send's outcome is
 * unknown after a crash (`delivery_unknown`: never resent), the diffusion was cancelled (`cancelled`).
 */
export const RECIPIENT_REASONS = [
  'window',
  'optout',
  'limit',
  'monthly',
  'phone',
  'provider',
  'delivery_unknown',
  'cancelled',
] as const;
export type RecipientReason = (typeof RECIPIENT_REASONS)[number];

/**
 * Why a diffusion paused itself (or was paused): WhatsApp's throughput error 130429, its spam and pair
 * rate limits 131048/131056, a template no longer APPROVED or of quality RED, more than 5% failures in the
 * last 100 sends, the number's messaging limit reached, the company's message balance used up (`quota`),
 * or a person (`manual`).
 */
export const PAUSE_REASONS = [
  'manual',
  'throughput',
  'spam',
  'pair_rate',
  'template_status',
  'template_quality',
  'failure_rate',
  'messaging_limit',
  'quota',
] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];

/** The WhatsApp Cloud API error codes that pause a diffusion, and the one that means "this person opted out". */
export const WHATSAPP_PAUSE_CODES: Readonly<Record<number, PauseReason>> = {
  130429: 'throughput',
  131048: 'spam',
  131056: 'pair_rate',
};
export const WHATSAPP_OPT_OUT_CODE = 131050;

/** Meta's published limits: 80 messages a second per number, and the business messaging tiers a rolling 24 h. */
export const WHATSAPP_MESSAGES_PER_SECOND = 80;
export const MESSAGING_LIMIT_TIERS = [250, 2_000, 10_000, 100_000] as const;
/** A diffusion pauses when more than this share of its last `FAILURE_WINDOW` sends failed. */
export const FAILURE_WINDOW = 100;
export const FAILURE_RATE_LIMIT = 0.05;

/** An inbound text that is only one of these words (any case, accents ignored) opts its sender out. */
export const OPT_OUT_WORDS = [
  'STOP',
  'BAJA',
  'UNSUBSCRIBE',
  'CANCELAR',
  'ALTO',
  'ARRET',
  'ARRETER',
  'DISISCRIVI',
  '退订',
];

const normalizeWord = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toUpperCase();

export const isOptOutText = (text: string): boolean => OPT_OUT_WORDS.includes(normalizeWord(text));

export const AUDIENCE_MODULES = ['contact', 'lead', 'deal'] as const;
export type AudienceModule = (typeof AUDIENCE_MODULES)[number];

export type DiffusionTotals = {
  recipients: number;
  pending: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  skipped: number;
  replied: number;
};

export type Diffusion = {
  id: string;
  client_id: string;
  name: string;
  device_id: string;
  audience: {
    module: AudienceModule;
    filters: z.infer<typeof filterSchema>[];
    logical: 'and' | 'or';
    list_ids: string[];
  };
  message: { type: 'chat' | 'template'; body: string; template_id: string; parameters: string[] };
  scheduled_at: string | null;
  send_window: { from: string; to: string; days: number[] };
  pacing: {
    min_interval: number;
    max_interval: number;
    min_batch: number;
    max_batch: number;
    min_pause: number;
    max_pause: number;
  };
  max_monthly_responses: number;
  count_current_responses: number;
  status: DiffusionStatus;
  pause_reason: PauseReason | '';
  totals: DiffusionTotals;
  user_id: string;
  started_at: string | null;
  completed_at: string | null;
  create_date: string;
};

export type DiffusionRecipient = {
  id: string;
  contact_id: string;
  phone: string;
  name: string;
  state: RecipientState;
  reason: RecipientReason | '';
  /** The provider's error code or text behind a failure, for the recipients table. */
  detail: string;
  message_id: string;
  provider_id: string;
  sent_at: string | null;
  replied: boolean;
};

const HOUR_MINUTE = /^([01]\d|2[0-3]):[0-5]\d$/;

const seconds = z.number().int().min(0).max(86_400);
const batch = z.number().int().min(1).max(1_000);

export const pacingSchema = z
  .strictObject({
    min_interval: seconds.default(5),
    max_interval: seconds.default(15),
    min_batch: batch.default(20),
    max_batch: batch.default(40),
    min_pause: seconds.default(60),
    max_pause: seconds.default(180),
  })
  .superRefine((pacing, ctx) => {
    for (const [min, max] of [
      ['min_interval', 'max_interval'],
      ['min_batch', 'max_batch'],
      ['min_pause', 'max_pause'],
    ] as const) {
      if (pacing[min] > pacing[max])
        ctx.addIssue({ code: 'custom', path: [max], message: 'validation.minOverMax' });
    }
  });

/** Hours and days (1 Monday … 7 Sunday, ISO) in the company's time zone; `to` before `from` spans midnight. */
export const sendWindowSchema = z
  .strictObject({
    from: z.string().regex(HOUR_MINUTE, { error: 'validation.hourMinute' }).default('09:00'),
    to: z.string().regex(HOUR_MINUTE, { error: 'validation.hourMinute' }).default('20:00'),
    days: z.array(z.number().int().min(1).max(7)).max(7).default([1, 2, 3, 4, 5]),
  })
  .superRefine((window, ctx) => {
    if (window.days.length === 0)
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'validation.windowNeverOpens' });
    if (window.from === window.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.windowNeverOpens' });
  });

export const audienceSchema = z.strictObject({
  module: z.enum(AUDIENCE_MODULES).default('contact'),
  filters: z.array(filterSchema).max(50).default([]),
  logical: z.enum(LOGICALS).default('and'),
  /** Dynamic-list items (smart lists: tags or statuses) a record must carry one of. */
  list_ids: z.array(z.string().max(64)).max(50).default([]),
});

/** `diffusion/preview`: the audience a form is about to save, to preview its text for a real recipient. */
export const diffusionPreviewSchema = z.strictObject({ audience: audienceSchema });

/** A recipient the audience would send to, with what the placeholders read ($username is the sender's). */
export type DiffusionPreviewRecipient = {
  phone: string;
  first_name: string;
  last_name: string;
  full_name: string;
};

export const diffusionMessageSchema = z
  .strictObject({
    type: z.enum(['chat', 'template']).default('chat'),
    body: z.string().trim().max(4096).default(''),
    template_id: z.string().max(64).default(''),
    /** The template's {{n}} values in order; $fullname, $firstname, $lastname, $username are filled per recipient. */
    parameters: z.array(z.string().trim().max(1024)).max(20).default([]),
  })
  .superRefine((message, ctx) => {
    if (message.type === 'chat' && message.body === '') {
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'validation.required' });
    }
    if (message.type === 'template') {
      if (message.template_id === '') {
        ctx.addIssue({ code: 'custom', path: ['template_id'], message: 'validation.required' });
      }
      message.parameters.forEach((parameter, index) => {
        if (parameter === '')
          ctx.addIssue({ code: 'custom', path: ['parameters', index], message: 'validation.required' });
      });
    }
  });

const diffusionFields = {
  name: requiredText().max(120),
  device_id: requiredText().max(64),
  audience: audienceSchema,
  message: diffusionMessageSchema,
  /** When it starts by itself (null: when a person presses Start). */
  scheduled_at: z.iso.datetime({ offset: true, error: 'validation.datetime' }).nullable(),
  send_window: sendWindowSchema,
  pacing: pacingSchema,
  /** 0: no cap. Replies counted this month stop the diffusion at the cap. */
  max_monthly_responses: z.number().int().min(0).max(10_000_000),
};

/** `diffusion/create`: a draft; its recipients are frozen when it starts (or from `diffusionmsg/import`). */
export const diffusionCreateSchema = z.strictObject({
  ...diffusionFields,
  audience: diffusionFields.audience.default({
    module: 'contact',
    filters: [],
    logical: 'and',
    list_ids: [],
  }),
  scheduled_at: diffusionFields.scheduled_at.default(null),
  send_window: diffusionFields.send_window.default({ from: '09:00', to: '20:00', days: [1, 2, 3, 4, 5] }),
  pacing: diffusionFields.pacing.default({
    min_interval: 5,
    max_interval: 15,
    min_batch: 20,
    max_batch: 40,
    min_pause: 60,
    max_pause: 180,
  }),
  max_monthly_responses: diffusionFields.max_monthly_responses.default(0),
});
export type DiffusionCreateInput = z.input<typeof diffusionCreateSchema>;

/** `diffusion/updateone`: while draft, scheduled or paused; a running one answers 406. */
export const diffusionUpdateSchema = z.strictObject(diffusionFields).partial();

export const diffusionSearchSchema = searchBodySchema.extend({
  offset: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
});

/** `diffusion/recipients/{id}`: the search body; filter keys `state`, `reason`, `phone`. */
export const recipientSearchSchema = diffusionSearchSchema;
