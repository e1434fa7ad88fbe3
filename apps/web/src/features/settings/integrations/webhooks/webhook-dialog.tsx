import { type Integration, isMaskedSecret, type WebhookEvent } from '@conversa/domain';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  IconButton,
  InputAdornment,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api-client';
import { notify } from '../../../../shared/notify';
import { SubmitButton } from '../../../../shared/ui/submit-button';
import { errorKey } from '../integration-form';
import { useCreateIntegration, useUpdateIntegration } from '../integrations-api';
import { SecretOnce } from '../secret-once';
import {
  EVENT_GROUPS,
  type EventGroup,
  emptyWebhookForm,
  eventsOf,
  validateWebhook,
  type WebhookForm,
  webhookFormOf,
  webhookInputOf,
  webhookUpdateOf,
} from './webhook-form';

/** How a receiver checks a delivery; the same in every language, so it is not translated. */
const SIGNATURE_FORMULA = 'X-Conversa-Signature: sha256=HMAC-SHA256(secret, body)';

/** One record's events, with a box that ticks or clears them all. */
const EventGroupBoxes = ({
  group,
  chosen,
  onChange,
}: {
  group: EventGroup;
  chosen: readonly WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
}) => {
  const { t } = useTranslation();
  const events = eventsOf(group);
  const ticked = events.filter((event) => chosen.includes(event));
  const isAll = ticked.length === events.length;
  const others = chosen.filter((event) => !events.includes(event));
  return (
    <FormControl component="fieldset" data-testid={`webhook-group-${group}`}>
      <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {t(`settings.webhooks.groups.${group}`)}
      </FormLabel>
      <FormControlLabel
        label={t('settings.webhooks.allOfGroup')}
        control={
          <Checkbox
            size="small"
            checked={isAll}
            indeterminate={ticked.length > 0 && !isAll}
            onChange={(event) => onChange(event.target.checked ? [...others, ...events] : others)}
            slotProps={{ input: { 'data-testid': `webhook-group-all-${group}` } as object }}
          />
        }
      />
      <FormGroup sx={{ marginInlineStart: 3 }}>
        {events.map((webhookEvent) => (
          <FormControlLabel
            key={webhookEvent}
            label={t(`settings.webhooks.events.${webhookEvent}`)}
            control={
              <Checkbox
                size="small"
                checked={chosen.includes(webhookEvent)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...chosen, webhookEvent]
                      : chosen.filter((e) => e !== webhookEvent),
                  )
                }
                slotProps={{ input: { 'data-testid': `webhook-event-${webhookEvent}` } as object }}
              />
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
};

/** The whole secret, shown this once, with how a receiver checks a delivery with it. */
const SecretStep = ({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) => {
  const { t } = useTranslation();
  return (
    <SecretOnce
      warning={t('settings.webhooks.secretOnce', { name })}
      secret={secret}
      copyLabel={t('settings.webhooks.copySecret')}
      doneLabel={t('settings.webhooks.secretSaved')}
      testId="webhook-secret"
      onDone={onDone}
    >
      <Typography variant="body2" color="text.secondary">
        {t('settings.webhooks.howToVerify')}
      </Typography>
      <Box
        component="code"
        dir="ltr"
        sx={{ fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all', textAlign: 'start' }}
      >
        {SIGNATURE_FORMULA}
      </Box>
    </SecretOnce>
  );
};

type WebhookDialogProps = {
  /** The webhook edited; none for a new one. */
  integration?: Integration;
  onClose: () => void;
};

/**
 * A webhook: its name, the URL that receives the deliveries, the events sent to it and optionally its own
 * signing secret. A new webhook's secret is shown whole once, after it is created; an edit shows it masked,
 * and left as it is it keeps the stored one.
 */
export const WebhookDialog = ({ integration, onClose }: WebhookDialogProps) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const create = useCreateIntegration();
  const update = useUpdateIntegration();
  const [form, setForm] = useState<WebhookForm>(() =>
    integration ? webhookFormOf(integration) : emptyWebhookForm(),
  );
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSecretShown, setIsSecretShown] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const isPending = create.isPending || update.isPending;
  const isEdit = integration !== undefined;

  const errors = validateWebhook(form, isEdit);
  const errorOf = (at: string): string | undefined => {
    if (serverErrors[at]) return serverErrors[at];
    const key = errors[at];
    return key && (wasSubmitted || touched.has(at)) ? t(key) : undefined;
  };

  const change = (at: string, patch: Partial<WebhookForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setTouched((current) => new Set([...current, at]));
    setServerErrors(({ [at]: _changed, ...rest }) => rest);
  };

  const submit = async () => {
    setWasSubmitted(true);
    setFailure(null);
    if (Object.keys(validateWebhook(form, isEdit)).length > 0) return;
    try {
      if (integration) {
        const saved = await update.mutateAsync({ id: integration.id, input: webhookUpdateOf(form) });
        notify(t('settings.webhooks.saved', { name: saved.name }), 'success');
        onClose();
        return;
      }
      const saved = await create.mutateAsync(webhookInputOf(form));
      notify(t('settings.webhooks.created', { name: saved.name }), 'success');
      const { secret } = saved.config;
      if (typeof secret === 'string' && !isMaskedSecret(secret)) {
        setCreated({ name: saved.name, secret });
      } else {
        onClose();
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const byField: Record<string, string> = {};
      for (const issue of error.errors) byField[errorKey(issue.path.split('.'))] ??= issue.message;
      setServerErrors(byField);
      setFailure(error.info || t('errors.generic'));
    }
  };

  const eventsError = errorOf('config.events');
  const secretError = errorOf('config.secret');
  const secretHint =
    isEdit && isMaskedSecret(form.secret)
      ? t('settings.integrations.keepSecret')
      : t(isEdit ? 'settings.webhooks.newSecretHint' : 'settings.webhooks.secretHint');

  return (
    <Dialog
      open
      // The secret is shown once: only its button closes that step, not a click beside the dialog.
      onClose={(_event, reason) => {
        if (isPending || (created && reason === 'backdropClick')) return;
        onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={isPhone}
      data-testid="webhook-dialog"
    >
      <DialogTitle id={titleId}>
        {created
          ? t('settings.webhooks.secretTitle')
          : integration
            ? t('settings.integrations.editTitle', { name: integration.name })
            : t('settings.webhooks.newTitle')}
      </DialogTitle>
      {created ? (
        <SecretStep name={created.name} secret={created.secret} onDone={onClose} />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
            <Typography color="text.secondary">{t('settings.webhooks.dialogIntro')}</Typography>
            {failure && (
              <Alert severity="error" data-testid="webhook-dialog-error">
                {failure}
              </Alert>
            )}
            <TextField
              required
              autoFocus
              label={t('settings.integrations.name')}
              value={form.name}
              error={Boolean(errorOf('name'))}
              helperText={errorOf('name')}
              onChange={(event) => change('name', { name: event.target.value })}
              slotProps={{ htmlInput: { 'data-testid': 'webhook-name', maxLength: 100 } }}
            />
            <TextField
              required
              type="url"
              label={t('settings.webhooks.url')}
              placeholder="https://crm.example.com/conversa"
              value={form.url}
              error={Boolean(errorOf('config.url'))}
              helperText={errorOf('config.url') ?? t('settings.webhooks.urlHint')}
              onChange={(event) => change('config.url', { url: event.target.value })}
              slotProps={{ htmlInput: { 'data-testid': 'webhook-url', dir: 'ltr', maxLength: 2048 } }}
            />
            <FormControl component="fieldset" error={Boolean(eventsError)} required>
              <FormLabel component="legend" sx={{ mb: 1 }}>
                {t('settings.webhooks.eventsLabel')}
              </FormLabel>
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
                }}
              >
                {EVENT_GROUPS.map((group) => (
                  <EventGroupBoxes
                    key={group}
                    group={group}
                    chosen={form.events}
                    onChange={(events) => change('config.events', { events })}
                  />
                ))}
              </Box>
              {eventsError && (
                <FormHelperText data-testid="webhook-events-error">
                  {serverErrors['config.events'] ?? t('settings.webhooks.chooseEvents')}
                </FormHelperText>
              )}
            </FormControl>
            <TextField
              label={t('settings.webhooks.secret')}
              value={form.secret}
              type={isSecretShown ? 'text' : 'password'}
              autoComplete="off"
              required={isEdit}
              error={Boolean(secretError)}
              helperText={secretError ?? secretHint}
              onChange={(event) => change('config.secret', { secret: event.target.value })}
              onFocus={(event) => {
                // A masked secret is chosen whole, so typing replaces it instead of adding to the dots.
                if (isMaskedSecret(event.target.value)) event.target.select();
              }}
              slotProps={{
                htmlInput: { 'data-testid': 'webhook-secret-input', dir: 'ltr', maxLength: 200 },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        edge="end"
                        aria-label={t(
                          isSecretShown ? 'settings.webhooks.hideSecret' : 'settings.webhooks.showSecret',
                        )}
                        onClick={() => setIsSecretShown((shown) => !shown)}
                      >
                        {isSecretShown ? <VisibilityOff /> : <Visibility />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={isPending}>
              {t('common.cancel')}
            </Button>
            <SubmitButton isPending={isPending} data-testid="webhook-dialog-submit">
              {t(integration ? 'settings.integrations.save' : 'settings.webhooks.create')}
            </SubmitButton>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
};
