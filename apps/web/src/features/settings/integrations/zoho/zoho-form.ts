import {
  crmzohoConfigSchema,
  type Integration,
  type IntegrationCreateInput,
  type IntegrationUpdateInput,
  integrationCreateSchema,
  isMaskedSecret,
  ZOHO_DATA_CENTRES,
  type ZohoDataCentre,
} from '@conversa/domain';
import { errorKey } from '../integration-form';

/** What the dialog holds; on an edit the client secret and refresh token are masked as the server showed them. */
export type ZohoForm = {
  name: string;
  data_centre: ZohoDataCentre;
  client_id: string;
  client_secret: string;
  refresh_token: string;
  sync_contacts: boolean;
  sync_leads: boolean;
};

const DEFAULTS = crmzohoConfigSchema.partial().parse({});

export const emptyZohoForm = (): ZohoForm => ({
  name: 'Zoho CRM',
  data_centre: DEFAULTS.data_centre ?? 'com',
  client_id: '',
  client_secret: '',
  refresh_token: '',
  sync_contacts: DEFAULTS.sync_contacts ?? true,
  sync_leads: DEFAULTS.sync_leads ?? true,
});

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

const isDataCentre = (value: unknown): value is ZohoDataCentre =>
  (ZOHO_DATA_CENTRES as readonly unknown[]).includes(value);

export const zohoFormOf = (integration: Integration): ZohoForm => {
  const { config } = integration;
  return {
    name: integration.name,
    data_centre: isDataCentre(config.data_centre) ? config.data_centre : 'com',
    client_id: textOf(config.client_id),
    client_secret: textOf(config.client_secret),
    refresh_token: textOf(config.refresh_token),
    sync_contacts: config.sync_contacts !== false,
    sync_leads: config.sync_leads !== false,
  };
};

const configOf = (form: ZohoForm) => ({
  data_centre: form.data_centre,
  client_id: form.client_id.trim(),
  client_secret: form.client_secret.trim(),
  refresh_token: form.refresh_token.trim(),
  sync_contacts: form.sync_contacts,
  sync_leads: form.sync_leads,
});

export const zohoInputOf = (form: ZohoForm): IntegrationCreateInput => ({
  type: 'crmzoho',
  name: form.name,
  config: configOf(form),
});

/** An edit sends every setting back; a secret left masked keeps the stored one. */
export const zohoUpdateOf = (form: ZohoForm): IntegrationUpdateInput => ({
  name: form.name,
  config: configOf(form),
});

/** The domain's rule over the form, each field's first message key by where it shows (`config.client_id`…). */
export const validateZoho = (form: ZohoForm): Record<string, string> => {
  const config = configOf(form);
  const result = integrationCreateSchema.safeParse({
    type: 'crmzoho',
    name: form.name,
    config: {
      ...config,
      ...(isMaskedSecret(config.client_secret) ? { client_secret: 'kept' } : {}),
      ...(isMaskedSecret(config.refresh_token) ? { refresh_token: 'kept' } : {}),
    },
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

/** A data centre as an i18n key (the keys cannot hold dots): `com.au` → `com_au`. */
export const dataCentreKey = (dataCentre: ZohoDataCentre): string => dataCentre.replace(/\./g, '_');
