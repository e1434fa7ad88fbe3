import { canSendTemplates, type Device } from '@conversa/domain';
import {
  Box,
  FormControlLabel,
  MenuItem,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isAccountDevice, useAccount } from '../../../../shared/account/use-account';
import {
  templateParameterCount,
  useApprovedTemplates,
} from '../../../../shared/templates/approved-templates';
import type { AutoForm } from './auto-confirmation-form';

type FieldsProps = {
  auto: AutoForm;
  errorOf: (at: string) => string | undefined;
  onChange: (patch: Partial<AutoForm>) => void;
};

const AT = 'config.auto_confirmation';
const THREE_COLUMNS = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
} as const;

const sendsTemplates = (device: Device | undefined) =>
  device !== undefined && canSendTemplates({ mode: device.mode, type: device.setting.conect.type });

/** A template of the device and a value for each of its {{n}}. */
const TemplateChoice = ({ auto, errorOf, onChange }: FieldsProps) => {
  const { t } = useTranslation();
  const templates = useApprovedTemplates(auto.device_id).data ?? [];
  return (
    <>
      <TextField
        select
        required
        label={t('settings.scheduling.auto.template')}
        value={auto.template_id}
        error={Boolean(errorOf(`${AT}.template_id`))}
        helperText={
          errorOf(`${AT}.template_id`) ??
          (templates.length === 0 ? t('settings.scheduling.auto.noTemplates') : undefined)
        }
        onChange={(event) => {
          const chosen = templates.find((item) => item.id === event.target.value);
          onChange({
            template_id: event.target.value,
            parameters: Array.from({ length: templateParameterCount(chosen) }, () => ''),
          });
        }}
      >
        {templates.map((item) => (
          <MenuItem key={item.id} value={item.id}>
            {item.name} · {item.language}
          </MenuItem>
        ))}
      </TextField>
      {auto.parameters.map((parameter, index) => (
        <TextField
          // biome-ignore lint/suspicious/noArrayIndexKey: parameters are positional ({{1}}, {{2}}…)
          key={index}
          required
          label={t('settings.scheduling.auto.parameter', { number: index + 1 })}
          value={parameter}
          error={Boolean(errorOf(`${AT}.parameters`)) && !parameter.trim()}
          onChange={(event) =>
            onChange({
              parameters: auto.parameters.map((value, at) => (at === index ? event.target.value : value)),
            })
          }
        />
      ))}
    </>
  );
};

/**
 * The daily run (API.md part 3 §3.2.9): each day at a time, the patients of the day so many days ahead
 * are asked from a device, with a text or a template, answers counted until a time of the day before.
 */
export const AutoConfirmationFields = ({ auto, errorOf, onChange }: FieldsProps) => {
  const { t } = useTranslation();
  const account = useAccount();
  const devices = useMemo(() => account.list_device.filter(isAccountDevice), [account.list_device]);
  const canUseTemplates = sendsTemplates(devices.find((device) => device.id === auto.device_id));
  const field = (key: 'time' | 'days_before' | 'reply_until', type: string) => (
    <TextField
      required
      type={type}
      label={t(`settings.scheduling.auto.${key}`)}
      value={auto[key]}
      error={Boolean(errorOf(`${AT}.${key}`))}
      helperText={errorOf(`${AT}.${key}`) ?? t(`settings.scheduling.auto.${key}Hint`)}
      onChange={(event) => onChange({ [key]: event.target.value })}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': `auto-${key}`, ...(type === 'number' ? { min: 1, max: 7 } : {}) },
      }}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="auto-confirmation">
      <FormControlLabel
        control={
          <Switch
            checked={auto.enabled}
            onChange={(event) => onChange({ enabled: event.target.checked })}
            slotProps={{ input: { 'data-testid': 'auto-enabled' } as object }}
          />
        }
        label={
          <Box sx={{ display: 'grid' }}>
            <span>{t('settings.scheduling.auto.enabled')}</span>
            <Typography variant="caption" color="text.secondary">
              {t('settings.scheduling.auto.enabledHint', { timezone: account.client.timezone })}
            </Typography>
          </Box>
        }
      />
      {auto.enabled && (
        <>
          <Box sx={THREE_COLUMNS}>
            {field('time', 'time')}
            {field('days_before', 'number')}
            {field('reply_until', 'time')}
          </Box>
          <TextField
            select
            required
            label={t('settings.scheduling.auto.device')}
            value={auto.device_id}
            error={Boolean(errorOf(`${AT}.device_id`))}
            helperText={errorOf(`${AT}.device_id`)}
            onChange={(event) => {
              const device = devices.find((item) => item.id === event.target.value);
              onChange({
                device_id: event.target.value,
                template_id: '',
                parameters: [],
                ...(sendsTemplates(device) ? {} : { messageType: 'text' as const }),
              });
            }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'auto-device' } as object } }}
          >
            {devices.map((device) => (
              <MenuItem key={device.id} value={device.id}>
                {device.name}
              </MenuItem>
            ))}
          </TextField>
          {canUseTemplates && (
            <ToggleButtonGroup
              exclusive
              size="small"
              value={auto.messageType}
              aria-label={t('settings.scheduling.auto.messageType')}
              onChange={(_event, type: AutoForm['messageType'] | null) =>
                type && onChange({ messageType: type })
              }
            >
              <ToggleButton value="text">{t('settings.scheduling.auto.text')}</ToggleButton>
              <ToggleButton value="template">{t('settings.scheduling.auto.templateType')}</ToggleButton>
            </ToggleButtonGroup>
          )}
          {canUseTemplates && auto.messageType === 'template' ? (
            <TemplateChoice auto={auto} errorOf={errorOf} onChange={onChange} />
          ) : (
            <TextField
              required
              multiline
              minRows={3}
              label={t('settings.scheduling.auto.message')}
              value={auto.message}
              error={Boolean(errorOf(`${AT}.message`))}
              helperText={errorOf(`${AT}.message`) ?? t('settings.scheduling.auto.messageHint')}
              onChange={(event) => onChange({ message: event.target.value })}
              slotProps={{ htmlInput: { 'data-testid': 'auto-message', maxLength: 1024 } }}
            />
          )}
        </>
      )}
    </Box>
  );
};
