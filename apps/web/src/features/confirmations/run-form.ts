import { type ConfirmationCreateInput, confirmationCreateSchema } from '@conversa/domain';

/** What a confirmation text may name, filled per appointment (API.md part 3 §3.1). */
export const RUN_PLACEHOLDERS = [
  '$patient',
  '$date',
  '$time',
  '$professional',
  '$branch',
  '$firstname',
  '$fullname',
] as const;

/** What the new run's form holds; the moments as datetime-local values, in the person's own clock. */
export type RunForm = {
  integration_id: string;
  device_id: string;
  date: string;
  messageType: 'text' | 'template';
  message: string;
  template_id: string;
  parameters: string[];
  send_at: string;
  reply_deadline: string;
};

export const emptyRunForm = (
  defaults: Pick<RunForm, 'integration_id' | 'device_id' | 'date' | 'message'>,
): RunForm => ({
  ...defaults,
  messageType: 'text',
  template_id: '',
  parameters: [],
  send_at: '',
  reply_deadline: '',
});

/** A datetime-local value as an instant; what is not one goes as typed, so the rule names the field. */
const momentOf = (local: string): string => {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
};

export const runInputOf = (form: RunForm): ConfirmationCreateInput => ({
  integration_id: form.integration_id,
  device_id: form.device_id,
  date: form.date,
  ...(form.messageType === 'text'
    ? { message: form.message }
    : { template_id: form.template_id, parameters: form.parameters }),
  send_at: form.send_at ? momentOf(form.send_at) : null,
  ...(form.reply_deadline ? { reply_deadline: momentOf(form.reply_deadline) } : {}),
});

/** Where an error shows: the field, or a template's parameter (`parameters.1`). */
export const errorKey = (path: readonly PropertyKey[]): string => path.slice(0, 2).map(String).join('.');

/**
 * The domain's rule over the form, each field's first message key; plus what the rule leaves to the
 * server: a text or a template, each parameter given, and a deadline after the start.
 */
export const validateRun = (form: RunForm): Record<string, string> => {
  const errors: Record<string, string> = {};
  if (form.messageType === 'text' && form.message.trim() === '') errors.message = 'validation.required';
  if (form.messageType === 'template') {
    if (!form.template_id) errors.template_id = 'validation.required';
    form.parameters.forEach((parameter, index) => {
      if (parameter.trim() === '') errors[`parameters.${index}`] = 'validation.required';
    });
  }
  if (form.send_at && form.reply_deadline && form.reply_deadline <= form.send_at) {
    errors.reply_deadline = 'validation.range';
  }
  const result = confirmationCreateSchema.safeParse(runInputOf(form));
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    errors[errorKey(issue.path)] ??= issue.message.startsWith('validation.')
      ? issue.message
      : 'validation.invalid';
  }
  return errors;
};
