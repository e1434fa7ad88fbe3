import { Box, Button, Paper } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccount, useCan } from '../../../shared/account/use-account';
import ViewKanbanOutlined from '../../../shared/icons/ViewKanbanOutlined';
import { RecordsPage } from '../../../shared/records/components/records-page';
import { storage } from '../../../shared/storage';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { DealKanban } from '../components/deal-kanban';
import { DealsActions } from '../components/deals-actions';
import { PipelinePicker } from '../components/pipeline-picker';
import { DEAL_RECORDS } from '../deal-records';

const PIPELINES_SETTINGS = '/app/settings?tab=pipelines';

/** The pipeline the person last looked at is remembered per user on this browser. */
const pipelineKey = (userId: string) => `deals.pipeline.${userId}`;

const NoPipeline = () => {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <PageHeader title={t('nav.deals')} subtitle={t('deals.subtitle')} />
      <Paper variant="outlined">
        <EmptyState
          icon={ViewKanbanOutlined}
          title={t('deals.noPipeline.title')}
          description={t('deals.noPipeline.text')}
          action={
            can('setting.edit') ? (
              <Button
                component={Link}
                to={PIPELINES_SETTINGS}
                variant="contained"
                data-testid="deals-to-pipelines"
              >
                {t('deals.noPipeline.button')}
              </Button>
            ) : undefined
          }
        />
      </Paper>
    </Box>
  );
};

/**
 * /app/deals: a pipeline's board (the pipeline chosen here, remembered; the first by default) under the
 * record kit's search and filters, with the switch to the list and the New deal button.
 */
export const DealsPage = () => {
  const { t } = useTranslation();
  const { user, list_pipeline } = useAccount();
  const [chosen, setChosen] = useState(() => storage.getItem(pipelineKey(user.id)) ?? '');
  const pipeline = list_pipeline.find((candidate) => candidate.id === chosen) ?? list_pipeline[0];
  if (!pipeline) return <NoPipeline />;

  const choose = (id: string) => {
    storage.setItem(pipelineKey(user.id), id);
    setChosen(id);
  };
  return (
    <RecordsPage
      config={DEAL_RECORDS}
      subtitle={t('deals.subtitle')}
      actions={
        <>
          <PipelinePicker pipelines={list_pipeline} value={pipeline.id} onChange={choose} />
          <DealsActions layout="kanban" />
        </>
      }
      board={(query) => (
        <DealKanban key={pipeline.id} pipeline={pipeline} filters={query.filters} logical={query.logical} />
      )}
    />
  );
};
