import { Box, Tab, Tabs } from '@mui/material';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../shared/account/use-account';
import { PageHeader } from '../../shared/ui/page-header';
import { AuditTab } from './audit/audit-tab';
import { CompanyTab } from './company/company-tab';
import { IntegrationsTab } from './integrations/integrations-tab';
import { ListsTab } from './lists/lists-tab';
import { PipelinesTab } from './pipelines/pipelines-tab';
import { useSettingsRealtime } from './realtime';
import { type SettingsTab, tabFrom, visibleTabs } from './settings-tabs';
import { UsersPanel } from './users/users-panel';
import { ViewsTab } from './views/views-tab';

const PANELS: Record<SettingsTab, ComponentType> = {
  company: CompanyTab,
  users: UsersPanel,
  lists: ListsTab,
  pipelines: PipelinesTab,
  integrations: IntegrationsTab,
  views: ViewsTab,
  audit: AuditTab,
};

/** The company's settings in tabs; the open tab is in the address (`?tab=audit`), so it can be linked. */
export const SettingsPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  useSettingsRealtime();
  const visible = visibleTabs(can);
  const tab = tabFrom(params.get('tab'), visible);
  const Panel = PANELS[tab];
  return (
    <>
      <PageHeader title={t('nav.settings')} subtitle={t('settings.subtitle')} />
      <Tabs
        value={tab}
        onChange={(_event, next: SettingsTab) => setParams({ tab: next })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('settings.tabsLabel')}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {visible.map((entry) => (
          <Tab
            key={entry}
            value={entry}
            label={t(`settings.tab.${entry}`)}
            id={`settings-tab-${entry}`}
            aria-controls={`settings-panel-${entry}`}
            data-testid={`settings-tab-${entry}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`}>
        <Panel />
      </Box>
    </>
  );
};
