import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api-client';
import { translateMessage } from '../i18n';
import { notify } from '../notify';

/**
 * The form of a record's data tab, checked by the module's create rules as the person types. A
 * colleague's change to the record shows in it unless the person is typing over it.
 */
export const useRecordDataForm = <Form extends FieldValues, Row>(
  schema: Parameters<typeof zodResolver>[0],
  record: Row,
  formOf: (record: Row) => Form,
) => {
  const form = useForm<Form>({
    resolver: zodResolver(schema) as unknown as Resolver<Form>,
    mode: 'onChange',
    defaultValues: formOf(record) as DefaultValues<Form>,
  });
  const { isDirty } = form.formState;
  useEffect(() => {
    if (!isDirty) form.reset(formOf(record));
  }, [record, isDirty, form, formOf]);
  return form;
};

/** A data form's fields are all typed text. */
type DataForm<Key extends string> = Record<Key, string>;

/** The form by plain field names: react-hook-form cannot tell that a generic key is a field's path. */
const byName = <Key extends string>(form: UseFormReturn<DataForm<Key>>) =>
  form as unknown as UseFormReturn<Record<string, string>>;

/**
 * Saves the fields the person changed (compared as the rules read them, so `1.0` and `1` are the same
 * amount); a field the server refuses shows its reason under it.
 */
export const useSaveChangedFields = <Key extends string, Patch>(
  form: UseFormReturn<DataForm<Key>>,
  keys: readonly Key[],
  save: (patch: Patch) => Promise<unknown>,
) => {
  const { t } = useTranslation();
  const isKey = (path: string): path is Key => (keys as readonly string[]).includes(path);
  return async (values: Partial<Record<Key, unknown>>, before: Partial<Record<Key, unknown>>) => {
    const changes = Object.fromEntries(
      keys.filter((key) => values[key] !== before[key]).map((key) => [key, values[key]]),
    ) as Patch;
    try {
      await save(changes);
      form.reset(form.getValues());
      notify(t('recordDetail.saved'), 'success');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      for (const issue of error.errors) {
        if (isKey(issue.path)) byName(form).setError(issue.path, { message: issue.message });
      }
      notify(error.info || t('recordDetail.saveFailed'), 'error');
    }
  };
};

/**
 * The props of a data form's text field: registered (`deps`, the fields checked again as it changes),
 * labelled, its error under it, its test id by key.
 */
export const dataTextField =
  <Key extends string>(form: UseFormReturn<DataForm<Key>>, testIdPrefix: string) =>
  (key: Key, label: string, deps?: Key[]) => {
    const error = form.formState.errors[key];
    return {
      ...byName(form).register(key, deps ? { deps } : undefined),
      label,
      fullWidth: true,
      error: Boolean(error),
      helperText: translateMessage(typeof error?.message === 'string' ? error.message : undefined),
      slotProps: { htmlInput: { 'data-testid': `${testIdPrefix}-${key}` } },
    };
  };
