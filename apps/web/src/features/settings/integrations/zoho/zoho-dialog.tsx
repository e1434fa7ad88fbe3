import type { Integration } from '@conversa/domain';
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
import { ApiError } from '../../../../shared/api-client';
import { notify } from '../../../../shared/notify';
import { SubmitButton } from '../../../../shared/ui/submit-button';
import { errorKey } from '../integration-form';
import { useCreateIntegration, useUpdateIntegration } from '../integrations-api';
import { ZohoFields } from './zoho-fields';
import {
  emptyZohoForm,
  validateZoho,
  type ZohoForm,
  zohoFormOf,
  zohoInputOf,
  zohoUpdateOf,
} from './zoho-form';

type ZohoDialogProps = {
  /** The integration edited; none for a new one. */
  integration?: Integration;
  onClose: () => void;
};

/** Zoho CRM's connection: the data centre, the self-client's credentials and which records go to Zoho. */
export const ZohoDialog = ({ integration, onClose }: ZohoDialogProps) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const create = useCreateIntegration();
  const update = useUpdateIntegration();
  const [form, setForm] = useState<ZohoForm>(() => (integration ? zohoFormOf(integration) : emptyZohoForm()));
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const isPending = create.isPending || update.isPending;

  const errors = validateZoho(form);
  const errorOf = (at: string): string | undefined => {
    if (serverErrors[at]) return serverErrors[at];
    const key = errors[at];
    return key && (wasSubmitted || touched.has(at)) ? t(key) : undefined;
  };

  const change = (at: string, patch: Partial<ZohoForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setTouched((current) => new Set([...current, at]));
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => field !== at)),
    );
  };

  const submit = async () => {
    setWasSubmitted(true);
    setFailure(null);
    if (Object.keys(validateZoho(form)).length > 0) return;
    try {
      const saved = integration
        ? await update.mutateAsync({ id: integration.id, input: zohoUpdateOf(form) })
        : await create.mutateAsync(zohoInputOf(form));
      notify(
        t(integration ? 'settings.zoho.saved' : 'settings.zoho.created', { name: saved.name }),
        'success',
      );
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const byField: Record<string, string> = {};
      for (const issue of error.errors) byField[errorKey(issue.path.split('.'))] ??= issue.message;
      setServerErrors(byField);
      setFailure(error.info || t('errors.generic'));
    }
  };

  return (
    <Dialog
      open
      onClose={() => {
        if (!isPending) onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
      data-testid="zoho-dialog"
    >
      <DialogTitle id={titleId}>
        {integration ? t('settings.zoho.editTitle', { name: integration.name }) : t('settings.zoho.newTitle')}
      </DialogTitle>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography color="text.secondary">{t('settings.zoho.intro')}</Typography>
          {failure && (
            <Alert severity="error" data-testid="zoho-dialog-error">
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
              slotProps={{ htmlInput: { 'data-testid': 'zoho-name', maxLength: 100 } }}
            />
            <ZohoFields form={form} errorOf={errorOf} onChange={change} isEdit={integration !== undefined} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isPending}>
            {t('common.cancel')}
          </Button>
          <SubmitButton isPending={isPending} data-testid="zoho-dialog-submit">
            {t(integration ? 'settings.integrations.save' : 'settings.zoho.create')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
};
