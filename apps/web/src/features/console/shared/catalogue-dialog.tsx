import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../shared/api-client';
import { notify } from '../../../shared/notify';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { fieldErrorsOf } from '../plans/catalogue-form';

type Save<Input> = UseMutationResult<unknown, Error, { id?: string; values: Input }>;

/**
 * A catalogue record's form (a plan, a feature): the schema checks it before it is sent, and once a submit
 * was tried the rules follow every keystroke; the server's refusals show under the fields they name until
 * the form changes. `savedText` is the notice's key on success, after which the dialog closes.
 */
export const useCatalogueForm = <Form, Input>({
  initial,
  inputOf,
  schema,
  save,
  id,
  savedText,
  onClose,
}: {
  initial: () => Form;
  inputOf: (form: Form) => Input;
  schema: z.ZodType;
  save: Save<Input>;
  id: string | undefined;
  savedText: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>(initial);
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const errors: Record<string, string> = {
    ...serverErrors,
    ...(wasSubmitted ? fieldErrorsOf(schema, inputOf(form)) : {}),
  };

  const change = (next: Form) => {
    setForm(next);
    setServerErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setWasSubmitted(true);
    setFailure(null);
    const input = inputOf(form);
    if (Object.keys(fieldErrorsOf(schema, input)).length > 0) return;
    save.mutate(
      { id, values: input },
      {
        onSuccess: () => {
          notify(t(savedText), 'success');
          onClose();
        },
        onError: (error) => {
          const apiError = error instanceof ApiError ? error : null;
          setFailure(apiError?.info ?? t('errors.generic'));
          setServerErrors(
            Object.fromEntries((apiError?.errors ?? []).map((issue) => [issue.path, issue.message])),
          );
        },
      },
    );
  };

  return { form, errors, failure, change, submit };
};

/**
 * The frame of a catalogue record's dialog: the refusal above the fields, Cancel and the submit, nothing
 * closable while it saves. A wide one (a plan's many fields) takes the whole screen on a phone.
 */
export const CatalogueDialog = ({
  title,
  testId,
  failure,
  isPending,
  isWide = false,
  submitLabel,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  /** Prefix of the test ids: `{testId}-form-error` and `{testId}-submit`. */
  testId: string;
  failure: string | null;
  isPending: boolean;
  isWide?: boolean;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={isWide ? 'md' : 'sm'}
      fullScreen={isWide && isPhone}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent
          dividers={isWide}
          sx={{ display: 'grid', gap: 2, ...(isWide ? {} : { pt: '8px !important' }) }}
        >
          {failure && (
            <Alert severity="error" data-testid={`${testId}-form-error`}>
              {failure}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isPending}>
            {t('common.cancel')}
          </Button>
          <SubmitButton isPending={isPending} data-testid={`${testId}-submit`}>
            {submitLabel}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
};
