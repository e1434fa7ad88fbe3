import type { BotIntegrationType, Integration } from '@conversa/domain';
import { Box, FormControlLabel, Switch, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isAccountDevice, useAccount } from '../../../shared/account/use-account';
import { notify } from '../../../shared/notify';
import { BotDevicesField } from './bot-devices-field';
import { BotSettingsFields } from './bot-settings-fields';
import { IntegrationAvatar } from './integration-brand';
import { emptyForm, formOf, inputOf, updateInputOf, validate } from './integration-form';
import { useCreateIntegration, useUpdateIntegration } from './integrations-api';
import { NameField, SettingsFormDialog } from './settings-form-dialog';
import { useSettingsForm } from './use-settings-form';

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
  const { form, change, errorOf, failure, submit } = useSettingsForm({
    initial: () => (integration ? formOf(integration) : emptyForm(type)),
    validate,
  });
  const changeConfig = (key: string, value: string) =>
    change(`config.${key}`, (current) => ({ config: { ...current.config, [key]: value } }));

  const save = async () => {
    const saved = integration
      ? await update.mutateAsync({ id: integration.id, input: updateInputOf(form) })
      : await create.mutateAsync(inputOf(form));
    notify(
      t(integration ? 'settings.integrations.saved' : 'settings.integrations.created', { name: saved.name }),
      'success',
    );
    onClose();
  };

  return (
    <SettingsFormDialog
      testId="integration-dialog"
      title={
        <>
          <IntegrationAvatar type={form.type} size={36} />
          {integration
            ? t('settings.integrations.editTitle', { name: integration.name })
            : t('settings.integrations.newTitle', { type: t(`settings.integrations.types.${form.type}`) })}
        </>
      }
      maxWidth="md"
      gap={3}
      intro={t(`settings.integrations.intro.${form.type}`)}
      failure={failure}
      isPending={create.isPending || update.isPending}
      submitLabel={t(integration ? 'settings.integrations.save' : 'settings.integrations.create')}
      onSubmit={() => void submit(save)}
      onClose={onClose}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <NameField
          value={form.name}
          error={errorOf('name')}
          testId="integration-name"
          onChange={(name) => change('name', { name })}
        />
        <BotDevicesField
          devices={devices}
          chosen={form.device_ids}
          takenBy={takenBy}
          error={errorOf('device_ids')}
          onChange={(device_ids) => change('device_ids', { device_ids })}
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
      <BotSettingsFields
        form={form}
        errorOf={errorOf}
        onChange={changeConfig}
        isEdit={integration !== undefined}
      />
    </SettingsFormDialog>
  );
};
