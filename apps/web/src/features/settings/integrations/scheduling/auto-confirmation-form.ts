import { type AutoConfirmation, autoConfirmationSchema } from '@conversa/domain';

/** The daily run as the dialog holds it (API.md part 3 §3.2.9): numbers as typed, a text or a template. */
export type AutoForm = {
  enabled: boolean;
  time: string;
  days_before: string;
  device_id: string;
  messageType: 'text' | 'template';
  message: string;
  template_id: string;
  parameters: string[];
  reply_until: string;
};

const DEFAULTS = autoConfirmationSchema.parse({});

export const emptyAutoForm = (defaultMessage: string): AutoForm => ({
  enabled: false,
  time: DEFAULTS.time,
  days_before: String(DEFAULTS.days_before),
  device_id: '',
  messageType: 'text',
  message: defaultMessage,
  template_id: '',
  parameters: [],
  reply_until: DEFAULTS.reply_until,
});

export const autoFormOf = (value: unknown, defaultMessage: string): AutoForm => {
  const parsed = autoConfirmationSchema.safeParse(value ?? {});
  if (!parsed.success) return emptyAutoForm(defaultMessage);
  const auto = parsed.data;
  return {
    enabled: auto.enabled,
    time: auto.time,
    days_before: String(auto.days_before),
    device_id: auto.device_id,
    messageType: auto.template_id ? 'template' : 'text',
    message: auto.message || defaultMessage,
    template_id: auto.template_id,
    parameters: auto.parameters,
    reply_until: auto.reply_until,
  };
};

const wholeOf = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

const fullOf = (auto: AutoForm): AutoConfirmation => ({
  enabled: auto.enabled,
  time: auto.time,
  days_before: wholeOf(auto.days_before),
  device_id: auto.device_id,
  message: auto.messageType === 'text' ? auto.message : '',
  template_id: auto.messageType === 'template' ? auto.template_id : '',
  parameters: auto.messageType === 'template' ? auto.parameters : [],
  reply_until: auto.reply_until,
});

/**
 * The daily run to save: whole while it is on; switched off, its values are kept when they are whole (so
 * turning it on again finds them), else only the switch is sent.
 */
export const autoConfigOf = (auto: AutoForm): Partial<AutoConfirmation> => {
  const full = fullOf(auto);
  return auto.enabled || autoConfirmationSchema.safeParse(full).success ? full : { enabled: false };
};

const AT = 'config.auto_confirmation';

/** What a daily run that is on needs besides the domain's rule: its device, and a text or a template. */
export const validateAuto = (auto: AutoForm): Record<string, string> => {
  if (!auto.enabled) return {};
  const errors: Record<string, string> = {};
  if (!auto.device_id) errors[`${AT}.device_id`] = 'validation.required';
  if (auto.messageType === 'text' && !auto.message.trim()) errors[`${AT}.message`] = 'validation.required';
  if (auto.messageType === 'template' && !auto.template_id)
    errors[`${AT}.template_id`] = 'validation.required';
  if (auto.messageType === 'template' && auto.parameters.some((parameter) => !parameter.trim())) {
    errors[`${AT}.parameters`] = 'validation.required';
  }
  return errors;
};
