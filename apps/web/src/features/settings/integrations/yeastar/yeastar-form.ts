import {
  type Integration,
  type IntegrationCreateInput,
  type IntegrationUpdateInput,
  integrationCreateSchema,
  isMaskedSecret,
} from '@conversa/domain';
import { errorKey } from '../integration-form';

/** One mapping row; `key` only tells the rows apart on screen while they are added and removed. */
export type ExtensionRow = { key: string; extension: string; user_id: string };

let rowCount = 0;
export const newExtensionRow = (extension = '', userId = ''): ExtensionRow => {
  rowCount += 1;
  return { key: `row-${rowCount}`, extension, user_id: userId };
};

/** What the dialog holds; on an edit the client secret is masked as the server showed it. */
export type YeastarForm = {
  name: string;
  pbx_url: string;
  client_id: string;
  client_secret: string;
  extensions: ExtensionRow[];
};

export const emptyYeastarForm = (): YeastarForm => ({
  name: '',
  pbx_url: '',
  client_id: '',
  client_secret: '',
  extensions: [],
});

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

const rowsOf = (value: unknown): ExtensionRow[] =>
  Array.isArray(value)
    ? value.map((row: { extension?: unknown; user_id?: unknown }) =>
        newExtensionRow(textOf(row?.extension), textOf(row?.user_id)),
      )
    : [];

export const yeastarFormOf = (integration: Integration): YeastarForm => ({
  name: integration.name,
  pbx_url: textOf(integration.config.pbx_url),
  client_id: textOf(integration.config.client_id),
  client_secret: textOf(integration.config.client_secret),
  extensions: rowsOf(integration.config.extensions),
});

const configOf = (form: YeastarForm) => ({
  pbx_url: form.pbx_url.trim().replace(/\/+$/, ''),
  client_id: form.client_id.trim(),
  client_secret: form.client_secret.trim(),
  extensions: form.extensions.map((row) => ({ extension: row.extension.trim(), user_id: row.user_id })),
});

export const yeastarInputOf = (form: YeastarForm): IntegrationCreateInput => ({
  type: 'yeastar',
  name: form.name,
  config: configOf(form),
});

/** An edit sends every setting back; the masked client secret keeps the stored one, as does the webhook's. */
export const yeastarUpdateOf = (form: YeastarForm, webhookSecret: string): IntegrationUpdateInput => ({
  name: form.name,
  config: { ...configOf(form), webhook_secret: webhookSecret },
});

/**
 * The domain's rule over the form, each field's first message key by where it shows (`name`,
 * `config.pbx_url`, `config.extensions.0.extension`…). An edit's masked secret is the stored one.
 */
export const validateYeastar = (form: YeastarForm): Record<string, string> => {
  const config = configOf(form);
  const result = integrationCreateSchema.safeParse({
    type: 'yeastar',
    name: form.name,
    config: isMaskedSecret(config.client_secret) ? { ...config, client_secret: 'kept' } : config,
  });
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const at =
      issue.path[0] === 'config' && issue.path[1] === 'extensions' && issue.path.length > 2
        ? issue.path.join('.')
        : errorKey(issue.path);
    errors[at] ??= issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
  }
  return errors;
};

/** The address to paste in the PBX's webhook settings: this server, the integration, and its secret. */
export const yeastarWebhookUrl = (origin: string, integrationId: string, secret: string): string =>
  `${origin}/webhooks/integrations/yeastar/${integrationId}?secret=${encodeURIComponent(secret)}`;
