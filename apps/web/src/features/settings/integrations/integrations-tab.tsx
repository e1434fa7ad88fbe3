import {
  BOT_INTEGRATION_TYPES,
  type BotIntegrationType,
  type Device,
  type Integration,
  isBotIntegrationType,
} from '@conversa/domain';
import { Box, Chip, TableCell, TableRow, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAccountDevice, useAccount, useCan } from '../../../shared/account/use-account';
import SmartToyOutlined from '../../../shared/icons/SmartToyOutlined';
import { usePaging } from '../../../shared/ui/paged-table';
import { wideOnly } from '../../../shared/ui/table-styles';
import { ApiKeysSection } from './api-keys/api-keys-section';
import { DeviceDot, IntegrationAvatar } from './integration-brand';
import { IntegrationDialog } from './integration-dialog';
import { DeleteIntegrationDialog, IntegrationCells, IntegrationHeadCells } from './integration-row-parts';
import { IntegrationSection, SectionTable } from './integration-section';
import { useIntegrationList } from './integrations-api';
import { useIntegrationsLive } from './integrations-live';
import { IntegrationNameCell, NewIntegrationMenu } from './new-integration-menu';
import { SchedulingSection } from './scheduling/scheduling-section';
import { WebhooksSection } from './webhooks/webhooks-section';
import { YeastarSection } from './yeastar/yeastar-section';
import { ZohoSection } from './zoho/zoho-section';

type BotIntegration = Integration & { type: BotIntegrationType };

const isBot = (integration: Integration): integration is BotIntegration =>
  isBotIntegrationType(integration.type);

type RowProps = {
  integration: BotIntegration;
  devices: ReadonlyMap<string, Device>;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

const IntegrationRow = ({ integration, devices, canEdit, onEdit, onDelete }: RowProps) => {
  const { t } = useTranslation();
  const answered = integration.device_ids.flatMap((id) => devices.get(id) ?? []);

  return (
    <TableRow data-testid="integration-row" data-id={integration.id} hover>
      <IntegrationNameCell
        avatar={<IntegrationAvatar type={integration.type} size={36} />}
        name={integration.name}
        caption={t(`settings.integrations.types.${integration.type}`)}
        testId="integration"
      />
      <TableCell sx={wideOnly} data-testid="integration-devices">
        {answered.length === 0 ? (
          <Typography variant="caption" color="text.secondary">
            {t('settings.integrations.noDeviceChosen')}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {answered.map((device) => (
              <Chip
                key={device.id}
                size="small"
                variant="outlined"
                icon={<DeviceDot color={device.color} />}
                label={device.name}
              />
            ))}
          </Box>
        )}
      </TableCell>
      <IntegrationCells
        integration={integration}
        texts="settings.integrations"
        testId="integration"
        lastCallTestId="integration-last-sync"
        canEdit={canEdit}
        hasActionsColumn={canEdit}
        onEdit={onEdit}
        onDelete={onDelete}
      />
    </TableRow>
  );
};

type Editing = { type: BotIntegrationType; integration?: BotIntegration };

/**
 * The company's answer bots (ChatGPT, Dialogflow): the devices each answers on, whether its provider
 * answered the last call and when; below them, the webhooks and the API keys. With setting.edit they are created, tested,
 * edited and deleted here; changes made elsewhere (a colleague, a bot that fell into error) show live.
 */
export const IntegrationsTab = () => {
  const { t } = useTranslation();
  const canEdit = useCan()('setting.edit');
  const account = useAccount();
  const paging = usePaging();
  const query = useIntegrationList({ page: paging.page, offset: paging.offset });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<BotIntegration | null>(null);
  useIntegrationsLive();
  const devices = useMemo(
    () => new Map(account.list_device.filter(isAccountDevice).map((device) => [device.id, device])),
    [account.list_device],
  );
  const rows = (query.data?.rows ?? []).filter(isBot);

  return (
    <Box sx={{ display: 'grid', gap: 5 }}>
      <IntegrationSection
        testId="bots"
        title={t('settings.integrations.botsTitle')}
        intro={t('settings.integrations.intro.list')}
        action={
          canEdit && (
            <NewIntegrationMenu
              label={t('settings.integrations.new')}
              types={BOT_INTEGRATION_TYPES}
              avatar={(type) => <IntegrationAvatar type={type} size={32} />}
              nameOf={(type) => t(`settings.integrations.types.${type}`)}
              descriptionOf={(type) => t(`settings.integrations.choice.${type}`)}
              testId="integration-new"
              onChoose={(type) => setEditing({ type })}
            />
          )
        }
      >
        <SectionTable
          list={{ paging, query, rows }}
          label={t('settings.tab.integrations')}
          testId="integration-rows"
          loadFailed={t('settings.integrations.loadFailed')}
          empty={{
            icon: SmartToyOutlined,
            title: t('settings.integrations.empty'),
            description: t('settings.integrations.emptyHelp'),
          }}
          columns={4}
          hasActions={canEdit}
          head={
            <>
              <TableCell>{t('settings.integrations.column.bot')}</TableCell>
              <TableCell sx={wideOnly}>{t('settings.integrations.column.devices')}</TableCell>
              <IntegrationHeadCells />
            </>
          }
        >
          {rows.map((integration) => (
            <IntegrationRow
              key={integration.id}
              integration={integration}
              devices={devices}
              canEdit={canEdit}
              onEdit={() => setEditing({ type: integration.type, integration })}
              onDelete={() => setDeleting(integration)}
            />
          ))}
        </SectionTable>
        {editing && (
          <IntegrationDialog
            key={editing.integration?.id ?? `new-${editing.type}`}
            type={editing.type}
            integration={editing.integration}
            others={rows}
            onClose={() => setEditing(null)}
          />
        )}
        <DeleteIntegrationDialog
          deleting={deleting}
          texts="settings.integrations"
          testId="integration"
          onClose={() => setDeleting(null)}
        />
      </IntegrationSection>
      <SchedulingSection />
      <WebhooksSection />
      <YeastarSection />
      <ZohoSection />
      <ApiKeysSection />
    </Box>
  );
};
