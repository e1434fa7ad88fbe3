import { canSendTemplates, fillPlaceholders, type Template, type TemplateContext } from '@conversa/domain';
import { Alert, Box, MenuItem, Skeleton, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isAccountDevice, useAccount } from '../../../shared/account/use-account';
import { translateMessage } from '../../../shared/i18n';
import DescriptionOutlined from '../../../shared/icons/DescriptionOutlined';
import { templateParameterCount, useApprovedTemplates } from '../../../shared/templates/approved-templates';
import { EmptyState } from '../../../shared/ui/empty-state';
import type { DiffusionForm, FormErrors } from '../diffusion-form';
import { MessagePreview } from './message-preview';

type Message = DiffusionForm['message'];

/** The template's text with its {{n}} filled as a recipient would get them. */
const previewOf = (template: Template, parameters: string[], fill: (text: string) => string): string =>
  parameters.reduce(
    (text, parameter, index) => text.replaceAll(`{{${index + 1}}}`, fill(parameter) || `{{${index + 1}}}`),
    template.example || template.name,
  );

/**
 * A template message: one of the device's APPROVED templates, a value for each of its {{n}} (literal text
 * or a placeholder filled per recipient), and the text the previewed recipient would read.
 */
export const TemplateMessage = ({
  deviceId,
  message,
  errors,
  preview,
  onChange,
}: {
  deviceId: string;
  message: Message;
  errors: FormErrors;
  preview: { context: TemplateContext; recipient: string | null };
  onChange: (message: Message) => void;
}) => {
  const { t } = useTranslation();
  const templates = useApprovedTemplates(deviceId);
  const device = useAccount()
    .list_device.filter(isAccountDevice)
    .find((item) => item.id === deviceId);
  if (deviceId === '') {
    return <Typography color="text.secondary">{t('diffusions.form.deviceFirst')}</Typography>;
  }
  // Twilio's templates (its Content API) and a gateway's have no place here: the device says so.
  if (device && !canSendTemplates({ mode: device.mode, type: device.setting.conect.type })) {
    return (
      <Alert severity="info" data-testid="templates-unavailable">
        {t('devices.templatesUnavailable')}
      </Alert>
    );
  }
  if (templates.isPending) return <Skeleton variant="rounded" height={56} />;
  const list = templates.data ?? [];
  if (list.length === 0) {
    return (
      <EmptyState
        icon={DescriptionOutlined}
        title={t('diffusions.form.noTemplates')}
        description={t('diffusions.form.noTemplatesHelp')}
      />
    );
  }
  const template = list.find((item) => item.id === message.template_id);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField
        select
        required
        label={t('diffusions.form.template')}
        value={message.template_id}
        error={Boolean(errors['message.template_id'])}
        helperText={translateMessage(errors['message.template_id'])}
        onChange={(event) => {
          const chosen = list.find((item) => item.id === event.target.value);
          onChange({
            ...message,
            template_id: event.target.value,
            parameters: Array.from({ length: templateParameterCount(chosen) }, () => ''),
          });
        }}
        slotProps={{ htmlInput: { 'data-testid': 'diffusion-template' } }}
      >
        {list.map((item) => (
          <MenuItem key={item.id} value={item.id} data-testid={`diffusion-template-${item.name}`}>
            {item.name} · {item.language}
          </MenuItem>
        ))}
      </TextField>
      {message.parameters.map((text, index) => {
        const error = errors[`message.parameters.${index}`];
        return (
          <TextField
            // biome-ignore lint/suspicious/noArrayIndexKey: parameters are positional ({{1}}, {{2}}…)
            key={index}
            required
            label={t('diffusions.form.parameter', { number: index + 1 })}
            value={text}
            error={Boolean(error)}
            helperText={translateMessage(error) ?? t('diffusions.form.parameterHint')}
            onChange={(event) => {
              const parameters = [...message.parameters];
              parameters[index] = event.target.value;
              onChange({ ...message, parameters });
            }}
            slotProps={{ htmlInput: { 'data-testid': `diffusion-parameter-${index + 1}` } }}
          />
        );
      })}
      {template && (
        <MessagePreview
          text={previewOf(template, message.parameters, (text) => fillPlaceholders(text, preview.context))}
          recipient={preview.recipient}
        />
      )}
    </Box>
  );
};
