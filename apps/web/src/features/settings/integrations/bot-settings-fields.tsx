import { CHATGPT_METHODS, CHATGPT_TOOL_TYPES, isMaskedSecret } from '@conversa/domain';
import { Box, Button, Divider, MenuItem, TextField, type TextFieldProps, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import UploadFileOutlined from '../../../shared/icons/UploadFileOutlined';
import { notify } from '../../../shared/notify';
import { LANGUAGE_OPTIONS } from '../../../shared/ui/flags';
import { type IntegrationForm, rangeOf } from './integration-form';
import { SecretField } from './secret-field';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" sx={{ display: 'grid', gap: 2 }}>
    <Divider />
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

const TWO_COLUMNS = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

type BotSettingsFieldsProps = {
  form: IntegrationForm;
  errorOf: (at: string) => string | undefined;
  onChange: (key: string, value: string) => void;
  /** An edit's secrets come masked and, left as they are, keep the stored ones. */
  isEdit: boolean;
};

/**
 * A bot's own settings, under its name and devices: how it connects to its provider (ChatGPT's key and
 * model, or Dialogflow's service account), how it answers, and to whom it hands the conversation over.
 */
export const BotSettingsFields = ({ form, errorOf, onChange, isEdit }: BotSettingsFieldsProps) => {
  const { t } = useTranslation();
  const account = useAccount();

  /** The props every setting's field shares: its value, its error or hint, and a test id. */
  const configField = (key: string, hint?: string): TextFieldProps => {
    const error = errorOf(`config.${key}`);
    return {
      label: t(`settings.integrations.config.${key}`),
      value: form.config[key] ?? '',
      onChange: (event) => onChange(key, event.target.value),
      error: Boolean(error),
      helperText: error ?? hint,
      fullWidth: true,
      slotProps: { htmlInput: { 'data-testid': `integration-config-${key}` } },
    };
  };
  const numberField = (key: string): TextFieldProps => {
    const range = rangeOf(form.type, key);
    return {
      ...configField(key, range ? t('settings.integrations.range', range) : undefined),
      required: true,
      slotProps: {
        htmlInput: {
          'data-testid': `integration-config-${key}`,
          inputMode: key === 'temperature' ? 'decimal' : 'numeric',
        },
      },
    };
  };
  /** A masked secret is chosen whole on focus, so typing replaces it instead of adding to the dots. */
  const selectMasked = (event: { target: HTMLInputElement | HTMLTextAreaElement }) => {
    if (isMaskedSecret(event.target.value)) event.target.select();
  };
  const secretHint = (key: string) =>
    isEdit && isMaskedSecret(form.config[key] ?? '') ? t('settings.integrations.keepSecret') : undefined;

  const loadCredentials = async (file: File) => {
    const text = await file.text();
    onChange('credentials', text);
    try {
      const parsed: unknown = JSON.parse(text);
      const projectId =
        typeof parsed === 'object' && parsed !== null && 'project_id' in parsed ? parsed.project_id : null;
      if (typeof projectId === 'string' && (form.config.project_id ?? '') === '') {
        onChange('project_id', projectId);
      }
    } catch {
      notify(t('settings.integrations.notJson'), 'warning');
    }
  };

  return (
    <>
      <Section title={t('settings.integrations.connection')}>
        {form.type === 'chatgpt' ? (
          <>
            <SecretField
              {...configField('api_key', secretHint('api_key'))}
              required
              showLabel={t('settings.integrations.showKey')}
              hideLabel={t('settings.integrations.hideKey')}
              slotProps={{ htmlInput: { 'data-testid': 'integration-config-api_key', maxLength: 500 } }}
            />
            <Box sx={TWO_COLUMNS}>
              <TextField {...configField('bot_model', t('settings.integrations.botModelHint'))} required />
              <TextField {...configField('method')} select>
                {CHATGPT_METHODS.map((method) => (
                  <MenuItem key={method} value={method}>
                    {t(`settings.integrations.methods.${method}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                {...configField('tool_type', t('settings.integrations.toolTypeHint'))}
                select
                slotProps={{
                  select: {
                    SelectDisplayProps: { 'data-testid': 'integration-config-tool_type' } as object,
                  },
                }}
              >
                {CHATGPT_TOOL_TYPES.map((toolType) => (
                  <MenuItem key={toolType} value={toolType}>
                    {t(`settings.integrations.toolTypes.${toolType}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
          </>
        ) : (
          <>
            <TextField
              {...configField(
                'credentials',
                secretHint('credentials') ?? t('settings.integrations.credentialsHint'),
              )}
              required
              multiline
              minRows={3}
              maxRows={8}
              onFocus={selectMasked}
              slotProps={{
                htmlInput: {
                  'data-testid': 'integration-config-credentials',
                  spellCheck: false,
                  dir: 'ltr',
                  style: { fontFamily: 'monospace', fontSize: 13 },
                },
              }}
            />
            <Button
              component="label"
              variant="outlined"
              startIcon={<UploadFileOutlined />}
              sx={{ justifySelf: 'start' }}
            >
              {t('settings.integrations.loadCredentials')}
              <input
                hidden
                type="file"
                accept=".json,application/json"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void loadCredentials(file);
                  event.target.value = '';
                }}
              />
            </Button>
            <Box sx={TWO_COLUMNS}>
              <TextField {...configField('project_id')} required />
              <TextField
                {...configField('language')}
                select
                slotProps={{
                  // '' is a choice of its own (the contact's language), so it shows instead of an empty box.
                  select: {
                    displayEmpty: true,
                    SelectDisplayProps: { 'data-testid': 'integration-config-language' } as object,
                  },
                  inputLabel: { shrink: true },
                }}
              >
                <MenuItem value="">{t('settings.integrations.contactLanguage')}</MenuItem>
                {LANGUAGE_OPTIONS.map((option) => (
                  <MenuItem key={option.locale} value={option.locale} lang={option.locale}>
                    {option.name}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
          </>
        )}
      </Section>

      <Section title={t('settings.integrations.answers')}>
        <Box sx={TWO_COLUMNS}>
          {form.type === 'chatgpt' && (
            <>
              <TextField {...numberField('temperature')} />
              <TextField {...numberField('max_tokens')} />
              <TextField {...numberField('context_message_limit')} />
            </>
          )}
          <TextField {...numberField('max_messages_per_day')} />
        </Box>
        {form.type === 'chatgpt' && (
          <TextField
            {...configField('system_prompt', t('settings.integrations.systemPromptHint'))}
            multiline
            minRows={4}
            maxRows={12}
          />
        )}
      </Section>

      <Section title={t('settings.integrations.handoff')}>
        <Typography variant="body2" color="text.secondary">
          {t('settings.integrations.handoffHint')}
        </Typography>
        <Box sx={TWO_COLUMNS}>
          <TextField
            {...configField('handoff_user_id')}
            select
            slotProps={{
              // '' is a choice of its own (the unassigned queue), so it shows instead of an empty box.
              select: {
                displayEmpty: true,
                SelectDisplayProps: { 'data-testid': 'integration-config-handoff_user_id' } as object,
              },
              inputLabel: { shrink: true },
            }}
          >
            <MenuItem value="">{t('settings.integrations.unassigned')}</MenuItem>
            {account.list_user.map((user) => (
              <MenuItem key={user.id} value={user.id}>
                {user.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            {...configField('handoff_text', t('settings.integrations.handoffTextHint'))}
            multiline
            minRows={2}
          />
        </Box>
      </Section>
    </>
  );
};
