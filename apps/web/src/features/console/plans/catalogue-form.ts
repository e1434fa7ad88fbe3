import type { z } from 'zod';
import { translateMessage } from '../../../shared/i18n';

/** What a number input holds as a number: a blank input is no number at all (never a silent 0). */
export const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** A number as its input shows it. */
export const textOf = (value: number | undefined): string => (value === undefined ? '' : String(value));

/**
 * The domain schema's verdict on a form's input, as the field paths the server would name
 * (`quantities.user`), each with its translated message; empty when the input passes.
 */
export const fieldErrorsOf = (schema: z.ZodType, input: unknown): Record<string, string> => {
  const checked = schema.safeParse(input);
  if (checked.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of checked.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= translateMessage(issue.message) ?? issue.message;
  }
  return errors;
};
