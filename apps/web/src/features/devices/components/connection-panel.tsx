import type { Device } from '@conversa/domain';
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formattersFor } from '../../../shared/format/intl-format';
import { CopyButton } from '../../../shared/ui/copy-button';
import { META_CHANNELS } from '../channel-config';

const ReadOnlyValue = ({
  label,
  value,
  helperText,
  testId,
  isCopyable = true,
}: {
  label: string;
  value: string;
  helperText?: string;
  testId: string;
  isCopyable?: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      multiline
      helperText={helperText}
      slotProps={{
        htmlInput: { readOnly: true, 'data-testid': testId },
        input: {
          sx: {
            fontFamily: 'monospace',
            fontSize: 14,
            alignItems: 'flex-start',
            '& textarea': { wordBreak: 'break-all' },
          },
          endAdornment: isCopyable ? (
            <InputAdornment position="end">
              <CopyButton value={value} label={t('devices.copyLabel', { name: label })} />
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
};

/**
 * What the provider needs from us: the webhook (callback) URL, and for Meta the verify token that proves
 * the subscription. The verify token is a secret, so the server shows only its end.
 */
export const ConnectionPanel = ({ device }: { device: Device }) => {
  const { t, i18n } = useTranslation();
  const { type, config, webhook_url: webhookUrl } = device.setting.conect;
  const verifyToken = String(config.verify_token ?? '');
  const sandboxSecret = String(config.secret ?? '');
  return (
    <Card variant="outlined">
      <CardHeader
        title={t('devices.connection')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        sx={{ pb: 0 }}
      />
      <CardContent>
        <Stack spacing={2.5}>
          <Typography variant="body2" color="text.secondary">
            {t(`devices.webhookHelp.${type}`)}
          </Typography>
          <ReadOnlyValue label={t('devices.webhookUrl')} value={webhookUrl} testId="webhook-url" />
          {META_CHANNELS.includes(type) && verifyToken !== '' && (
            <ReadOnlyValue
              label={t('devices.config.verify_token')}
              value={verifyToken}
              helperText={t('devices.verifyTokenHelp')}
              testId="verify-token"
              isCopyable={false}
            />
          )}
          {type === 'sandbox' && sandboxSecret !== '' && (
            <ReadOnlyValue
              label={t('devices.sandboxSecret')}
              value={sandboxSecret}
              helperText={t('devices.sandboxSecretHelp')}
              testId="sandbox-secret"
            />
          )}
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 2,
              rowGap: 0.5,
              '& dt': { color: 'text.secondary' },
              '& dd': { m: 0, overflowWrap: 'anywhere' },
            }}
          >
            <Typography component="dt" variant="body2">
              {t('devices.id')}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ fontFamily: 'monospace' }}>
              {device.id}
            </Typography>
            <Typography component="dt" variant="body2">
              {t('devices.createdAt')}
            </Typography>
            <Typography component="dd" variant="body2">
              {formattersFor(i18n.language).dateTime(device.create_date)}
            </Typography>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
};
