import { type Integration, isMaskedSecret } from '@conversa/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../../shared/account/use-account';
import { ApiError } from '../../../../shared/api-client';
import { notify } from '../../../../shared/notify';
import { SubmitButton } from '../../../../shared/ui/submit-button';
import { errorKey } from '../integration-form';
import { useCreateIntegration, useUpdateIntegration } from '../integrations-api';
import { SecretOnce } from '../secret-once';
import { YeastarFields } from './yeastar-fields';
import {
  emptyYeastarForm,
  validateYeastar,
  type YeastarForm,
  yeastarFormOf,
  yeastarInputOf,
  yeastarUpdateOf,
  yeastarWebhookUrl,
} from './yeastar-form';

/** Where a server's field error shows: an extension row's own field, else as the other forms place it. */
const fieldOf = (path: string): string =>
  /^config\.extensions\.\d+\./.test(path) ? path : errorKey(path.split('.'));

type YeastarDialogProps = {
  /** The PBX edited; none for a new one. */
  integration?: Integration;
  onClose: () => void;
};

/**
 * A Yeastar PBX: its address, API credentials and the extension of each user. Once created, the address to
 * paste in the PBX's webhook settings is shown with its secret, this once.
 */
export const YeastarDialog = ({ integration, onClose }: YeastarDialogProps) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const { list_user } = useAccount();
  const create = useCreateIntegration();
  const update = useUpdateIntegration();
  const [form, setForm] = useState<YeastarForm>(() =>
    integration ? yeastarFormOf(integration) : emptyYeastarForm(),
  );
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; url: string } | null>(null);
  const isPending = create.isPending || update.isPending;

  const errors = validateYeastar(form);
  const errorOf = (at: string): string | undefined => {
    if (serverErrors[at]) return serverErrors[at];
    const key = errors[at];
    const isShown = wasSubmitted || [...touched].some((field) => at.startsWith(field));
    return key && isShown ? t(key) : undefined;
  };

  const change = (at: string, patch: Partial<YeastarForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setTouched((current) => new Set([...current, at]));
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !field.startsWith(at))),
    );
  };

  const submit = async () => {
    setWasSubmitted(true);
    setFailure(null);
    if (Object.keys(validateYeastar(form)).length > 0) return;
    try {
      if (integration) {
        const kept = String(integration.config.webhook_secret ?? '');
        const saved = await update.mutateAsync({ id: integration.id, input: yeastarUpdateOf(form, kept) });
        notify(t('settings.yeastar.saved', { name: saved.name }), 'success');
        onClose();
        return;
      }
      const saved = await create.mutateAsync(yeastarInputOf(form));
      notify(t('settings.yeastar.created', { name: saved.name }), 'success');
      const secret = saved.config.webhook_secret;
      if (typeof secret === 'string' && !isMaskedSecret(secret)) {
        setCreated({ name: saved.name, url: yeastarWebhookUrl(window.location.origin, saved.id, secret) });
      } else {
        onClose();
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const byField: Record<string, string> = {};
      for (const issue of error.errors) byField[fieldOf(issue.path)] ??= issue.message;
      setServerErrors(byField);
      setFailure(error.info || t('errors.generic'));
    }
  };

  return (
    <Dialog
      open
      // The webhook address is shown once: only its button closes that step, not a click beside the dialog.
      onClose={(_event, reason) => {
        if (isPending || (created && reason === 'backdropClick')) return;
        onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
      data-testid="yeastar-dialog"
    >
      <DialogTitle id={titleId}>
        {created
          ? t('settings.yeastar.webhookTitle')
          : integration
            ? t('settings.yeastar.editTitle', { name: integration.name })
            : t('settings.yeastar.newTitle')}
      </DialogTitle>
      {created ? (
        <SecretOnce
          warning={t('settings.yeastar.webhookOnce', { name: created.name })}
          secret={created.url}
          copyLabel={t('settings.yeastar.copyWebhook')}
          doneLabel={t('settings.webhooks.secretSaved')}
          testId="yeastar-webhook-url"
          onDone={onClose}
        >
          <Typography variant="body2" color="text.secondary">
            {t('settings.yeastar.webhookHowTo')}
          </Typography>
        </SecretOnce>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            <Typography color="text.secondary">{t('settings.yeastar.intro')}</Typography>
            {failure && (
              <Alert severity="error" data-testid="yeastar-dialog-error">
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
                slotProps={{ htmlInput: { 'data-testid': 'yeastar-name', maxLength: 100 } }}
              />
              <YeastarFields
                form={form}
                users={list_user}
                errorOf={errorOf}
                onChange={change}
                isEdit={integration !== undefined}
              />
            </Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={isPending}>
              {t('common.cancel')}
            </Button>
            <SubmitButton isPending={isPending} data-testid="yeastar-dialog-submit">
              {t(integration ? 'settings.integrations.save' : 'settings.integrations.create')}
            </SubmitButton>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
};
