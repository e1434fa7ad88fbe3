import type { Integration } from '@conversa/domain';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../shared/notify';
import { useCreateIntegration, useUpdateIntegration } from '../integrations-api';
import { NameField, SettingsFormDialog } from '../settings-form-dialog';
import { useSettingsForm } from '../use-settings-form';
import { ZohoFields } from './zoho-fields';
import { emptyZohoForm, validateZoho, zohoFormOf, zohoInputOf, zohoUpdateOf } from './zoho-form';

type ZohoDialogProps = {
  /** The integration edited; none for a new one. */
  integration?: Integration;
  onClose: () => void;
};

/** Zoho CRM's connection: the data centre, the self-client's credentials and which records go to Zoho. */
export const ZohoDialog = ({ integration, onClose }: ZohoDialogProps) => {
  const { t } = useTranslation();
  const create = useCreateIntegration();
  const update = useUpdateIntegration();
  const { form, change, errorOf, failure, submit } = useSettingsForm({
    initial: () => (integration ? zohoFormOf(integration) : emptyZohoForm()),
    validate: validateZoho,
  });

  const save = async () => {
    const saved = integration
      ? await update.mutateAsync({ id: integration.id, input: zohoUpdateOf(form) })
      : await create.mutateAsync(zohoInputOf(form));
    notify(t(integration ? 'settings.zoho.saved' : 'settings.zoho.created', { name: saved.name }), 'success');
    onClose();
  };

  return (
    <SettingsFormDialog
      testId="zoho-dialog"
      title={
        integration ? t('settings.zoho.editTitle', { name: integration.name }) : t('settings.zoho.newTitle')
      }
      maxWidth="sm"
      intro={t('settings.zoho.intro')}
      failure={failure}
      isPending={create.isPending || update.isPending}
      submitLabel={t(integration ? 'settings.integrations.save' : 'settings.zoho.create')}
      onSubmit={() => void submit(save)}
      onClose={onClose}
    >
      <NameField
        value={form.name}
        error={errorOf('name')}
        testId="zoho-name"
        onChange={(name) => change('name', { name })}
      />
      <ZohoFields form={form} errorOf={errorOf} onChange={change} isEdit={integration !== undefined} />
    </SettingsFormDialog>
  );
};
