import { type Integration, isMaskedSecret, type WebhookEvent } from '@conversa/domain';
import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../shared/notify';
import { useCreateIntegration, useUpdateIntegration } from '../integrations-api';
import { SecretField } from '../secret-field';
import { SecretOnce } from '../secret-once';
import { NameField, SettingsFormDialog } from '../settings-form-dialog';
import { useSettingsForm } from '../use-settings-form';
import {
  EVENT_GROUPS,
  type EventGroup,
  emptyWebhookForm,
  eventsOf,
  validateWebhook,
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
  const create = useCreateIntegration();
  const update = useUpdateIntegration();
  const isEdit = integration !== undefined;
  const { form, change, errorOf, serverErrors, failure, submit } = useSettingsForm({
    initial: () => (integration ? webhookFormOf(integration) : emptyWebhookForm()),
    validate: (current) => validateWebhook(current, isEdit),
  });
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);

  const save = async () => {
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
  };

  const eventsError = errorOf('config.events');
  const secretError = errorOf('config.secret');
  const secretHint =
    isEdit && isMaskedSecret(form.secret)
      ? t('settings.integrations.keepSecret')
      : t(isEdit ? 'settings.webhooks.newSecretHint' : 'settings.webhooks.secretHint');

  return (
    <SettingsFormDialog
      testId="webhook-dialog"
      title={
        created
          ? t('settings.webhooks.secretTitle')
          : integration
            ? t('settings.integrations.editTitle', { name: integration.name })
            : t('settings.webhooks.newTitle')
      }
      maxWidth="md"
      gap={2.5}
      intro={t('settings.webhooks.dialogIntro')}
      failure={failure}
      isPending={create.isPending || update.isPending}
      submitLabel={t(integration ? 'settings.integrations.save' : 'settings.webhooks.create')}
      onSubmit={() => void submit(save)}
      onClose={onClose}
      secretStep={
        created && (
          <SecretOnce
            warning={t('settings.webhooks.secretOnce', { name: created.name })}
            secret={created.secret}
            copyLabel={t('settings.webhooks.copySecret')}
            doneLabel={t('settings.webhooks.secretSaved')}
            testId="webhook-secret"
            onDone={onClose}
            howTo={t('settings.webhooks.howToVerify')}
            example={SIGNATURE_FORMULA}
          />
        )
      }
    >
      <NameField
        value={form.name}
        error={errorOf('name')}
        testId="webhook-name"
        onChange={(name) => change('name', { name })}
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
      <SecretField
        label={t('settings.webhooks.secret')}
        value={form.secret}
        required={isEdit}
        error={Boolean(secretError)}
        helperText={secretError ?? secretHint}
        onChange={(event) => change('config.secret', { secret: event.target.value })}
        showLabel={t('settings.webhooks.showSecret')}
        hideLabel={t('settings.webhooks.hideSecret')}
        slotProps={{ htmlInput: { 'data-testid': 'webhook-secret-input', dir: 'ltr', maxLength: 200 } }}
      />
    </SettingsFormDialog>
  );
};
