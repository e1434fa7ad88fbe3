import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { errorKey, type FormError } from './integration-form';

/** A rule's message key, or the key with the numbers it names (a bot setting's range). */
type RuleError = string | FormError;

/** Whether `field` is `at` or lies inside it (`config.extensions.0.user_id` inside `config.extensions`). */
const isWithin = (field: string, at: string) => field === at || field.startsWith(`${at}.`);

const defaultFieldOf = (path: string) => errorKey(path.split('.'));

type SettingsFormOptions<F> = {
  initial: () => F;
  /** The domain's rule over the form, each error keyed by the field it shows on. */
  validate: (form: F) => Record<string, RuleError>;
  /** Where a server's error path shows; by default as `errorKey` places it. */
  fieldOf?: (path: string) => string;
};

/**
 * The state every integration's dialog keeps the same way: a field's rule error shows once it was changed
 * or the form submitted, a server's refusal shows on the fields it names until they change, and its info
 * above the fields.
 */
export const useSettingsForm = <F>({
  initial,
  validate,
  fieldOf = defaultFieldOf,
}: SettingsFormOptions<F>) => {
  const { t } = useTranslation();
  const [form, setForm] = useState<F>(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const errors = validate(form);
  const errorOf = (at: string): string | undefined => {
    if (serverErrors[at]) return serverErrors[at];
    const error = errors[at];
    if (!error || !(wasSubmitted || [...touched].some((field) => isWithin(at, field)))) return undefined;
    return typeof error === 'string' ? t(error) : t(error.key, error.params);
  };

  /** `patch` may be built from the current form, so two changes in a row both keep. */
  const change = (at: string, patch: Partial<F> | ((current: F) => Partial<F>)) => {
    setForm((current) => ({ ...current, ...(typeof patch === 'function' ? patch(current) : patch) }));
    setTouched((current) => new Set([...current, at]));
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !isWithin(field, at))),
    );
  };

  /** Checks the form, then saves it; a refusal's errors go to their fields. */
  const submit = async (save: () => Promise<void>) => {
    setWasSubmitted(true);
    setFailure(null);
    if (Object.keys(validate(form)).length > 0) return;
    try {
      await save();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const byField: Record<string, string> = {};
      for (const issue of error.errors) byField[fieldOf(issue.path)] ??= issue.message;
      setServerErrors(byField);
      setFailure(error.info || t('errors.generic'));
    }
  };

  return { form, change, errorOf, serverErrors, failure, submit };
};
