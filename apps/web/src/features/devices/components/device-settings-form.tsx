import {
  type ChannelType,
  DEVICE_CONFIG_SCHEMAS,
  type Device,
  type DeviceUpdateInput,
  deviceCreateSchema,
  isMaskedSecret,
  isSecretConfigKey,
} from '@conversa/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Divider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useCan } from '../../../shared/account/use-account';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
import { useUpdateDevice } from '../api/update-device';
import { configFieldsOf, configValuesOf } from '../channel-config';
import { type DeviceForm, formPathOf } from '../device-form';
import { ConfigFields } from './config-fields';
import { DeviceColorFields } from './device-color-fields';
import { DevicePreview } from './device-preview';

/**
 * The shared create rules, except that a secret may stay as the server showed it (masked): sent back
 * unchanged, the server keeps the stored one.
 */
const editConfigSchema = (type: ChannelType) => {
  const schema = DEVICE_CONFIG_SCHEMAS[type];
  if (!(schema instanceof z.ZodObject)) return z.record(z.string(), z.string());
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    shape[key] = isSecretConfigKey(key)
      ? z.string().superRefine((value, context) => {
          if (isMaskedSecret(value)) return;
          for (const issue of field.safeParse(value).error?.issues ?? []) {
            context.addIssue({ code: 'custom', message: issue.message });
          }
        })
      : field;
  }
  return z.object(shape);
};

const editSchema = (type: ChannelType) =>
  z.object({
    name: deviceCreateSchema.shape.name,
    color: deviceCreateSchema.shape.color,
    background_color: deviceCreateSchema.shape.background_color,
    setting: z.object({ conect: z.object({ type: z.string(), config: editConfigSchema(type) }) }),
  });

const valuesOf = (device: Device): DeviceForm => ({
  name: device.name,
  color: device.color,
  background_color: device.background_color,
  setting: { conect: { type: device.setting.conect.type, config: configValuesOf(device) } },
});

/**
 * Name, colours and provider settings (PUT device/updateone). Changed provider settings make the server
 * connect again, so new credentials are checked at once; unchanged ones are not sent.
 */
export const DeviceSettingsForm = ({ device }: { device: Device }) => {
  const { t } = useTranslation();
  const can = useCan();
  const isReadOnly = !can('device.edit');
  const type = device.setting.conect.type;
  const update = useUpdateDevice();
  const [failure, setFailure] = useState<string | null>(null);
  // Remounts the secret fields after a save, so each shows its new mask instead of an open input.
  const [generation, setGeneration] = useState(0);
  const resolver = useMemo(() => zodResolver(editSchema(type)) as unknown as Resolver<DeviceForm>, [type]);
  const form = useForm<DeviceForm>({ resolver, defaultValues: valuesOf(device) });
  const { register, control, handleSubmit, reset, setError, watch, formState } = form;

  // Someone else's change (through the socket) shows here unless this person is editing.
  useEffect(() => {
    if (!form.formState.isDirty) reset(valuesOf(device));
  }, [device, form, reset]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const isConfigChanged = Object.keys(formState.dirtyFields.setting?.conect?.config ?? {}).length > 0;
    const change: DeviceUpdateInput = {
      name: values.name,
      color: values.color,
      background_color: values.background_color,
      ...(isConfigChanged ? { setting: { conect: { config: values.setting.conect.config } } } : {}),
    };
    try {
      const { device: saved, info } = await update.mutateAsync({ id: device.id, change });
      const isRefused = isConfigChanged && saved.status !== 'connected';
      notify(isRefused ? t('devices.savedNotConnected') : info, isRefused ? 'warning' : 'success');
      reset(valuesOf(saved));
      setGeneration((current) => current + 1);
    } catch (error) {
      if (!(error instanceof ApiError)) return setFailure(t('errors.generic'));
      const keys = configFieldsOf(type).map((field) => field.key);
      const unplaced: string[] = [];
      for (const fieldError of error.errors) {
        const path = formPathOf(fieldError.path, keys);
        if (path) setError(path, { message: fieldError.message });
        else unplaced.push(fieldError.message);
      }
      if (error.errors.length === 0 || unplaced.length > 0) setFailure([error.info, ...unplaced].join(' · '));
    }
  });

  return (
    <Card variant="outlined">
      <CardHeader
        title={t('devices.settings')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        sx={{ pb: 0 }}
      />
      <CardContent>
        <Stack component="form" noValidate onSubmit={submit} spacing={2.5} data-testid="device-settings">
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            {...register('name')}
            label={t('devices.name')}
            required
            fullWidth
            error={Boolean(formState.errors.name)}
            helperText={translateMessage(formState.errors.name?.message)}
            slotProps={{ htmlInput: { readOnly: isReadOnly, maxLength: 120, 'data-testid': 'device-name' } }}
          />
          <ConfigFields
            key={generation}
            control={control}
            type={type}
            stored={configValuesOf(device)}
            isReadOnly={isReadOnly}
          />
          <Divider />
          <DeviceColorFields control={control} isReadOnly={isReadOnly} />
          <Stack direction="row" spacing={1.5} alignItems="center">
            <Typography variant="body2" color="text.secondary">
              {t('devices.preview')}
            </Typography>
            <DevicePreview
              name={watch('name').trim() || device.name}
              color={watch('color')}
              backgroundColor={watch('background_color')}
              type={type}
            />
          </Stack>
          {!isReadOnly && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
              <Button
                disabled={!formState.isDirty || update.isPending}
                onClick={() => {
                  reset(valuesOf(device));
                  setGeneration((current) => current + 1);
                }}
              >
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={!formState.isDirty}
                loading={update.isPending}
                data-testid="device-save"
              >
                {t('devices.save')}
              </Button>
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
};
