import { LOCALES, type User, type UserCreateInput, userCreateSchema } from '@conversa/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormControlLabel, Switch, TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../shared/api-client';
import { currentLocale, translateMessage } from '../../../shared/i18n';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { useCreateUser } from '../api/users';

type NewUserForm = z.input<typeof userCreateSchema>;
type FieldName = keyof NewUserForm;

const FIELDS: readonly FieldName[] = ['name', 'email', 'phone', 'password', 'language', 'answer', 'access'];
const isFieldName = (path: string): path is FieldName => (FIELDS as readonly string[]).includes(path);

const emptyForm = (): NewUserForm => ({
  name: '',
  email: '',
  phone: '',
  password: '',
  language: currentLocale(),
  answer: true,
  access: [],
});

/**
 * A new staff user within the plan's quota. A refusal (the quota is used up, the e-mail taken) is shown in
 * the dialog in the server's words; on success the caller goes on to the new user's access.
 */
export const NewUserDialog = ({
  isOpen,
  onClose,
  onCreated,
}: {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (user: User) => void;
}) => {
  const { t } = useTranslation();
  const create = useCreateUser();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, setError, formState } = useForm<
    NewUserForm,
    unknown,
    z.output<typeof userCreateSchema>
  >({ resolver: zodResolver(userCreateSchema), mode: 'onChange', defaultValues: emptyForm() });
  const { errors } = formState;

  const close = () => {
    reset(emptyForm());
    setFailure(null);
    create.reset();
    onClose();
  };

  const submit = handleSubmit((input: UserCreateInput) => {
    setFailure(null);
    create.mutate(input, {
      onSuccess: (user) => {
        close();
        onCreated(user);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return setFailure(t('errors.generic'));
        const placed = error.errors.filter((issue) => isFieldName(issue.path));
        for (const issue of placed) setError(issue.path as FieldName, { message: issue.message });
        if (placed.length === 0) setFailure(error.info || t('errors.generic'));
      },
    });
  });

  const fieldProps = (name: Exclude<FieldName, 'answer' | 'access'>) => ({
    ...register(name),
    id: `new-user-${name}`,
    label: t(`users.field.${name}`),
    error: Boolean(errors[name]),
    helperText: translateMessage(errors[name]?.message),
    slotProps: { htmlInput: { 'data-testid': `new-user-${name}` } },
    fullWidth: true,
  });

  return (
    <FormDialog
      isOpen={isOpen}
      title={t('users.newTitle')}
      text={t('users.newText')}
      failure={failure}
      isPending={create.isPending}
      canSubmit={formState.isValid}
      submitLabel={t('users.create')}
      testId="new-user"
      onClose={close}
      onSubmit={submit}
    >
      <TextField {...fieldProps('name')} autoComplete="off" required />
      <TextField {...fieldProps('email')} type="email" autoComplete="off" required />
      <TextField {...fieldProps('phone')} type="tel" autoComplete="off" />
      <TextField
        {...fieldProps('password')}
        type="password"
        autoComplete="new-password"
        required
        helperText={translateMessage(errors.password?.message) ?? t('users.passwordHint')}
      />
      <TextField
        {...fieldProps('language')}
        select
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {t(`language.names.${locale}`)}
          </option>
        ))}
      </TextField>
      <Controller
        control={control}
        name="answer"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                checked={field.value ?? true}
                onChange={(_event, checked) => field.onChange(checked)}
                slotProps={{ input: { name: 'answer' } }}
              />
            }
            label={t('users.answer')}
          />
        )}
      />
    </FormDialog>
  );
};
