import { type CompanyProfileInput, companyProfileSchema, NUMBER_FORMATS } from '@conversa/domain';
import { Alert, Box, Card, CardContent, Divider, Grid, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAccount, useCan } from '../../../shared/account/use-account';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useUpdateCompany } from '../api/company';
import { CompanyLogo } from './company-logo';
import { type NumberFormatCode, numberFormatCodeOf } from './number-format';
import { NumberFormatChoice } from './number-format-choice';

type CompanyForm = { name: string; phone: string; timezone: string; format: NumberFormatCode | '' };
type TextFieldName = 'name' | 'phone' | 'timezone';

const timeZones = (selected: string): string[] => {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(selected) ? zones : [selected, ...zones];
};

/** The fields of the form that differ from the company as stored: only those are sent. */
const changesOf = (form: CompanyForm, saved: CompanyForm): CompanyProfileInput => {
  const changes: CompanyProfileInput = {};
  if (form.name !== saved.name) changes.name = form.name;
  if (form.phone !== saved.phone) changes.phone = form.phone;
  if (form.timezone !== saved.timezone) changes.timezone = form.timezone;
  if (form.format && form.format !== saved.format) changes.number_format = { ...NUMBER_FORMATS[form.format] };
  return changes;
};

/** The company's profile: name, logo, phone, time zone and how it writes amounts (setting.edit to change). */
export const CompanyTab = () => {
  const { t } = useTranslation();
  const { client } = useAccount();
  const can = useCan();
  const canEdit = can('setting.edit');
  const update = useUpdateCompany();
  const [failure, setFailure] = useState<string | null>(null);
  const saved: CompanyForm = {
    name: client.name,
    phone: client.phone,
    timezone: client.timezone,
    format: numberFormatCodeOf(client.number_format) ?? '',
  };
  const { register, control, handleSubmit, reset, setError, formState } = useForm<CompanyForm>({
    defaultValues: saved,
    values: saved,
  });
  const format = useWatch({ control, name: 'format' });
  const zones = useMemo(() => timeZones(client.timezone), [client.timezone]);

  const submit = handleSubmit((form) => {
    setFailure(null);
    const parsed = companyProfileSchema.safeParse(changesOf(form, saved));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = String(issue.path[0] ?? '');
        if (path === 'name' || path === 'phone' || path === 'timezone')
          setError(path, { message: issue.message });
      }
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: () => {
        reset(form);
        notify(t('settings.company.saved'), 'success');
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return setFailure(t('errors.generic'));
        const placed = error.errors.filter((issue) => ['name', 'phone', 'timezone'].includes(issue.path));
        for (const issue of placed) setError(issue.path as TextFieldName, { message: issue.message });
        if (placed.length === 0) setFailure(error.info || t('errors.generic'));
      },
    });
  });

  const fieldProps = (name: TextFieldName) => ({
    ...register(name),
    id: `company-${name}`,
    label: t(`settings.company.${name}`),
    error: Boolean(formState.errors[name]),
    helperText: translateMessage(formState.errors[name]?.message),
    disabled: !canEdit,
    slotProps: { htmlInput: { 'data-testid': `company-${name}` } },
    fullWidth: true,
  });

  return (
    <Card variant="outlined" component="form" noValidate onSubmit={submit} data-testid="company-form">
      <CardContent sx={{ display: 'grid', gap: 3 }}>
        {!canEdit && <Alert severity="info">{t('settings.readOnly')}</Alert>}
        {failure && (
          <Alert severity="error" data-testid="company-error">
            {failure}
          </Alert>
        )}
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }} sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('settings.company.identity')}
            </Typography>
            <CompanyLogo canEdit={canEdit} />
            <TextField {...fieldProps('name')} required autoComplete="organization" />
            <TextField {...fieldProps('phone')} type="tel" autoComplete="tel" />
          </Grid>
          <Grid size={{ xs: 12, md: 7 }} sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('settings.company.regional')}
            </Typography>
            <TextField
              {...fieldProps('timezone')}
              select
              slotProps={{
                select: { native: true },
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'company-timezone' },
              }}
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </TextField>
            <NumberFormatChoice control={control} current={format} isDisabled={!canEdit} />
          </Grid>
        </Grid>
        {canEdit && (
          <>
            <Divider />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <SubmitButton
                isPending={update.isPending}
                disabled={!formState.isDirty}
                data-testid="company-save"
              >
                {t('settings.company.save')}
              </SubmitButton>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
};
