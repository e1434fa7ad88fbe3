import { type ChannelType, type DeviceCreateInput, deviceCreateSchema } from '@conversa/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Link,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import OpenInNew from '../../../shared/icons/OpenInNew';
import { notify } from '../../../shared/notify';
import { PALETTE } from '../../../shared/ui/color-palette';
import { NEW_TAB } from '../../../shared/ui/new-tab';
import { useCreateDevice } from '../api/create-device';
import { configFieldsOf, emptyConfigOf, hasGatewaySession, modeOf } from '../channel-config';
import { type DeviceForm, formPathOf } from '../device-form';
import { ChannelChoice } from './channel-choice';
import { ConfigFields } from './config-fields';
import { DeviceColorFields } from './device-color-fields';
import { DevicePreview } from './device-preview';

/** Where each provider's values are found, opened from the dialog in a new tab. */
export const PROVIDER_CONSOLES: Record<ChannelType, string | undefined> = {
  whatsapp: 'https://developers.facebook.com/apps',
  dialog360: 'https://hub.360dialog.com',
  twilio: 'https://console.twilio.com',
  maytapi: 'https://console.maytapi.com',
  telegram: 'https://t.me/BotFather',
  messenger: 'https://developers.facebook.com/apps',
  instagram: 'https://developers.facebook.com/apps',
  sandbox: undefined,
};

// Blue, the palette's entry closest to the server's own default colours.
const DEFAULT_COLORS = PALETTE[5] ?? { color: '#2196f3', background: '#e3f2fd' };

const defaultsOf = (type: ChannelType): DeviceForm => ({
  name: '',
  color: DEFAULT_COLORS.color,
  background_color: DEFAULT_COLORS.background,
  setting: { conect: { type, config: emptyConfigOf(type) } },
});

// The form's field names are the schema's, so the shared create rule validates it as the server will.
const resolver = zodResolver(deviceCreateSchema) as unknown as Resolver<DeviceForm>;

type NewDeviceDialogProps = { isOpen: boolean; onClose: () => void; initialType?: ChannelType };

/**
 * Creates a device of any provider: the provider first, then the settings it needs, a name and colours.
 * The server connects it on creation; the new device's page then shows its webhook URL.
 */
export const NewDeviceDialog = ({ isOpen, onClose, initialType = 'whatsapp' }: NewDeviceDialogProps) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const create = useCreateDevice();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<DeviceForm>({ resolver, defaultValues: defaultsOf(initialType) });
  const { register, control, handleSubmit, setError, watch, reset, formState } = form;
  const type = watch('setting.conect.type');
  const consoleUrl = PROVIDER_CONSOLES[type];

  const close = () => {
    reset(defaultsOf(initialType));
    setFailure(null);
    create.reset();
    onClose();
  };

  const chooseType = (next: ChannelType) => {
    // Values typed for another provider mean nothing to this one.
    reset({ ...form.getValues(), setting: { conect: { type: next, config: emptyConfigOf(next) } } });
    setFailure(null);
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { device, info } = await create.mutateAsync(values as DeviceCreateInput);
      close();
      // A gateway that took the credentials waits for its phone: its QR opens at once, to scan.
      if (hasGatewaySession(device.setting.conect.type) && device.setting.conect.session !== 'disconnected') {
        notify(info, device.status === 'connected' ? 'success' : 'info');
        navigate(`/app/devices/detail/${device.id}?link=1`);
        return;
      }
      const isWaiting = device.setting.conect.type !== 'sandbox' && device.status !== 'connected';
      notify(isWaiting ? t('devices.createdNotConnected') : info, isWaiting ? 'warning' : 'success');
      navigate(`/app/devices/detail/${device.id}`);
    } catch (error) {
      if (!(error instanceof ApiError)) return setFailure(t('errors.generic'));
      const keys = configFieldsOf(type).map((field) => field.key);
      const unplaced: string[] = [];
      for (const fieldError of error.errors) {
        const path = formPathOf(fieldError.path, keys);
        if (path) setError(path, { message: fieldError.message });
        else unplaced.push(fieldError.message);
      }
      // A 400 whose every error sits on a field needs no banner; a 412 (the plan's limit) and others do.
      if (error.errors.length === 0 || unplaced.length > 0) {
        setFailure([error.info, ...unplaced].join(' · '));
      }
    }
  });

  return (
    <Dialog
      open={isOpen}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
      aria-labelledby="new-device-title"
      data-testid="new-device-dialog"
    >
      <DialogTitle id="new-device-title">{t('devices.new')}</DialogTitle>
      <DialogContent dividers>
        <Stack component="form" id="new-device-form" noValidate onSubmit={submit} spacing={2.5}>
          <ChannelChoice value={type} onChange={chooseType} />
          <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {t('devices.mode')}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              label={t(`devices.modes.${modeOf(type)}`)}
              data-testid="new-device-mode"
            />
            <Typography variant="caption" color="text.secondary">
              {t(`devices.modeHelp.${modeOf(type)}`)}
            </Typography>
          </Stack>
          <Alert severity="info" icon={false} sx={{ '& .MuiAlert-message': { width: 1 } }}>
            <Typography variant="body2">{t(`devices.intro.${type}`)}</Typography>
            {consoleUrl && (
              <Link
                href={consoleUrl}
                {...NEW_TAB}
                variant="body2"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}
              >
                {t(`devices.console.${type}`)}
                <OpenInNew sx={{ fontSize: 16 }} />
              </Link>
            )}
          </Alert>
          {failure && (
            <Alert severity="error" data-testid="new-device-error">
              {failure}
            </Alert>
          )}
          <TextField
            {...register('name')}
            label={t('devices.name')}
            required
            fullWidth
            autoFocus={!isPhone}
            error={Boolean(formState.errors.name)}
            helperText={translateMessage(formState.errors.name?.message) ?? t('devices.nameHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'device-name', maxLength: 120 } }}
          />
          <ConfigFields key={type} control={control} type={type} />
          <Divider />
          <DeviceColorFields control={control} />
          <Stack direction="row" spacing={1.5} alignItems="center">
            <Typography variant="body2" color="text.secondary">
              {t('devices.preview')}
            </Typography>
            <DevicePreview
              name={watch('name').trim() || t(`devices.providers.${type}`)}
              color={watch('color')}
              backgroundColor={watch('background_color')}
              type={type}
            />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button
          type="submit"
          form="new-device-form"
          variant="contained"
          loading={create.isPending}
          data-testid="new-device-submit"
        >
          {type === 'sandbox' ? t('devices.create') : t('devices.createAndConnect')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
