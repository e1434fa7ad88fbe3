import { z } from 'zod';
import { CHAT_FILTERS, CHAT_OPTIONS } from './chat';
import { DEFAULTS, PAGE_SIZE } from './constants';
import { findCountry, isValidPhone, normalizePhone } from './countries';
import type { ChannelType, DeviceStatus } from './device';
import { INT4_MAX, refineSafeInput } from './input-limits';
import type { MessageStatus, MessageType } from './message';
import { EMAIL_PATTERN, MESSAGES, requiredText } from './validation';

export type ContactInfo = {
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  document: string;
  country: string;
  phone: string;
};

/** The conversation's last message, kept on the contact so the conversation list never reads messages. */
export type LastMessage = {
  id: string;
  body: string;
  fromMe: boolean;
  message_id: string;
  status: MessageStatus;
  timestamp: string;
  type_msg: MessageType;
  owner: string;
  device_id: string;
};

export type Contact = {
  id: string;
  client_id: string;
  device_id: string | null;
  create_date: string;
  info: ContactInfo;
  /** The assignee's user id, '' when nobody holds the conversation. */
  derivedto: string;
  answerbot: boolean;
  owner: string[];
  tags: string[];
  stage: string;
  starred: boolean;
  device: {
    id: string;
    name: string;
    color: string;
    background_color: string;
    status: DeviceStatus;
    setting: { conect: { type: ChannelType } };
  } | null;
  message: { numpending: number; numtotal: number; info: LastMessage | null };
};

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine((value) => value === '' || EMAIL_PATTERN.test(value), { error: MESSAGES.email })
  .default('');

const countryField = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => findCountry(code) !== undefined, { error: MESSAGES.invalid });

/** A phone as stored: digits with the country code, '+', spaces and dashes stripped. */
const phoneField = () =>
  z.string({ error: MESSAGES.required }).transform(normalizePhone).pipe(z.string().min(1, MESSAGES.required));

/**
 * The new-contact form (spec section 5): name min 3, phone valid for the country (Chile 569 + 8 digits),
 * e-mail valid when given, document free text, country CL by default.
 */
export const contactCreateSchema = z
  .strictObject({
    name: requiredText().min(3, MESSAGES.min3).max(120),
    phone: phoneField(),
    email: optionalEmail,
    document: z.string().trim().max(64).default(''),
    country: countryField().default(DEFAULTS.country),
    device_id: z.string().max(64).optional(),
    tags: z.array(z.string().max(64)).max(50).default([]),
    stage: z.string().trim().max(64).default(''),
  })
  .superRefine((input, ctx) => {
    // Rows of an imported file reach this schema without passing the server's input guard.
    refineSafeInput(input, ctx);
    if (!isValidPhone(input.phone, input.country)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: MESSAGES.phone });
    }
  });
export type ContactCreateInput = z.input<typeof contactCreateSchema>;

/** PUT contact/updateone: the web sends the record without its device; every field is optional. */
export const contactUpdateSchema = z
  .strictObject({
    info: z
      .strictObject({
        first_name: z.string().trim().max(60),
        last_name: z.string().trim().max(60),
        email: optionalEmail,
        document: z.string().trim().max(64),
        country: countryField(),
        phone: phoneField(),
      })
      .partial(),
    tags: z.array(z.string().max(64)).max(50),
    stage: z.string().trim().max(64),
    starred: z.boolean(),
    /** User ids of the company; checked by the server. */
    owner: z.array(z.string().max(64)).max(50),
    /** The assignee's user id, '' for nobody. */
    derivedto: z.string().max(64),
  })
  .partial();
export type ContactUpdateInput = z.infer<typeof contactUpdateSchema>;

/** The conversation list query of `POST contact/chats` (also the `find` of unlockchatmany). */
export const chatListSchema = z.object({
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  offset: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.chats),
  fixed: z.array(z.string().max(64)).max(500).default([]),
  filter: z.enum(CHAT_FILTERS).default('All'),
  option: z.enum(CHAT_OPTIONS).default('allMessages'),
  search: z.string().trim().max(120).default(''),
});
export type ChatListQuery = z.output<typeof chatListSchema>;
export type ChatListInput = z.input<typeof chatListSchema>;

export const unlockManySchema = z.object({
  find: chatListSchema.default({
    page: 1,
    offset: PAGE_SIZE.chats,
    fixed: [],
    filter: 'All',
    option: 'allMessages',
    search: '',
  }),
  update: z.object({ derivedto: z.literal('') }).default({ derivedto: '' }),
});
