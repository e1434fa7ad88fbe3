import type { Integration, SchedulingIntegrationType } from '@conversa/domain';
import { Alert, Box, Button, Divider, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api-client';
import ListAltOutlined from '../../../../shared/icons/ListAltOutlined';
import { notify } from '../../../../shared/notify';
import { useCreateIntegration, useUpdateIntegration } from '../integrations-api';
import { NameField, SettingsFormDialog } from '../settings-form-dialog';
import { useSettingsForm } from '../use-settings-form';
import { AutoConfirmationFields } from './auto-confirmation-fields';
import { CredentialFields } from './credential-fields';
import { useCatalog } from './scheduling-api';
import { SchedulingAvatar } from './scheduling-brand';
import {
  emptySchedulingForm,
  fieldOf,
  schedulingFormOf,
  schedulingInputOf,
  schedulingUpdateOf,
  validateScheduling,
} from './scheduling-form';
import { StandardFields } from './standard-fields';

type SchedulingDialogProps = {
  /** The integration edited, or the type of a new one. */
  integration?: Integration & { type: SchedulingIntegrationType };
  type: SchedulingIntegrationType;
  onClose: () => void;
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" sx={{ display: 'grid', gap: 2 }}>
    <Divider />
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/**
 * A scheduling system: its name, its connection (or, for the Standard agenda, its professionals, branches
 * and slot) and the optional daily run. Saving checks the credentials with the provider; a refusal of the
 * account's state ids shows on those fields. On an edit of Dentalink or Medilink the account's states can
 * be read from it and chosen by name.
 */
export const SchedulingDialog = ({ integration, type, onClose }: SchedulingDialogProps) => {
  const { t } = useTranslation();
  const defaultMessage = t('confirmations.form.defaultMessage');
  const create = useCreateIntegration();
  const update = useUpdateIntegration();
  const { form, change, errorOf, failure, submit } = useSettingsForm({
    initial: () =>
      integration ? schedulingFormOf(integration, defaultMessage) : emptySchedulingForm(type, defaultMessage),
    validate: validateScheduling,
    fieldOf,
  });
  const hasStates = integration !== undefined && (type === 'dentalink' || type === 'medilink');
  const [isCatalogWanted, setIsCatalogWanted] = useState(false);
  const catalog = useCatalog(integration?.id ?? '', hasStates && isCatalogWanted);

  const save = async () => {
    const saved = integration
      ? await update.mutateAsync({ id: integration.id, input: schedulingUpdateOf(form) })
      : await create.mutateAsync(schedulingInputOf(form));
    if (saved.status === 'error') {
      notify(t('settings.scheduling.savedWithError', { name: saved.name }), 'warning', saved.error);
    } else {
      notify(
        t(integration ? 'settings.scheduling.saved' : 'settings.scheduling.created', { name: saved.name }),
        'success',
      );
    }
    onClose();
  };

  const catalogAction = hasStates && (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      <Button
        size="small"
        startIcon={<ListAltOutlined />}
        loading={catalog.isFetching}
        loadingPosition="start"
        onClick={() => (isCatalogWanted ? void catalog.refetch() : setIsCatalogWanted(true))}
        data-testid="scheduling-load-states"
      >
        {t('settings.scheduling.loadStates')}
      </Button>
      {catalog.isError && (
        <Alert severity="error">
          {catalog.error instanceof ApiError ? catalog.error.info : t('settings.scheduling.catalog.failed')}
        </Alert>
      )}
    </Box>
  );

  return (
    <SettingsFormDialog
      testId="scheduling-dialog"
      title={
        <>
          <SchedulingAvatar type={type} size={36} />
          {integration
            ? t('settings.integrations.editTitle', { name: integration.name })
            : t('settings.scheduling.newTitle', { type: t(`settings.scheduling.types.${type}`) })}
        </>
      }
      maxWidth="md"
      gap={2.5}
      intro={t(`settings.scheduling.intro.${type}`)}
      failure={failure}
      isPending={create.isPending || update.isPending}
      submitLabel={t(integration ? 'settings.integrations.save' : 'settings.scheduling.create')}
      onSubmit={() => void submit(save)}
      onClose={onClose}
    >
      <NameField
        value={form.name}
        error={errorOf('name')}
        testId="scheduling-name"
        onChange={(name) => change('name', { name })}
      />
      {type === 'standard' ? (
        <StandardFields form={form} errorOf={errorOf} onChange={change} />
      ) : (
        <CredentialFields
          form={form}
          errorOf={errorOf}
          onChange={change}
          isEdit={integration !== undefined}
          catalog={catalog.data}
          catalogAction={catalogAction}
        />
      )}
      <Section title={t('settings.scheduling.auto.title')}>
        <AutoConfirmationFields
          auto={form.auto}
          errorOf={errorOf}
          onChange={(patch) =>
            change('config.auto_confirmation', (current) => ({ auto: { ...current.auto, ...patch } }))
          }
        />
      </Section>
    </SettingsFormDialog>
  );
};
