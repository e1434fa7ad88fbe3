import { type Lead, leadCreateSchema } from '@conversa/domain';
import { Box, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n';
import {
  CountrySelect,
  DataFormActions,
  DetailDataCard,
  phoneExampleOf,
  type ReadOnlyRow,
} from '../../../shared/records/detail-data';
import { countryName } from '../../../shared/records/use-field-options';
import {
  dataTextField,
  useRecordDataForm,
  useSaveChangedFields,
} from '../../../shared/records/use-record-data-form';
import { useSaveLead } from '../api/leads';

const DATA_KEYS = ['first_name', 'last_name', 'phone', 'email', 'document', 'country', 'source'] as const;
type DataKey = (typeof DATA_KEYS)[number];
type DataForm = Record<DataKey, string>;

const formOf = (lead: Lead): DataForm => ({
  first_name: lead.first_name,
  last_name: lead.last_name,
  phone: lead.phone,
  email: lead.email,
  document: lead.document,
  country: lead.country || 'CL',
  source: lead.source,
});

/**
 * The lead's data, by the new-lead rules (a first name, a phone valid for the country, a valid e-mail
 * when given); only the changed fields are saved. Read-only without lead.edit.
 */
export const LeadDetailData = ({ lead, canEdit }: { lead: Lead; canEdit: boolean }) => {
  const { t, i18n } = useTranslation();
  const save = useSaveLead(lead.id);
  const form = useRecordDataForm(leadCreateSchema, lead, formOf);
  const { isDirty, errors } = form.formState;

  const saveChanged = useSaveChangedFields(form, DATA_KEYS, save.mutateAsync);
  const submit = form.handleSubmit(() => saveChanged(leadCreateSchema.parse(form.getValues()), formOf(lead)));

  const field = dataTextField(form, 'lead');
  const text = (key: Exclude<DataKey, 'country'>, label: string) =>
    field(key, label, key === 'phone' ? ['country'] : undefined);

  const readOnlyRows = (): ReadOnlyRow[] => [
    [t('records.field.fullName'), lead.full_name],
    [t('records.field.phone'), lead.phone ? `+${lead.phone}` : '', true],
    [t('records.field.country'), lead.country ? countryName(lead.country, i18n.language) : ''],
    [t('records.field.email'), lead.email],
    [t('records.field.document'), lead.document],
    [t('records.field.source'), lead.source],
  ];

  return (
    <DetailDataCard title={t('leads.detail.dataTitle')} canEdit={canEdit} readOnlyRows={readOnlyRows}>
      <Box component="form" noValidate onSubmit={submit} data-testid="lead-data-form">
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField {...text('first_name', t('records.field.firstName'))} required />
            <TextField {...text('last_name', t('records.field.lastName'))} />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <CountrySelect
              value={form.watch('country')}
              onChange={(code) => form.setValue('country', code, { shouldValidate: true, shouldDirty: true })}
              sx={{ minWidth: { sm: 200 } }}
            />
            <TextField
              {...text('phone', t('records.field.phone'))}
              required
              type="tel"
              slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel', 'data-testid': 'lead-phone' } }}
              helperText={
                translateMessage(errors.phone?.message) ??
                t('leads.new.phoneHint', { example: phoneExampleOf(form.watch('country')) })
              }
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField {...text('email', t('records.field.email'))} type="email" />
            <TextField {...text('document', t('records.field.document'))} />
          </Stack>
          <TextField {...text('source', t('records.field.source'))} />
          <DataFormActions
            isDirty={isDirty}
            isPending={save.isPending}
            onDiscard={() => form.reset(formOf(lead))}
            saveTestId="lead-data-save"
          />
        </Stack>
      </Box>
    </DetailDataCard>
  );
};
