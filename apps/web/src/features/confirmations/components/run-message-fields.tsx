import { CONFIRMATION_MESSAGE_MAX, type Template } from '@conversa/domain';
import {
  Box,
  Chip,
  MenuItem,
  Skeleton,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { templateParameterCount, useApprovedTemplates } from '../../../shared/templates/approved-templates';
import { RUN_PLACEHOLDERS, type RunForm } from '../run-form';

type MessageProps = {
  form: RunForm;
  /** Whether the chosen device sends templates (WhatsApp official, or the sandbox). */
  canUseTemplates: boolean;
  errorOf: (field: string) => string | undefined;
  onChange: (patch: Partial<RunForm>) => void;
};

/** The device's approved templates and a value for each {{n}} of the chosen one. */
const TemplateFields = ({ form, errorOf, onChange }: Omit<MessageProps, 'canUseTemplates'>) => {
  const { t } = useTranslation();
  const templates = useApprovedTemplates(form.device_id);
  if (templates.isPending) return <Skeleton variant="rounded" height={56} />;
  const list: Template[] = templates.data ?? [];
  if (list.length === 0) {
    return <Typography color="text.secondary">{t('confirmations.form.noTemplates')}</Typography>;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField
        select
        required
        label={t('confirmations.form.template')}
        value={form.template_id}
        error={Boolean(errorOf('template_id'))}
        helperText={errorOf('template_id')}
        onChange={(event) => {
          const chosen = list.find((item) => item.id === event.target.value);
          onChange({
            template_id: event.target.value,
            parameters: Array.from({ length: templateParameterCount(chosen) }, () => ''),
          });
        }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'run-template' } as object } }}
      >
        {list.map((item) => (
          <MenuItem key={item.id} value={item.id}>
            {item.name} · {item.language}
          </MenuItem>
        ))}
      </TextField>
      {form.parameters.map((text, index) => (
        <TextField
          // biome-ignore lint/suspicious/noArrayIndexKey: parameters are positional ({{1}}, {{2}}…)
          key={index}
          required
          label={t('confirmations.form.parameter', { number: index + 1 })}
          value={text}
          error={Boolean(errorOf(`parameters.${index}`))}
          helperText={errorOf(`parameters.${index}`) ?? t('confirmations.form.placeholdersHint')}
          onChange={(event) =>
            onChange({
              parameters: form.parameters.map((value, at) => (at === index ? event.target.value : value)),
            })
          }
          slotProps={{ htmlInput: { 'data-testid': `run-parameter-${index + 1}` } }}
        />
      ))}
    </Box>
  );
};

/**
 * What the patients receive: a text with two reply buttons (confirm, cancel), its placeholders filled per
 * appointment (a chip inserts one where the cursor is), or an approved template of an official WhatsApp
 * device with its parameters.
 */
export const RunMessageFields = ({ form, canUseTemplates, errorOf, onChange }: MessageProps) => {
  const { t } = useTranslation();
  const body = useRef<HTMLTextAreaElement>(null);
  const insert = (placeholder: string) => {
    const input = body.current;
    const at = input?.selectionStart ?? form.message.length;
    const end = input?.selectionEnd ?? at;
    onChange({ message: `${form.message.slice(0, at)}${placeholder}${form.message.slice(end)}` });
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(at + placeholder.length, at + placeholder.length);
    });
  };
  const messageType = canUseTemplates ? form.messageType : 'text';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {canUseTemplates && (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={messageType}
          aria-label={t('confirmations.form.messageType')}
          onChange={(_event, type: RunForm['messageType'] | null) => type && onChange({ messageType: type })}
        >
          <ToggleButton value="text" data-testid="run-type-text">
            {t('confirmations.form.text')}
          </ToggleButton>
          <ToggleButton value="template" data-testid="run-type-template">
            {t('confirmations.form.templateType')}
          </ToggleButton>
        </ToggleButtonGroup>
      )}
      {messageType === 'text' ? (
        <>
          <TextField
            required
            multiline
            minRows={4}
            label={t('confirmations.form.message')}
            value={form.message}
            inputRef={body}
            error={Boolean(errorOf('message'))}
            helperText={errorOf('message') ?? t('confirmations.form.messageHint')}
            onChange={(event) => onChange({ message: event.target.value })}
            slotProps={{ htmlInput: { 'data-testid': 'run-message', maxLength: CONFIRMATION_MESSAGE_MAX } }}
          />
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary">
              {t('confirmations.form.insert')}
            </Typography>
            {RUN_PLACEHOLDERS.map((placeholder) => (
              <Chip
                key={placeholder}
                size="small"
                variant="outlined"
                label={placeholder}
                title={t(`confirmations.placeholders.${placeholder.slice(1)}`)}
                onClick={() => insert(placeholder)}
                data-testid={`run-insert-${placeholder.slice(1)}`}
              />
            ))}
          </Box>
        </>
      ) : (
        <TemplateFields form={form} errorOf={errorOf} onChange={onChange} />
      )}
    </Box>
  );
};
