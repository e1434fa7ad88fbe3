import type { User } from '@conversa/domain';
import { Box, Button, IconButton, MenuItem, TextField, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import Add from '../../../../shared/icons/Add';
import DeleteOutline from '../../../../shared/icons/DeleteOutline';
import { type ExtensionRow, newExtensionRow, type YeastarForm } from './yeastar-form';

type FieldsProps = {
  form: YeastarForm;
  users: readonly Pick<User, 'id' | 'name'>[];
  errorOf: (at: string) => string | undefined;
  onChange: (at: string, patch: Partial<YeastarForm>) => void;
  isEdit: boolean;
};

const TWO_COLUMNS = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/**
 * The PBX's settings: its address, the API's Client ID and Secret (Integrations → API on the PBX), and
 * which extension is which user's, so calls show their agent and a user can ring from their own phone.
 */
export const YeastarFields = ({ form, users, errorOf, onChange, isEdit }: FieldsProps) => {
  const { t } = useTranslation();
  const setRows = (extensions: ExtensionRow[]) => onChange('config.extensions', { extensions });
  const setRow = (index: number, patch: Partial<ExtensionRow>) =>
    setRows(form.extensions.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  return (
    <>
      <TextField
        required
        label={t('settings.yeastar.pbxUrl')}
        value={form.pbx_url}
        error={Boolean(errorOf('config.pbx_url'))}
        helperText={errorOf('config.pbx_url') ?? t('settings.yeastar.pbxUrlHint')}
        onChange={(event) => onChange('config.pbx_url', { pbx_url: event.target.value })}
        slotProps={{ htmlInput: { 'data-testid': 'yeastar-pbx_url', dir: 'ltr', inputMode: 'url' } }}
      />
      <Box sx={TWO_COLUMNS}>
        <TextField
          required
          label={t('settings.yeastar.clientId')}
          value={form.client_id}
          error={Boolean(errorOf('config.client_id'))}
          helperText={errorOf('config.client_id')}
          onChange={(event) => onChange('config.client_id', { client_id: event.target.value })}
          slotProps={{ htmlInput: { 'data-testid': 'yeastar-client_id', dir: 'ltr' } }}
        />
        <TextField
          required
          type="password"
          autoComplete="off"
          label={t('settings.yeastar.clientSecret')}
          value={form.client_secret}
          error={Boolean(errorOf('config.client_secret'))}
          helperText={
            errorOf('config.client_secret') ?? (isEdit ? t('settings.integrations.keepSecret') : undefined)
          }
          onChange={(event) => onChange('config.client_secret', { client_secret: event.target.value })}
          onFocus={(event) => event.target.select()}
          slotProps={{ htmlInput: { 'data-testid': 'yeastar-client_secret', dir: 'ltr' } }}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="yeastar-extensions">
        <Typography variant="subtitle2" component="h3">
          {t('settings.yeastar.extensions')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('settings.yeastar.extensionsHint')}
        </Typography>
        {errorOf('config.extensions') && (
          <Typography variant="caption" color="error">
            {errorOf('config.extensions')}
          </Typography>
        )}
        {form.extensions.map((row, index) => {
          const at = `config.extensions.${index}`;
          return (
            <Box
              key={row.key}
              sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
              data-testid="yeastar-extension-row"
            >
              <TextField
                size="small"
                label={t('settings.yeastar.extension')}
                value={row.extension}
                error={Boolean(errorOf(`${at}.extension`))}
                helperText={errorOf(`${at}.extension`)}
                onChange={(event) => setRow(index, { extension: event.target.value })}
                sx={{ width: 140 }}
                slotProps={{
                  htmlInput: { 'data-testid': 'yeastar-extension', dir: 'ltr', inputMode: 'numeric' },
                }}
              />
              <TextField
                size="small"
                select
                label={t('settings.yeastar.user')}
                value={row.user_id}
                error={Boolean(errorOf(`${at}.user_id`))}
                helperText={errorOf(`${at}.user_id`)}
                onChange={(event) => setRow(index, { user_id: event.target.value })}
                sx={{ flex: 1 }}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'yeastar-user' } as object } }}
              >
                {users.map((user) => (
                  <MenuItem key={user.id} value={user.id}>
                    {user.name}
                  </MenuItem>
                ))}
              </TextField>
              <Tooltip title={t('settings.yeastar.removeExtension')}>
                <IconButton
                  aria-label={t('settings.yeastar.removeExtension')}
                  onClick={() => setRows(form.extensions.filter((_row, at) => at !== index))}
                >
                  <DeleteOutline />
                </IconButton>
              </Tooltip>
            </Box>
          );
        })}
        <Button
          startIcon={<Add />}
          onClick={() => setRows([...form.extensions, newExtensionRow()])}
          sx={{ justifySelf: 'start' }}
          data-testid="yeastar-add-extension"
        >
          {t('settings.yeastar.addExtension')}
        </Button>
      </Box>
    </>
  );
};
