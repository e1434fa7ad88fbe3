import { fillPlaceholders, TEMPLATE_PLACEHOLDERS } from '@conversa/domain';
import { Box, Chip, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n';
import type { DiffusionForm, FormErrors } from '../diffusion-form';
import { MessagePreview, usePreviewContext } from './message-preview';
import { TemplateMessage } from './template-message';

type Message = DiffusionForm['message'];

/**
 * The message: a text with the placeholders filled per recipient ($fullname, $firstname, $lastname,
 * $username; a chip inserts one where the cursor is), or a template of the chosen device; either previewed
 * as a real recipient of the audience will read it.
 */
export const MessageSection = ({
  deviceId,
  audience,
  message,
  errors,
  onChange,
}: {
  deviceId: string;
  audience: DiffusionForm['audience'];
  message: Message;
  errors: FormErrors;
  onChange: (message: Message) => void;
}) => {
  const { t } = useTranslation();
  const body = useRef<HTMLTextAreaElement>(null);
  const preview = usePreviewContext(audience);

  const insert = (placeholder: string) => {
    const input = body.current;
    const at = input?.selectionStart ?? message.body.length;
    const end = input?.selectionEnd ?? at;
    onChange({ ...message, body: `${message.body.slice(0, at)}${placeholder}${message.body.slice(end)}` });
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(at + placeholder.length, at + placeholder.length);
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={message.type}
        aria-label={t('diffusions.form.messageType')}
        onChange={(_event, type: Message['type'] | null) => type && onChange({ ...message, type })}
      >
        <ToggleButton value="chat" data-testid="diffusion-type-chat">
          {t('diffusions.form.text')}
        </ToggleButton>
        <ToggleButton value="template" data-testid="diffusion-type-template">
          {t('diffusions.form.templateType')}
        </ToggleButton>
      </ToggleButtonGroup>
      {message.type === 'chat' ? (
        <>
          <TextField
            required
            multiline
            minRows={3}
            label={t('diffusions.form.body')}
            value={message.body}
            inputRef={body}
            error={Boolean(errors['message.body'])}
            helperText={translateMessage(errors['message.body']) ?? t('diffusions.form.bodyHint')}
            onChange={(event) => onChange({ ...message, body: event.target.value })}
            slotProps={{ htmlInput: { 'data-testid': 'diffusion-body', maxLength: 4096 } }}
          />
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary">
              {t('diffusions.form.insert')}
            </Typography>
            {TEMPLATE_PLACEHOLDERS.map((placeholder) => (
              <Chip
                key={placeholder}
                size="small"
                variant="outlined"
                label={placeholder}
                onClick={() => insert(placeholder)}
                data-testid={`diffusion-insert-${placeholder.slice(1)}`}
              />
            ))}
          </Box>
          {message.body.trim() !== '' && (
            <MessagePreview
              text={fillPlaceholders(message.body, preview.context)}
              recipient={preview.recipient}
            />
          )}
        </>
      ) : (
        <TemplateMessage
          deviceId={deviceId}
          message={message}
          errors={errors}
          preview={preview}
          onChange={onChange}
        />
      )}
    </Box>
  );
};
