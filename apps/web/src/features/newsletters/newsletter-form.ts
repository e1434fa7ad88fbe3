import {
  type Newsletter,
  type NewsletterCategory,
  type NewsletterCreateInput,
  type NewsletterStatus,
  newsletterCreateSchema,
  type PopupItem,
} from '@conversa/domain';

/** The create/edit dialog's fields as typed: dates as the inputs hold them, issues one a line. */
export type NewsletterForm = {
  title: string;
  category: NewsletterCategory;
  status: NewsletterStatus;
  release_date: string;
  /** `YYYY-MM-DDTHH:mm` in the browser's time, or '' for no pop-up date. */
  show_login_date: string;
  description: string;
  issues: string;
  hasPopup: boolean;
  width: string;
  height: string;
  /** Each page with a key of its own, so removing one keeps the others' inputs in place. */
  items: FormPopupItem[];
};

export type FormPopupItem = PopupItem & { key: string };

let itemKeys = 0;
const keyed = (item: PopupItem): FormPopupItem => {
  itemKeys += 1;
  return { ...item, key: `item-${itemKeys}` };
};

export const emptyPopupItem = (): FormPopupItem =>
  keyed({ title: '', description: '', preview_url: '', redirect_url: '' });

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a `datetime-local` input shows it: the browser's own time, to the minute. */
export const toLocalInput = (iso: string | null): string => {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

const today = (): string => toLocalInput(new Date().toISOString()).slice(0, 10);

export const newsletterForm = (newsletter?: Newsletter): NewsletterForm => ({
  title: newsletter?.title ?? '',
  category: newsletter?.category ?? 'newfeature',
  status: newsletter?.status ?? 'scheduled',
  release_date: newsletter?.release_date ?? today(),
  show_login_date: toLocalInput(newsletter?.show_login_date ?? null),
  description: newsletter?.description ?? '',
  issues: (newsletter?.issues ?? []).join('\n'),
  hasPopup: Boolean(newsletter?.popup),
  width: String(newsletter?.popup?.width ?? 600),
  height: String(newsletter?.popup?.height ?? 500),
  items: newsletter?.popup?.items.map(keyed) ?? [emptyPopupItem()],
});

/** The body of newsletters/create and updateone: the server checks every rule and names what is wrong. */
export const newsletterInput = (form: NewsletterForm): NewsletterCreateInput => ({
  title: form.title,
  category: form.category,
  status: form.status,
  release_date: form.release_date,
  show_login_date: form.show_login_date ? new Date(form.show_login_date).toISOString() : null,
  description: form.description,
  issues: form.issues
    .split('\n')
    .map((issue) => issue.trim())
    .filter(Boolean),
  popup: form.hasPopup
    ? {
        width: Number(form.width),
        height: Number(form.height),
        items: form.items.map(({ key: _key, ...item }) => item),
      }
    : null,
});

/** The pop-up's size in pixels the domain accepts (its popup schema): a dialog that fits a screen. */
export const POPUP_SIZE = {
  width: { min: 280, max: 1600 },
  height: { min: 200, max: 1200 },
} as const;

/** A field's error as the form shows it: an i18n key and the values it names. */
export type FieldError = { key: string; values?: Record<string, number> };

const sizeError = (form: NewsletterForm, side: 'width' | 'height'): FieldError | undefined => {
  const { min, max } = POPUP_SIZE[side];
  const text = form[side].trim();
  const value = Number(text);
  if (text === '' || !Number.isInteger(value) || value < min || value > max)
    return { key: 'newsletters.form.sizeRange', values: { min, max } };
  return undefined;
};

/**
 * The domain's rules over the form, before anything is sent: each field's first error, by the path the
 * server names it (title, popup.width, popup.items.0.redirect_url...). Empty when the form may be sent.
 */
export const validateNewsletter = (form: NewsletterForm): Record<string, FieldError> => {
  const errors: Record<string, FieldError> = {};
  if (form.hasPopup) {
    for (const side of ['width', 'height'] as const) {
      const error = sizeError(form, side);
      if (error) errors[`popup.${side}`] = error;
    }
  }
  const result = newsletterCreateSchema.safeParse(newsletterInput(form));
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (errors[path]) continue;
    // A link is '' or a URL: the union's own message is generic, the URL branch's says what is wrong.
    const branchKey =
      issue.code === 'invalid_union'
        ? issue.errors.flat().find((inner) => inner.message.startsWith('validation.'))?.message
        : undefined;
    if (branchKey) errors[path] = { key: branchKey };
    else if (issue.message.startsWith('validation.')) errors[path] = { key: issue.message };
    else if (issue.code === 'too_big') errors[path] = { key: 'validation.tooLong' };
    else errors[path] = { key: 'validation.invalid' };
  }
  return errors;
};
