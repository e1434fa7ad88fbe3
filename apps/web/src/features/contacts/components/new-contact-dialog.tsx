import { COUNTRIES, type ContactCreateInput, contactCreateSchema, DEFAULTS } from '@conversa/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { MenuItem, TextField } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
import { phoneExampleOf } from '../../../shared/records/detail-data';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { useCreateContact } from '../api/create-contact';

type NewContactForm = ContactCreateInput;
const EMPTY: NewContactForm = { name: '', phone: '', email: '', document: '', country: DEFAULTS.country };

type NewContactDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  /** Fields to start from (a contact card shared in a chat); each opening starts from them again. */
  initialValues?: Partial<NewContactForm>;
};

/**
 * The new-contact form (spec sections 3 and 5): name (min 3; the first word is the first name, the
 * second the last name), phone with its country code (plus signs dropped), e-mail when given, document,
 * country (CL by default). Create stays disabled until the form is valid.
 */
export const NewContactDialog = ({ isOpen, onClose, initialValues }: NewContactDialogProps) => {
  const { t, i18n } = useTranslation();
  const createContact = useCreateContact();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<NewContactForm>({
    resolver: zodResolver(contactCreateSchema) as unknown as Resolver<NewContactForm>,
    mode: 'onChange',
    defaultValues: { ...EMPTY, ...initialValues },
  });
  // A prefilled form is checked at once, so it can be created without touching a field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an opening resets the form
  useEffect(() => {
    if (!isOpen || !initialValues) return;
    form.reset({ ...EMPTY, ...initialValues });
    void form.trigger();
  }, [isOpen]);
  const countryNames = useMemo(
    () => new Intl.DisplayNames([i18n.language], { type: 'region' }),
    [i18n.language],
  );
  const fieldError = (field: keyof NewContactForm) => translateMessage(form.formState.errors[field]?.message);

  const close = () => {
    form.reset(EMPTY);
    setFailure(null);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await createContact.mutateAsync(contactCreateSchema.parse(values));
      notify(t('contacts.created'), 'success');
      close();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      for (const issue of error.errors) {
        form.setError(issue.path.replace(/^info\./, '') as keyof NewContactForm, { message: issue.message });
      }
      setFailure(error.errors.length > 0 ? null : error.info);
    }
  });

  return (
    <FormDialog
      isOpen={isOpen}
      title={t('contacts.new.title')}
      text={t('contacts.new.text')}
      failure={failure}
      isPending={createContact.isPending}
      canSubmit={form.formState.isValid}
      submitLabel={t('contacts.new.submit')}
      testId="new-contact"
      onClose={close}
      onSubmit={submit}
    >
      <TextField
        {...form.register('name')}
        label={t('contacts.new.name')}
        required
        autoFocus
        error={Boolean(form.formState.errors.name)}
        helperText={fieldError('name')}
      />
      <TextField
        select
        label={t('records.field.country')}
        value={form.watch('country') ?? DEFAULTS.country}
        onChange={(event) => form.setValue('country', event.target.value, { shouldValidate: true })}
      >
        {COUNTRIES.map((item) => (
          <MenuItem key={item.code} value={item.code}>
            {countryNames.of(item.code)} (+{item.dial})
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...form.register('phone', { onChange: () => void form.trigger('phone') })}
        label={t('records.field.phone')}
        required
        type="tel"
        error={Boolean(form.formState.errors.phone)}
        helperText={
          fieldError('phone') ??
          t('contacts.new.phoneHint', { example: phoneExampleOf(form.watch('country')) })
        }
        slotProps={{ htmlInput: { dir: 'ltr' } }}
      />
      <TextField
        {...form.register('email')}
        label={t('records.field.email')}
        type="email"
        error={Boolean(form.formState.errors.email)}
        helperText={fieldError('email')}
      />
      <TextField {...form.register('document')} label={t('records.field.document')} />
    </FormDialog>
  );
};
