import { type Integration, isMaskedSecret } from '@conversa/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../../shared/account/use-account';
import { notify } from '../../../../shared/notify';
import { errorKey } from '../integration-form';
import { useCreateIntegration, useUpdateIntegration } from '../integrations-api';
import { SecretOnce } from '../secret-once';
import { NameField, SettingsFormDialog } from '../settings-form-dialog';
import { useSettingsForm } from '../use-settings-form';
import { YeastarFields } from './yeastar-fields';
import {
  emptyYeastarForm,
  validateYeastar,
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
  const { list_user } = useAccount();
  const create = useCreateIntegration();
  const update = useUpdateIntegration();
  const { form, change, errorOf, failure, submit } = useSettingsForm({
    initial: () => (integration ? yeastarFormOf(integration) : emptyYeastarForm()),
    validate: validateYeastar,
    fieldOf,
  });
  const [created, setCreated] = useState<{ name: string; url: string } | null>(null);

  const save = async () => {
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
  };

  return (
    <SettingsFormDialog
      testId="yeastar-dialog"
      title={
        created
          ? t('settings.yeastar.webhookTitle')
          : integration
            ? t('settings.yeastar.editTitle', { name: integration.name })
            : t('settings.yeastar.newTitle')
      }
      maxWidth="sm"
      intro={t('settings.yeastar.intro')}
      failure={failure}
      isPending={create.isPending || update.isPending}
      submitLabel={t(integration ? 'settings.integrations.save' : 'settings.integrations.create')}
      onSubmit={() => void submit(save)}
      onClose={onClose}
      secretStep={
        created && (
          <SecretOnce
            warning={t('settings.yeastar.webhookOnce', { name: created.name })}
            secret={created.url}
            copyLabel={t('settings.yeastar.copyWebhook')}
            doneLabel={t('settings.webhooks.secretSaved')}
            testId="yeastar-webhook-url"
            onDone={onClose}
            howTo={t('settings.yeastar.webhookHowTo')}
          />
        )
      }
    >
      <NameField
        value={form.name}
        error={errorOf('name')}
        testId="yeastar-name"
        onChange={(name) => change('name', { name })}
      />
      <YeastarFields
        form={form}
        users={list_user}
        errorOf={errorOf}
        onChange={change}
        isEdit={integration !== undefined}
      />
    </SettingsFormDialog>
  );
};
