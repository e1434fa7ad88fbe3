import {
  type BotIntegrationType,
  CHATGPT_METHODS,
  CHATGPT_TOOL_TYPES,
  type Device,
  type Integration,
  isMaskedSecret,
} from '@conversa/domain';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  IconButton,
  InputAdornment,
  MenuItem,
  Switch,
  TextField,
  type TextFieldProps,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAccountDevice, useAccount } from '../../../shared/account/use-account';
import { ApiError } from '../../../shared/api-client';
import { notify } from '../../../shared/notify';
import { LANGUAGE_OPTIONS } from '../../../shared/ui/flags';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { DeviceDot, IntegrationAvatar } from './integration-brand';
import {
  emptyForm,
  errorKey,
  type FormErrors,
  formOf,
  type IntegrationForm,
  inputOf,
  rangeOf,
  updateInputOf,
  validate,
} from './integration-form';
import { useCreateIntegration, useUpdateIntegration } from './integrations-api';

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

type IntegrationDialogProps = {
  /** The bot edited, or the type of a new one. */
  integration?: Integration & { type: BotIntegrationType };
  type: BotIntegrationType;
  /** The company's other bots: a device answered by one of them cannot be chosen (one bot per device). */
  others: readonly Integration[];
  onClose: () => void;
};

/**
 * A ChatGPT or Dialogflow bot: its name, the devices it answers on, its connection and answer settings and
 * the handoff rules. The domain's rules check it as the person types; the server's refusals show on the
 * fields they name. Secrets come masked and, left as they are, keep the stored ones.
 */
export const IntegrationDialog = ({ integration, type, others, onClose }: IntegrationDialogProps) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const account = useAccount();
  const devices = useMemo(() => account.list_device.filter(isAccountDevice), [account.list_device]);
  const takenBy = useMemo(
    () =>
      new Map(
        others
          .filter((other) => other.id !== integration?.id)
          .flatMap((other) => other.device_ids.map((id) => [id, other.name] as const)),
      ),
    [others, integration?.id],
  );
  const create = useCreateIntegration();
  const update = useUpdateIntegration();
  const [form, setForm] = useState<IntegrationForm>(() =>
    integration ? formOf(integration) : emptyForm(type),
  );
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isKeyShown, setIsKeyShown] = useState(false);
  const isPending = create.isPending || update.isPending;

  const errors = validate(form);
  const errorOf = (at: string): string | undefined => {
    if (serverErrors[at]) return serverErrors[at];
    const error = errors[at];
    return error && (wasSubmitted || touched.has(at)) ? t(error.key, error.params) : undefined;
  };

  const change = (at: string, patch: Partial<IntegrationForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setTouched((current) => new Set([...current, at]));
    setServerErrors(({ [at]: _changed, ...rest }) => rest);
  };
  const changeConfig = (key: string, value: string) => {
    setForm((current) => ({ ...current, config: { ...current.config, [key]: value } }));
    setTouched((current) => new Set([...current, `config.${key}`]));
    setServerErrors(({ [`config.${key}`]: _changed, ...rest }) => rest);
  };

  /** The props every setting's field shares: its value, its error or hint, and a test id. */
  const configField = (key: string, hint?: string): TextFieldProps => {
    const error = errorOf(`config.${key}`);
    return {
      label: t(`settings.integrations.config.${key}`),
      value: form.config[key] ?? '',
      onChange: (event) => changeConfig(key, event.target.value),
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
    integration && isMaskedSecret(form.config[key] ?? '') ? t('settings.integrations.keepSecret') : undefined;

  const loadCredentials = async (file: File) => {
    const text = await file.text();
    changeConfig('credentials', text);
    try {
      const parsed: unknown = JSON.parse(text);
      const projectId =
        typeof parsed === 'object' && parsed !== null && 'project_id' in parsed ? parsed.project_id : null;
      if (typeof projectId === 'string' && (form.config.project_id ?? '') === '') {
        changeConfig('project_id', projectId);
      }
    } catch {
      notify(t('settings.integrations.notJson'), 'warning');
    }
  };

  const submit = async () => {
    setWasSubmitted(true);
    setFailure(null);
    if (Object.keys(validate(form)).length > 0) return;
    try {
      const saved = integration
        ? await update.mutateAsync({ id: integration.id, input: updateInputOf(form) })
        : await create.mutateAsync(inputOf(form));
      notify(
        t(integration ? 'settings.integrations.saved' : 'settings.integrations.created', {
          name: saved.name,
        }),
        'success',
      );
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const byField: FormErrors = {};
      for (const issue of error.errors) byField[errorKey(issue.path.split('.'))] ??= issue.message;
      setServerErrors(byField);
      setFailure(error.info || t('errors.generic'));
    }
  };

  const typeLabel = t(`settings.integrations.types.${form.type}`);
  const devicesError = errorOf('device_ids');
  const chosenDevices = devices.filter((device) => form.device_ids.includes(device.id));

  return (
    <Dialog
      open
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={isPhone}
      data-testid="integration-dialog"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <IntegrationAvatar type={form.type} size={36} />
          {integration
            ? t('settings.integrations.editTitle', { name: integration.name })
            : t('settings.integrations.newTitle', { type: typeLabel })}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 3 }}>
          <Typography color="text.secondary">{t(`settings.integrations.intro.${form.type}`)}</Typography>
          {failure && (
            <Alert severity="error" data-testid="integration-dialog-error">
              {failure}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2 }}>
            <TextField
              required
              autoFocus
              label={t('settings.integrations.name')}
              value={form.name}
              error={Boolean(errorOf('name'))}
              helperText={errorOf('name')}
              onChange={(event) => change('name', { name: event.target.value })}
              slotProps={{ htmlInput: { 'data-testid': 'integration-name', maxLength: 100 } }}
            />
            <Autocomplete<Device, true>
              multiple
              options={devices}
              value={chosenDevices}
              getOptionLabel={(device) => device.name}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              getOptionDisabled={(device) => takenBy.has(device.id)}
              onChange={(_event, chosen) =>
                change('device_ids', { device_ids: chosen.map((device) => device.id) })
              }
              noOptionsText={t('settings.integrations.noDevices')}
              renderOption={({ key, ...props }, device) => (
                <li key={key} {...props} data-testid={`integration-device-option-${device.id}`}>
                  <DeviceDot color={device.color} />
                  <Box sx={{ display: 'grid' }}>
                    <span>{device.name}</span>
                    {takenBy.has(device.id) && (
                      <Typography variant="caption" color="text.secondary">
                        {t('settings.integrations.deviceTaken', { name: takenBy.get(device.id) })}
                      </Typography>
                    )}
                  </Box>
                </li>
              )}
              renderValue={(chosen, getItemProps) =>
                chosen.map((device, index) => (
                  <Chip
                    {...getItemProps({ index })}
                    key={device.id}
                    size="small"
                    icon={<DeviceDot color={device.color} />}
                    label={device.name}
                  />
                ))
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('settings.integrations.devices')}
                  error={Boolean(devicesError)}
                  helperText={devicesError ?? t('settings.integrations.devicesHint')}
                  slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'integration-devices' } }}
                />
              )}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={form.answer_new_conversations}
                  onChange={(event) =>
                    change('answer_new_conversations', { answer_new_conversations: event.target.checked })
                  }
                  slotProps={{ input: { 'data-testid': 'integration-answer-new' } as object }}
                />
              }
              label={
                <Box sx={{ display: 'grid' }}>
                  <span>{t('settings.integrations.answerNew')}</span>
                  <Typography variant="caption" color="text.secondary">
                    {t('settings.integrations.answerNewHint')}
                  </Typography>
                </Box>
              }
            />
          </Box>

          <Section title={t('settings.integrations.connection')}>
            {form.type === 'chatgpt' ? (
              <>
                <TextField
                  {...configField('api_key', secretHint('api_key'))}
                  required
                  type={isKeyShown ? 'text' : 'password'}
                  autoComplete="off"
                  onFocus={selectMasked}
                  slotProps={{
                    htmlInput: { 'data-testid': 'integration-config-api_key', maxLength: 500 },
                    input: {
                      endAdornment: (
                        <InputAdornment position="end">
                          <IconButton
                            edge="end"
                            aria-label={t(
                              isKeyShown ? 'settings.integrations.hideKey' : 'settings.integrations.showKey',
                            )}
                            onClick={() => setIsKeyShown((current) => !current)}
                          >
                            {isKeyShown ? <VisibilityOff /> : <Visibility />}
                          </IconButton>
                        </InputAdornment>
                      ),
                    },
                  }}
                />
                <Box sx={TWO_COLUMNS}>
                  <TextField
                    {...configField('bot_model', t('settings.integrations.botModelHint'))}
                    required
                  />
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isPending}>
            {t('common.cancel')}
          </Button>
          <SubmitButton isPending={isPending} data-testid="integration-dialog-submit">
            {t(integration ? 'settings.integrations.save' : 'settings.integrations.create')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
};
