import { type Contact, type ContactCreateInput, contactCreateSchema } from '@conversa/domain';
import { Box, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
import {
  CountrySelect,
  DataFormActions,
  DetailDataCard,
  phoneExampleOf,
  type ReadOnlyRow,
} from '../../../shared/records/detail-data';
import { countryName } from '../../../shared/records/use-field-options';
import { useRecordDataForm } from '../../../shared/records/use-record-data-form';
import { useSaveContact } from './contact-detail-query';

type DataForm = Pick<ContactCreateInput, 'name' | 'phone' | 'email' | 'document' | 'country'>;

const formOf = (contact: Contact): DataForm => ({
  name: contact.info.full_name,
  phone: contact.info.phone,
  email: contact.info.email,
  document: contact.info.document,
  country: contact.info.country || 'CL',
});

/** The server names `info.first_name`, `info.phone`…; the form has one name field. */
const formFieldOf = (path: string): keyof DataForm | undefined => {
  const field = path.replace(/^info\./, '');
  if (field === 'first_name' || field === 'last_name' || field === 'full_name') return 'name';
  return (['phone', 'email', 'document', 'country'] as const).find((key) => key === field);
};

/**
 * The contact's data: the same fields and rules as the new-contact form (name of at least 3 letters, a
 * phone valid for the country, a valid e-mail when given); read-only without contact.edit.
 */
export const ContactDetailData = ({ contact, canEdit }: { contact: Contact; canEdit: boolean }) => {
  const { t, i18n } = useTranslation();
  const save = useSaveContact(contact.id);
  const form = useRecordDataForm(contactCreateSchema, contact, formOf);
  const { isDirty, isValid } = form.formState;

  const submit = form.handleSubmit(async () => {
    const values = contactCreateSchema.parse(form.getValues());
    // The first word is the first name (the new-contact rule); every later word stays in the last name,
    // so a name of three words is not cut.
    const [first_name = '', ...rest] = values.name.trim().split(/\s+/);
    try {
      await save.mutateAsync({
        info: {
          first_name,
          last_name: rest.join(' '),
          phone: values.phone,
          email: values.email,
          document: values.document,
          country: values.country,
        },
      });
      form.reset(form.getValues());
      notify(t('recordDetail.saved'), 'success');
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      for (const fieldError of error.errors) {
        const field = formFieldOf(fieldError.path);
        if (field) form.setError(field, { message: fieldError.message });
      }
      if (error.errors.length > 0) notify(error.info, 'error');
    }
  });

  const fieldError = (field: keyof DataForm) => translateMessage(form.formState.errors[field]?.message);
  const readOnlyRows = (): ReadOnlyRow[] => [
    [t('records.field.fullName'), contact.info.full_name],
    [t('records.field.phone'), contact.info.phone ? `+${contact.info.phone}` : '', true],
    [
      t('records.field.country'),
      contact.info.country ? countryName(contact.info.country, i18n.language) : '',
    ],
    [t('records.field.email'), contact.info.email],
    [t('records.field.document'), contact.info.document],
  ];

  return (
    <DetailDataCard title={t('recordDetail.contact.dataTitle')} canEdit={canEdit} readOnlyRows={readOnlyRows}>
      <Box component="form" noValidate onSubmit={submit} data-testid="contact-data-form">
        <Stack spacing={2}>
          <TextField
            {...form.register('name')}
            label={t('records.field.fullName')}
            required
            error={Boolean(form.formState.errors.name)}
            helperText={fieldError('name')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <CountrySelect
              value={form.watch('country') ?? 'CL'}
              onChange={(code) => form.setValue('country', code, { shouldValidate: true, shouldDirty: true })}
              sx={{ minWidth: { sm: 200 } }}
            />
            <TextField
              {...form.register('phone', { deps: ['country'] })}
              label={t('records.field.phone')}
              required
              fullWidth
              slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }}
              error={Boolean(form.formState.errors.phone)}
              helperText={
                fieldError('phone') ??
                t('signup.phoneHint', { example: phoneExampleOf(form.watch('country')) })
              }
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...form.register('email')}
              label={t('records.field.email')}
              type="email"
              fullWidth
              error={Boolean(form.formState.errors.email)}
              helperText={fieldError('email')}
            />
            <TextField
              {...form.register('document')}
              label={t('records.field.document')}
              fullWidth
              error={Boolean(form.formState.errors.document)}
              helperText={fieldError('document')}
            />
          </Stack>
          <DataFormActions
            isDirty={isDirty}
            isPending={save.isPending}
            canSave={isValid}
            onDiscard={() => form.reset(formOf(contact))}
            saveTestId="contact-data-save"
          />
        </Stack>
      </Box>
    </DetailDataCard>
  );
};
