import type { Diffusion } from '@conversa/domain';
import { Box, Button, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../../shared/account/use-account';
import Add from '../../../shared/icons/Add';
import { PageHeader } from '../../../shared/ui/page-header';
import { DiffusionDialog } from '../components/diffusion-dialog';
import { DiffusionsList } from '../components/diffusions-list';
import { useDiffusionsLive } from '../diffusions-live';
import { TemplatesTab } from '../templates/templates-tab';

type Editing = { diffusion?: Diffusion } | null;

/**
 * /app/diffusions: the company's diffusions, kept live as they send, with New diffusion; and the message
 * templates they may send (`?tab=templates`, so the tab can be linked and survives a reload).
 */
export const DiffusionsPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const [editing, setEditing] = useState<Editing>(null);
  const [params, setParams] = useSearchParams();
  const canSeeTemplates = can('template.view');
  const tab = canSeeTemplates && params.get('tab') === 'templates' ? 'templates' : 'diffusions';
  useDiffusionsLive();
  return (
    <Box>
      <PageHeader
        title={t('nav.diffusions')}
        subtitle={t('diffusions.subtitle')}
        actions={
          tab === 'diffusions' &&
          can('marketing.create') && (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setEditing({})}
              data-testid="new-diffusion"
            >
              {t('diffusions.new')}
            </Button>
          )
        }
      />
      <Tabs
        value={tab}
        onChange={(_event, next: string) => setParams(next === 'templates' ? { tab: next } : {})}
        sx={{ mb: 2 }}
        aria-label={t('nav.diffusions')}
      >
        <Tab value="diffusions" label={t('diffusions.tabs.diffusions')} data-testid="diffusions-tab" />
        {canSeeTemplates && (
          <Tab value="templates" label={t('diffusions.tabs.templates')} data-testid="templates-tab" />
        )}
      </Tabs>
      {tab === 'diffusions' ? (
        <DiffusionsList onEdit={(diffusion) => setEditing({ diffusion })} />
      ) : (
        <TemplatesTab />
      )}
      <DiffusionDialog
        isOpen={editing !== null}
        diffusion={editing?.diffusion}
        onClose={() => setEditing(null)}
      />
    </Box>
  );
};
