import {
  type Integration,
  type IntegrationCreateInput,
  type IntegrationUpdateInput,
  integrationCreateSchema,
  isMaskedSecret,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from '@conversa/domain';
import { errorKey } from '../integration-form';

/** The events as the dialog groups them, by the record they are about (`deal.stage_changed` → deal). */
export const EVENT_GROUPS = ['contact', 'lead', 'deal', 'task', 'message'] as const;
export type EventGroup = (typeof EVENT_GROUPS)[number];

export const eventsOf = (group: EventGroup): WebhookEvent[] =>
  WEBHOOK_EVENTS.filter((event) => event.startsWith(`${group}.`));

const isWebhookEvent = (value: unknown): value is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly unknown[]).includes(value);

/** What the dialog holds; the secret is empty on a new webhook (the server makes one) or masked on an edit. */
export type WebhookForm = { name: string; url: string; events: WebhookEvent[]; secret: string };

export const emptyWebhookForm = (): WebhookForm => ({ name: '', url: '', events: [], secret: '' });

export const webhookFormOf = (integration: Integration): WebhookForm => {
  const { url, events, secret } = integration.config;
  return {
    name: integration.name,
    url: typeof url === 'string' ? url : '',
    events: Array.isArray(events) ? events.filter(isWebhookEvent) : [],
    secret: typeof secret === 'string' ? secret : '',
  };
};

/** The events in the domain's order, whatever order they were ticked in. */
const orderedEvents = (events: readonly WebhookEvent[]): WebhookEvent[] =>
  WEBHOOK_EVENTS.filter((event) => events.includes(event));

/** A blank secret is left out, so the server generates one. */
export const webhookInputOf = (form: WebhookForm): IntegrationCreateInput => {
  const secret = form.secret.trim();
  return {
    type: 'crmx2',
    name: form.name,
    config: { url: form.url.trim(), events: orderedEvents(form.events), ...(secret ? { secret } : {}) },
  };
};

/** An edit sends the secret back as shown: masked it keeps the stored one, a new one replaces it. */
export const webhookUpdateOf = (form: WebhookForm): IntegrationUpdateInput => ({
  name: form.name,
  config: { url: form.url.trim(), events: orderedEvents(form.events), secret: form.secret.trim() },
});

/**
 * The domain's rule over the form, each field's first message key by where it shows (`name`,
 * `config.url`, `config.events`, `config.secret`). An edit's masked secret is the stored one, so it is not
 * checked; emptied on an edit it must be a new one.
 */
export const validateWebhook = (form: WebhookForm, isEdit: boolean): Record<string, string> => {
  const secret = form.secret.trim();
  const isChecked = isEdit ? !isMaskedSecret(secret) : secret !== '';
  const result = integrationCreateSchema.safeParse({
    type: 'crmx2',
    name: form.name,
    config: { url: form.url.trim(), events: form.events, ...(isChecked ? { secret } : {}) },
  });
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    errors[errorKey(issue.path)] ??= issue.message.startsWith('validation.')
      ? issue.message
      : 'validation.invalid';
  }
  return errors;
};
