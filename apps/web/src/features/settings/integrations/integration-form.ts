import {
  type BotIntegrationType,
  chatgptConfigSchema,
  dialogflowConfigSchema,
  type Integration,
  type IntegrationCreateInput,
  type IntegrationUpdateInput,
  integrationCreateSchema,
} from '@conversa/domain';
import type { z } from 'zod';

const CONFIG_SCHEMAS = { chatgpt: chatgptConfigSchema, dialogflow: dialogflowConfigSchema } as const;

/** The config keys typed as numbers; the form holds them as the person typed them. */
const NUMBER_KEYS = new Set(['temperature', 'max_tokens', 'context_message_limit', 'max_messages_per_day']);

/** What the dialog holds: the config as texts, one per key of the type's settings. */
export type IntegrationForm = {
  type: BotIntegrationType;
  name: string;
  device_ids: string[];
  answer_new_conversations: boolean;
  config: Record<string, string>;
};

const configKeys = (type: BotIntegrationType): string[] => Object.keys(CONFIG_SCHEMAS[type].shape);

const textOf = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** The settings of a type as the form shows them: what is given, else the domain's default, else empty. */
const configForm = (type: BotIntegrationType, given: Record<string, unknown>): Record<string, string> => {
  const defaults: Record<string, unknown> = CONFIG_SCHEMAS[type].partial().parse({});
  return Object.fromEntries(configKeys(type).map((key) => [key, textOf(given[key] ?? defaults[key])]));
};

export const emptyForm = (type: BotIntegrationType): IntegrationForm => ({
  type,
  name: '',
  device_ids: [],
  answer_new_conversations: true,
  config: configForm(type, {}),
});

/** An integration as the form edits it; its secrets stay masked as the server showed them. */
export const formOf = (integration: Integration & { type: BotIntegrationType }): IntegrationForm => ({
  type: integration.type,
  name: integration.name,
  device_ids: [...integration.device_ids],
  answer_new_conversations: integration.answer_new_conversations,
  config: configForm(integration.type, integration.config),
});

/**
 * A typed number; a decimal comma is read as a point (the form speaks the person's language). What is not
 * a number goes as NaN, so the domain's rule names the field.
 */
const numberOf = (text: string): number => {
  const normalized = text.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : Number.NaN;
};

const configInput = (form: IntegrationForm): Record<string, string | number> =>
  Object.fromEntries(
    Object.entries(form.config).map(([key, value]) => [key, NUMBER_KEYS.has(key) ? numberOf(value) : value]),
  );

export const inputOf = (form: IntegrationForm): IntegrationCreateInput =>
  ({
    type: form.type,
    name: form.name,
    device_ids: form.device_ids,
    answer_new_conversations: form.answer_new_conversations,
    config: configInput(form),
  }) as IntegrationCreateInput;

/** An edit sends every setting back; a secret left masked keeps the stored one (API.md, Integrations). */
export const updateInputOf = (form: IntegrationForm): IntegrationUpdateInput => {
  const { type: _type, ...input } = inputOf(form);
  return input;
};

/** Where an error shows: a config key, or the first part of the path (`device_ids.0` shows on the devices). */
export const errorKey = (path: readonly PropertyKey[]): string =>
  path[0] === 'config' && path[1] !== undefined ? `config.${String(path[1])}` : String(path[0] ?? '');

/** The limits of a number setting, from the domain's rule, to show beside the field. */
export const rangeOf = (type: BotIntegrationType, key: string): { min: number; max: number } | null => {
  const field = (CONFIG_SCHEMAS[type].shape as Record<string, z.ZodType>)[key];
  const inner = field && 'unwrap' in field ? (field as z.ZodDefault<z.ZodNumber>).unwrap() : field;
  if (!inner || !('minValue' in inner)) return null;
  const { minValue, maxValue } = inner as z.ZodNumber;
  return minValue === null || maxValue === null ? null : { min: minValue, max: maxValue };
};

export type FormError = { key: string; params?: Record<string, number> };

/**
 * The domain's rule over the form. A number out of its limits says the limits (the issue carries them);
 * other messages are the domain's keys, and a library's own text reads as an invalid value, as the server
 * answers it.
 */
export const validate = (form: IntegrationForm): Record<string, FormError> => {
  const result = integrationCreateSchema.safeParse(inputOf(form));
  const errors: Record<string, FormError> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const at = errorKey(issue.path);
    if (errors[at]) continue;
    const range = rangeOf(form.type, String(issue.path[1]));
    if ((issue.code === 'too_big' || issue.code === 'too_small') && issue.path[0] === 'config' && range) {
      errors[at] = { key: 'settings.integrations.range', params: range };
    } else {
      errors[at] = { key: issue.message.startsWith('validation.') ? issue.message : 'validation.invalid' };
    }
  }
  return errors;
};
