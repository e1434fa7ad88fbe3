import { COUNTRIES, type Lead, type LeadUpdateInput, leadCreateSchema } from '@conversa/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useMemo } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
import { countryName } from '../../../shared/records/use-field-options';
import { SubmitButton } from '../../../shared/ui/submit-button';
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
const isDataKey = (path: string): path is DataKey => (DATA_KEYS as readonly string[]).includes(path);

/** The read-only view of the data, for a person without lead.edit. */
const DataReadOnly = ({ lead }: { lead: Lead }) => {
  const { t, i18n } = useTranslation();
  const rows: [string, string, boolean?][] = [
    [t('records.field.fullName'), lead.full_name],
    [t('records.field.phone'), lead.phone ? `+${lead.phone}` : '', true],
    [t('records.field.country'), lead.country ? countryName(lead.country, i18n.language) : ''],
    [t('records.field.email'), lead.email],
    [t('records.field.document'), lead.document],
    [t('records.field.source'), lead.source],
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
        rowGap: 1.5,
        columnGap: 2,
      }}
    >
      {rows.map(([label, value, isLtr]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} dir={isLtr ? 'ltr' : undefined}>
            {value || '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};

/**
 * The lead's data, by the new-lead rules (a first name, a phone valid for the country, a valid e-mail
 * when given); only the changed fields are saved. Read-only without lead.edit.
 */
export const LeadDetailData = ({ lead, canEdit }: { lead: Lead; canEdit: boolean }) => {
  const { t, i18n } = useTranslation();
  const save = useSaveLead(lead.id);
  const form = useForm<DataForm>({
    resolver: zodResolver(leadCreateSchema) as unknown as Resolver<DataForm>,
    mode: 'onChange',
    defaultValues: formOf(lead),
  });
  const { isDirty, errors } = form.formState;
  // A colleague's change shows here unless the person is typing over it.
  useEffect(() => {
    if (!isDirty) form.reset(formOf(lead));
  }, [lead, isDirty, form]);
  const countries = useMemo(
    () =>
      COUNTRIES.map((item) => ({ ...item, name: countryName(item.code, i18n.language) })).sort((a, b) =>
        a.name.localeCompare(b.name, i18n.language),
      ),
    [i18n.language],
  );
  const country = COUNTRIES.find((item) => item.code === form.watch('country'));

  const submit = form.handleSubmit(async () => {
    const values = leadCreateSchema.parse(form.getValues());
    const before = formOf(lead);
    const changes: LeadUpdateInput = Object.fromEntries(
      DATA_KEYS.filter((key) => values[key] !== before[key]).map((key) => [key, values[key]]),
    );
    try {
      await save.mutateAsync(changes);
      form.reset(form.getValues());
      notify(t('recordDetail.saved'), 'success');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const placed = error.errors.filter((issue) => isDataKey(issue.path));
      for (const issue of placed) form.setError(issue.path as DataKey, { message: issue.message });
      notify(error.info || t('recordDetail.saveFailed'), 'error');
    }
  });

  const text = (key: Exclude<DataKey, 'country'>, label: string) => ({
    ...form.register(key, key === 'phone' ? { deps: ['country'] } : undefined),
    label,
    fullWidth: true,
    error: Boolean(errors[key]),
    helperText: translateMessage(errors[key]?.message),
    slotProps: { htmlInput: { 'data-testid': `lead-${key}` } },
  });

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('leads.detail.dataTitle')}
        </Typography>
        {!canEdit ? (
          <Stack spacing={2}>
            <Alert severity="info">{t('recordDetail.readOnly')}</Alert>
            <DataReadOnly lead={lead} />
          </Stack>
        ) : (
          <Box component="form" noValidate onSubmit={submit} data-testid="lead-data-form">
            <Stack spacing={2}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField {...text('first_name', t('records.field.firstName'))} required />
                <TextField {...text('last_name', t('records.field.lastName'))} />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  select
                  label={t('records.field.country')}
                  value={form.watch('country')}
                  onChange={(event) =>
                    form.setValue('country', event.target.value, { shouldValidate: true, shouldDirty: true })
                  }
                  sx={{ minWidth: { sm: 200 } }}
                >
                  {countries.map((item) => (
                    <MenuItem key={item.code} value={item.code}>
                      {item.name} (+{item.dial})
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  {...text('phone', t('records.field.phone'))}
                  required
                  type="tel"
                  slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel', 'data-testid': 'lead-phone' } }}
                  helperText={
                    translateMessage(errors.phone?.message) ??
                    t('leads.new.phoneHint', {
                      example: country?.code === 'CL' ? '56912345678' : `${country?.dial ?? ''}…`,
                    })
                  }
                />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField {...text('email', t('records.field.email'))} type="email" />
                <TextField {...text('document', t('records.field.document'))} />
              </Stack>
              <TextField {...text('source', t('records.field.source'))} />
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button disabled={!isDirty || save.isPending} onClick={() => form.reset(formOf(lead))}>
                  {t('recordDetail.discard')}
                </Button>
                <SubmitButton isPending={save.isPending} disabled={!isDirty} data-testid="lead-data-save">
                  {t('recordDetail.save')}
                </SubmitButton>
              </Stack>
            </Stack>
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
