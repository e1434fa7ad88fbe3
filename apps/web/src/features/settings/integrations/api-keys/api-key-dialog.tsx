import { API_KEY_SCOPES } from '@conversa/domain';
import {
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
import { SecretOnce } from '../secret-once';
import { NameField, SettingsFormDialog } from '../settings-form-dialog';
import { useSettingsForm } from '../use-settings-form';
import { apiKeyInputOf, emptyApiKeyForm, validateApiKey } from './api-key-form';
import { useCreateApiKey } from './api-keys-api';

/** How an outside system sends the key; the same in every language, so it is not translated. */
const HEADER_EXAMPLE = 'X-API-Key: cvk_…';

/**
 * A new API key: a name that says which system uses it, the scopes it needs and, if it should stop by
 * itself, the day it expires. Once created, the whole key is shown this once.
 */
export const ApiKeyDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const { form, change, errorOf, serverErrors, failure, submit } = useSettingsForm({
    initial: emptyApiKeyForm,
    validate: validateApiKey,
  });
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);

  const save = async () => {
    const saved = await create.mutateAsync(apiKeyInputOf(form));
    notify(t('settings.apiKeys.created', { name: saved.name }), 'success');
    setCreated({ name: saved.name, key: saved.key });
  };

  const scopesError = errorOf('scopes');
  const expiryError = errorOf('expires_at');

  return (
    <SettingsFormDialog
      testId="api-key-dialog"
      title={created ? t('settings.apiKeys.keyTitle') : t('settings.apiKeys.newTitle')}
      maxWidth="sm"
      gap={2.5}
      intro={t('settings.apiKeys.dialogIntro')}
      failure={failure}
      isPending={create.isPending}
      submitLabel={t('settings.apiKeys.create')}
      onSubmit={() => void submit(save)}
      onClose={onClose}
      secretStep={
        created && (
          <SecretOnce
            warning={t('settings.apiKeys.keyOnce', { name: created.name })}
            secret={created.key}
            copyLabel={t('settings.apiKeys.copyKey')}
            doneLabel={t('settings.apiKeys.keySaved')}
            testId="api-key-secret"
            onDone={onClose}
            howTo={t('settings.apiKeys.howToUse')}
            example={HEADER_EXAMPLE}
          />
        )
      }
    >
      <NameField
        value={form.name}
        error={errorOf('name')}
        testId="api-key-name"
        onChange={(name) => change('name', { name })}
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
    </SettingsFormDialog>
  );
};
