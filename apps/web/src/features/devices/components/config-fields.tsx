import type { ChannelType } from '@conversa/domain';
import { Button, IconButton, InputAdornment, Stack, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import { type Control, Controller, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n';
import Undo from '../../../shared/icons/Undo';
import Visibility from '../../../shared/icons/Visibility';
import VisibilityOff from '../../../shared/icons/VisibilityOff';
import { type ConfigField, configFieldsOf } from '../channel-config';
import { configPath, type DeviceForm } from '../device-form';

type ConfigFieldsProps = {
  control: Control<DeviceForm>;
  type: ChannelType;
  /** The stored values (secrets masked) when editing a device; absent when creating one. */
  stored?: Record<string, string>;
  isReadOnly?: boolean;
};

/** A secret typed in: hidden by default, shown on request so a pasted token can be checked. */
const SecretInput = ({
  field,
  control,
  type,
  onKeep,
}: {
  field: ConfigField;
  control: Control<DeviceForm>;
  type: ChannelType;
  onKeep?: () => void;
}) => {
  const { t } = useTranslation();
  const [isShown, setIsShown] = useState(false);
  return (
    <Controller
      name={configPath(field.key)}
      control={control}
      render={({ field: input, fieldState }) => (
        <TextField
          {...input}
          value={String(input.value ?? '')}
          type={isShown ? 'text' : 'password'}
          label={t(`devices.config.${field.key}`)}
          required
          fullWidth
          autoComplete="off"
          autoFocus={Boolean(onKeep)}
          error={Boolean(fieldState.error)}
          helperText={translateMessage(fieldState.error?.message) ?? t(`devices.help.${type}.${field.key}`)}
          slotProps={{
            htmlInput: { 'data-testid': `config-${field.key}`, spellCheck: false },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={isShown ? t('devices.hideSecret') : t('devices.showSecret')}>
                    <IconButton
                      edge="end"
                      onClick={() => setIsShown((shown) => !shown)}
                      aria-label={isShown ? t('devices.hideSecret') : t('devices.showSecret')}
                    >
                      {isShown ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </Tooltip>
                  {onKeep && (
                    <Tooltip title={t('devices.keepSecret')}>
                      <IconButton onClick={onKeep} aria-label={t('devices.keepSecret')}>
                        <Undo />
                      </IconButton>
                    </Tooltip>
                  )}
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
};

/**
 * A stored secret as the server shows it (••••1234). The server never sends it whole: it stays masked,
 * and sending the masked value back keeps it. 'Replace' swaps it for an empty input for the new value.
 */
const StoredSecret = ({
  field,
  control,
  type,
  masked,
  isReadOnly,
}: {
  field: ConfigField;
  control: Control<DeviceForm>;
  type: ChannelType;
  masked: string;
  isReadOnly: boolean;
}) => {
  const { t } = useTranslation();
  const [isReplacing, setIsReplacing] = useState(false);
  const { field: input } = useController({ name: configPath(field.key), control });
  if (isReplacing) {
    return (
      <SecretInput
        field={field}
        control={control}
        type={type}
        onKeep={() => {
          input.onChange(masked);
          setIsReplacing(false);
        }}
      />
    );
  }
  return (
    <TextField
      value={masked}
      label={t(`devices.config.${field.key}`)}
      fullWidth
      helperText={t(`devices.help.${type}.${field.key}`)}
      slotProps={{
        htmlInput: { readOnly: true, 'data-testid': `config-${field.key}` },
        input: {
          sx: { fontFamily: 'monospace' },
          endAdornment: isReadOnly ? undefined : (
            <InputAdornment position="end">
              <Button
                size="small"
                onClick={() => {
                  input.onChange('');
                  setIsReplacing(true);
                }}
                data-testid={`replace-${field.key}`}
              >
                {t('devices.replaceSecret')}
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
};

/** The provider's settings, each with where to find it in the provider's console. */
export const ConfigFields = ({ control, type, stored, isReadOnly = false }: ConfigFieldsProps) => {
  const { t } = useTranslation();
  const fields = configFieldsOf(type);
  if (fields.length === 0) return null;
  return (
    <Stack spacing={2}>
      {fields.map((field) => {
        const masked = stored?.[field.key] ?? '';
        if (field.isSecret && masked !== '') {
          return (
            <StoredSecret
              key={field.key}
              field={field}
              control={control}
              type={type}
              masked={masked}
              isReadOnly={isReadOnly}
            />
          );
        }
        if (field.isSecret && !isReadOnly) {
          return <SecretInput key={field.key} field={field} control={control} type={type} />;
        }
        return (
          <Controller
            key={field.key}
            name={configPath(field.key)}
            control={control}
            render={({ field: input, fieldState }) => (
              <TextField
                {...input}
                value={String(input.value ?? '')}
                label={t(`devices.config.${field.key}`)}
                required
                fullWidth
                autoComplete="off"
                error={Boolean(fieldState.error)}
                helperText={
                  translateMessage(fieldState.error?.message) ?? t(`devices.help.${type}.${field.key}`)
                }
                slotProps={{
                  htmlInput: {
                    'data-testid': `config-${field.key}`,
                    readOnly: isReadOnly,
                    spellCheck: false,
                  },
                }}
              />
            )}
          />
        );
      })}
    </Stack>
  );
};
