import { ZOHO_DATA_CENTRES, type ZohoDataCentre } from '@conversa/domain';
import { Box, FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { dataCentreKey, type ZohoForm } from './zoho-form';

type FieldsProps = {
  form: ZohoForm;
  errorOf: (at: string) => string | undefined;
  onChange: (at: string, patch: Partial<ZohoForm>) => void;
  isEdit: boolean;
};

const TWO_COLUMNS = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/**
 * Zoho CRM's settings: the data centre of the company's Zoho account, the self-client's Client ID and
 * Secret and its refresh token (Zoho's API console), and which records go to Zoho.
 */
export const ZohoFields = ({ form, errorOf, onChange, isEdit }: FieldsProps) => {
  const { t } = useTranslation();
  const secretHint = (at: string) =>
    errorOf(at) ?? (isEdit ? t('settings.integrations.keepSecret') : undefined);

  return (
    <>
      <TextField
        select
        required
        label={t('settings.zoho.dataCentre')}
        value={form.data_centre}
        helperText={errorOf('config.data_centre') ?? t('settings.zoho.dataCentreHint')}
        error={Boolean(errorOf('config.data_centre'))}
        onChange={(event) =>
          onChange('config.data_centre', { data_centre: event.target.value as ZohoDataCentre })
        }
        slotProps={{ htmlInput: { 'data-testid': 'zoho-data_centre' } }}
      >
        {ZOHO_DATA_CENTRES.map((dataCentre) => (
          <MenuItem
            key={dataCentre}
            value={dataCentre}
            data-testid={`zoho-data-centre-${dataCentreKey(dataCentre)}`}
          >
            {t(`settings.zoho.dataCentres.${dataCentreKey(dataCentre)}`)}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={TWO_COLUMNS}>
        <TextField
          required
          label={t('settings.zoho.clientId')}
          value={form.client_id}
          error={Boolean(errorOf('config.client_id'))}
          helperText={errorOf('config.client_id')}
          onChange={(event) => onChange('config.client_id', { client_id: event.target.value })}
          slotProps={{ htmlInput: { 'data-testid': 'zoho-client_id', dir: 'ltr' } }}
        />
        <TextField
          required
          type="password"
          autoComplete="off"
          label={t('settings.zoho.clientSecret')}
          value={form.client_secret}
          error={Boolean(errorOf('config.client_secret'))}
          helperText={secretHint('config.client_secret')}
          onChange={(event) => onChange('config.client_secret', { client_secret: event.target.value })}
          onFocus={(event) => event.target.select()}
          slotProps={{ htmlInput: { 'data-testid': 'zoho-client_secret', dir: 'ltr' } }}
        />
      </Box>
      <TextField
        required
        type="password"
        autoComplete="off"
        label={t('settings.zoho.refreshToken')}
        value={form.refresh_token}
        error={Boolean(errorOf('config.refresh_token'))}
        helperText={secretHint('config.refresh_token') ?? t('settings.zoho.refreshTokenHint')}
        onChange={(event) => onChange('config.refresh_token', { refresh_token: event.target.value })}
        onFocus={(event) => event.target.select()}
        slotProps={{ htmlInput: { 'data-testid': 'zoho-refresh_token', dir: 'ltr' } }}
      />
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <Typography variant="subtitle2" component="h3">
          {t('settings.zoho.records')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={form.sync_contacts}
              onChange={(event) => onChange('config.sync_contacts', { sync_contacts: event.target.checked })}
              slotProps={{ input: { 'data-testid': 'zoho-sync_contacts' } as object }}
            />
          }
          label={t('settings.zoho.syncContacts')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={form.sync_leads}
              onChange={(event) => onChange('config.sync_leads', { sync_leads: event.target.checked })}
              slotProps={{ input: { 'data-testid': 'zoho-sync_leads' } as object }}
            />
          }
          label={t('settings.zoho.syncLeads')}
        />
        <Typography variant="caption" color="text.secondary">
          {t('settings.zoho.recordsHint')}
        </Typography>
      </Box>
    </>
  );
};
