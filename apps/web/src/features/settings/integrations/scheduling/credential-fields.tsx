import type { SchedulingCatalog } from '@conversa/domain';
import { Box, MenuItem, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SecretField } from '../secret-field';
import type { SchedulingForm } from './scheduling-form';

type FieldsProps = {
  form: SchedulingForm;
  errorOf: (at: string) => string | undefined;
  onChange: (at: string, patch: Partial<SchedulingForm>) => void;
  isEdit: boolean;
  /** The provider's states, once read, to choose the confirmed and cancelled ones by name. */
  catalog?: SchedulingCatalog;
  /** The button that reads them (an edit of Dentalink or Medilink). */
  catalogAction?: ReactNode;
};

const TWO_COLUMNS = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

type TextKey = 'confirmed_state_id' | 'cancelled_state_id' | 'branch_ids' | 'client_id' | 'clinic_id';

/**
 * The connection of an outside scheduling system (API.md part 3 §1.1): Dentalink's and Medilink's token
 * and the account's own ids of a confirmed and a cancelled appointment, Dentalsoft's client and clinic,
 * Calendly's personal access token. Secrets come masked and, left as they are, keep the stored ones.
 */
export const CredentialFields = ({
  form,
  errorOf,
  onChange,
  isEdit,
  catalog,
  catalogAction,
}: FieldsProps) => {
  const { t } = useTranslation();
  const text = (key: TextKey, extra: { required?: boolean; hint?: string; numeric?: boolean } = {}) => (
    <TextField
      required={extra.required ?? true}
      label={t(`settings.scheduling.config.${key}`)}
      value={form[key]}
      error={Boolean(errorOf(`config.${key}`))}
      helperText={errorOf(`config.${key}`) ?? extra.hint}
      onChange={(event) => onChange(`config.${key}`, { [key]: event.target.value })}
      slotProps={{
        htmlInput: {
          'data-testid': `scheduling-${key}`,
          dir: 'ltr',
          ...(extra.numeric ? { inputMode: 'numeric' } : {}),
        },
      }}
    />
  );
  const stateField = (key: 'confirmed_state_id' | 'cancelled_state_id', isCancellation: boolean) => {
    const states = catalog?.states.filter((state) => state.cancellation === isCancellation);
    if (!states || states.length === 0)
      return text(key, { numeric: true, hint: t('settings.scheduling.stateHint') });
    return (
      <TextField
        select
        required
        label={t(`settings.scheduling.config.${key}`)}
        value={form[key]}
        error={Boolean(errorOf(`config.${key}`))}
        helperText={errorOf(`config.${key}`)}
        onChange={(event) => onChange(`config.${key}`, { [key]: event.target.value })}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': `scheduling-${key}` } as object } }}
      >
        {states.map((state) => (
          <MenuItem key={state.id} value={state.id}>
            {state.name} ({state.id})
          </MenuItem>
        ))}
      </TextField>
    );
  };
  const secret = (key: 'api_token' | 'client_secret', hint?: string) => (
    <SecretField
      required
      label={t(`settings.scheduling.config.${key}`)}
      value={form[key]}
      error={Boolean(errorOf(`config.${key}`))}
      helperText={errorOf(`config.${key}`) ?? (isEdit ? t('settings.integrations.keepSecret') : hint)}
      onChange={(event) => onChange(`config.${key}`, { [key]: event.target.value })}
      showLabel={t('settings.integrations.showKey')}
      hideLabel={t('settings.integrations.hideKey')}
      slotProps={{ htmlInput: { 'data-testid': `scheduling-${key}`, dir: 'ltr' } }}
    />
  );

  if (form.type === 'calendly') return secret('api_token', t('settings.scheduling.calendlyTokenHint'));
  if (form.type === 'dentalsoft') {
    return (
      <>
        <Box sx={TWO_COLUMNS}>
          {text('client_id')}
          {secret('client_secret')}
        </Box>
        <Box sx={TWO_COLUMNS}>
          {text('clinic_id', { numeric: true })}
          {text('branch_ids', { hint: t('settings.scheduling.branchIdsRequiredHint') })}
        </Box>
      </>
    );
  }
  return (
    <>
      {secret('api_token', t('settings.scheduling.tokenHint'))}
      {form.type === 'medilink' && (
        <TextField
          select
          label={t('settings.scheduling.config.api_version')}
          value={form.api_version}
          onChange={(event) =>
            onChange('config.api_version', { api_version: event.target.value as 'v1' | 'v5' })
          }
          slotProps={{
            select: { SelectDisplayProps: { 'data-testid': 'scheduling-api_version' } as object },
          }}
        >
          <MenuItem value="v1">v1</MenuItem>
          <MenuItem value="v5">v5</MenuItem>
        </TextField>
      )}
      <Box sx={TWO_COLUMNS}>
        {stateField('confirmed_state_id', false)}
        {stateField('cancelled_state_id', true)}
      </Box>
      {catalogAction}
      {text('branch_ids', { required: false, hint: t('settings.scheduling.branchIdsHint') })}
    </>
  );
};
