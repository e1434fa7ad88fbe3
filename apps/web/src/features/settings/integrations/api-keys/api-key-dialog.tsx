import { API_KEY_SCOPES } from '@conversa/domain';
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
import { SecretOnce } from '../secret-once';
import { type ApiKeyForm, apiKeyInputOf, emptyApiKeyForm, validateApiKey } from './api-key-form';
import { useCreateApiKey } from './api-keys-api';

/** How an outside system sends the key; the same in every language, so it is not translated. */
const HEADER_EXAMPLE = 'X-API-Key: cvk_…';

/**
 * A new API key: a name that says which system uses it, the scopes it needs and, if it should stop by
 * itself, the day it expires. Once created, the whole key is shown this once.
 */
export const ApiKeyDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const create = useCreateApiKey();
  const [form, setForm] = useState<ApiKeyForm>(emptyApiKeyForm);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);

  const errors = validateApiKey(form);
  const errorOf = (at: string): string | undefined => {
    if (serverErrors[at]) return serverErrors[at];
    const key = errors[at];
    return key && (wasSubmitted || touched.has(at)) ? t(key) : undefined;
  };

  const change = (at: string, patch: Partial<ApiKeyForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setTouched((current) => new Set([...current, at]));
    setServerErrors(({ [at]: _changed, ...rest }) => rest);
  };

  const submit = async () => {
    setWasSubmitted(true);
    setFailure(null);
    if (Object.keys(validateApiKey(form)).length > 0) return;
    try {
      const saved = await create.mutateAsync(apiKeyInputOf(form));
      notify(t('settings.apiKeys.created', { name: saved.name }), 'success');
      setCreated({ name: saved.name, key: saved.key });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const byField: Record<string, string> = {};
      for (const issue of error.errors) byField[issue.path.split('.')[0] ?? ''] ??= issue.message;
      setServerErrors(byField);
      setFailure(error.info || t('errors.generic'));
    }
  };

  const scopesError = errorOf('scopes');
  const expiryError = errorOf('expires_at');

  return (
    <Dialog
      open
      // The key is shown once: only its button closes that step, not a click beside the dialog.
      onClose={(_event, reason) => {
        if (create.isPending || (created && reason === 'backdropClick')) return;
        onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={isPhone}
      data-testid="api-key-dialog"
    >
      <DialogTitle id={titleId}>
        {created ? t('settings.apiKeys.keyTitle') : t('settings.apiKeys.newTitle')}
      </DialogTitle>
      {created ? (
        <SecretOnce
          warning={t('settings.apiKeys.keyOnce', { name: created.name })}
          secret={created.key}
          copyLabel={t('settings.apiKeys.copyKey')}
          doneLabel={t('settings.apiKeys.keySaved')}
          testId="api-key-secret"
          onDone={onClose}
        >
          <Typography variant="body2" color="text.secondary">
            {t('settings.apiKeys.howToUse')}
          </Typography>
          <Box component="code" dir="ltr" sx={{ fontFamily: 'monospace', fontSize: 13, textAlign: 'start' }}>
            {HEADER_EXAMPLE}
          </Box>
        </SecretOnce>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
            <Typography color="text.secondary">{t('settings.apiKeys.dialogIntro')}</Typography>
            {failure && (
              <Alert severity="error" data-testid="api-key-dialog-error">
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
              slotProps={{ htmlInput: { 'data-testid': 'api-key-name', maxLength: 100 } }}
            />
            <FormControl component="fieldset" error={Boolean(scopesError)} required>
              <FormLabel component="legend">{t('settings.apiKeys.scopesLabel')}</FormLabel>
              <FormGroup>
                {API_KEY_SCOPES.map((scope) => (
                  <FormControlLabel
                    key={scope}
                    label={t(`settings.apiKeys.scopes.${scope}`)}
                    control={
                      <Checkbox
                        checked={form.scopes.includes(scope)}
                        onChange={(event) =>
                          change('scopes', {
                            scopes: event.target.checked
                              ? [...form.scopes, scope]
                              : form.scopes.filter((chosen) => chosen !== scope),
                          })
                        }
                        slotProps={{ input: { 'data-testid': `api-key-scope-${scope}` } as object }}
                      />
                    }
                  />
                ))}
              </FormGroup>
              {scopesError && (
                <FormHelperText data-testid="api-key-scopes-error">
                  {serverErrors.scopes ?? t('settings.apiKeys.chooseScopes')}
                </FormHelperText>
              )}
            </FormControl>
            <TextField
              type="date"
              label={t('settings.apiKeys.expiresOn')}
              value={form.expiresOn}
              error={Boolean(expiryError)}
              helperText={expiryError ?? t('settings.apiKeys.expiresHint')}
              onChange={(event) => change('expires_at', { expiresOn: event.target.value })}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'api-key-expires' },
              }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={create.isPending}>
              {t('common.cancel')}
            </Button>
            <SubmitButton isPending={create.isPending} data-testid="api-key-dialog-submit">
              {t('settings.apiKeys.create')}
            </SubmitButton>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
};
