import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../constants';
import { isStorableDate } from '../input-limits';
import { searchBodySchema } from '../search';
import { httpUrl, requiredText } from '../validation';

/** Release news and pop-up announcements (spec sections 2 and 3): the master writes them, everyone reads. */
export const NEWSLETTER_CATEGORIES = ['newfeature', 'maintenance', 'bugfix'] as const;
export type NewsletterCategory = (typeof NEWSLETTER_CATEGORIES)[number];

export const NEWSLETTER_STATUSES = ['scheduled', 'inprogress', 'completed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export type PopupItem = { title: string; description: string; preview_url: string; redirect_url: string };
export type NewsletterPopup = { width: number; height: number; items: PopupItem[] };

export type Newsletter = {
  id: string;
  title: string;
  category: NewsletterCategory;
  status: NewsletterStatus;
  /** YYYY-MM-DD. */
  release_date: string;
  /** From this moment the pop-up shows once to each user. */
  show_login_date: string | null;
  description: string;
  issues: string[];
  popup: NewsletterPopup | null;
  create_date: string;
};

/** Slides the carousel loads images of around the current one (spec section 2). */
export const POPUP_PRELOAD_DISTANCE = 2;

/** A pop-up's image and its 'Ver más' link: none, or http(s) only. */
const url = z.union([z.literal(''), httpUrl()]);

const popupSchema = z.strictObject({
  width: z.number().int().min(280).max(1600).default(600),
  height: z.number().int().min(200).max(1200).default(500),
  items: z
    .array(
      z.strictObject({
        title: requiredText().max(120),
        description: z.string().trim().max(2000).default(''),
        preview_url: url.default(''),
        redirect_url: url.default(''),
      }),
    )
    .min(1, { error: 'validation.required' })
    .max(20),
});

const newsletterFields = {
  title: requiredText().max(160),
  category: z.enum(NEWSLETTER_CATEGORIES),
  status: z.enum(NEWSLETTER_STATUSES),
  // A well-formed year 0 or 10000 is still refused: PostgreSQL could not store it.
  release_date: z.iso
    .date({ error: 'validation.date' })
    .refine((value) => isStorableDate(new Date(`${value}T00:00:00Z`)), { error: 'validation.date' }),
  show_login_date: z.iso
    .datetime({ offset: true, error: 'validation.datetime' })
    .refine((value) => isStorableDate(new Date(value)), { error: 'validation.datetime' })
    .nullable(),
  description: z.string().trim().max(10_000),
  issues: z.array(z.string().trim().min(1).max(200)).max(50),
  popup: popupSchema.nullable(),
};

export const newsletterCreateSchema = z.strictObject({
  ...newsletterFields,
  category: newsletterFields.category.default('newfeature'),
  status: newsletterFields.status.default('scheduled'),
  show_login_date: newsletterFields.show_login_date.default(null),
  description: newsletterFields.description.default(''),
  issues: newsletterFields.issues.default([]),
  popup: newsletterFields.popup.default(null),
});
export type NewsletterCreateInput = z.input<typeof newsletterCreateSchema>;

export const newsletterUpdateSchema = z.strictObject(newsletterFields).partial();

/** `newsletters/search`: title contains, 20 a page (spec section 7). */
export const newsletterSearchSchema = searchBodySchema.extend({
  offset: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE.news),
});
