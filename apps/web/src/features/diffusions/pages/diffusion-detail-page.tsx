import { Box, Button, Card, Skeleton, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import ArrowBack from '../../../shared/icons/ArrowBack';
import { PageHeader } from '../../../shared/ui/page-header';
import { useDiffusionDetail } from '../api/diffusions';
import { DiffusionActions } from '../components/diffusion-actions';
import { DiffusionDialog } from '../components/diffusion-dialog';
import { DiffusionProgress } from '../components/diffusion-progress';
import { DiffusionStatusChip } from '../components/diffusion-status-chip';
import { DiffusionSummary } from '../components/diffusion-summary';
import { DiffusionTotals } from '../components/diffusion-totals';
import { RecipientsTable } from '../components/recipients-table';
import { useDiffusionsLive } from '../diffusions-live';

const LIST_PATH = '/app/diffusions';

/**
 * One diffusion (/app/diffusions/{id}): its live counters and progress, state and why it paused, the
 * actions its state allows, what it sends, and its recipients with each one's state and reason.
 */
export const DiffusionDetailPage = () => {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const detail = useDiffusionDetail(id);
  const [isEditing, setIsEditing] = useState(false);
  useDiffusionsLive();
  const diffusion = detail.data;

  const back = (
    <Button
      component={RouterLink}
      to={LIST_PATH}
      startIcon={<ArrowBack sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }} />}
      sx={{ mb: 1 }}
    >
      {t('diffusions.detail.back')}
    </Button>
  );
  if (!diffusion) {
    return (
      <Box>
        {back}
        <Skeleton variant="rounded" height={160} />
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        {back}
        <PageHeader
          title={diffusion.name}
          actions={
            <DiffusionActions
              diffusion={diffusion}
              size="medium"
              onEdit={() => setIsEditing(true)}
              onDeleted={() => navigate(LIST_PATH)}
            />
          }
        />
        <DiffusionStatusChip diffusion={diffusion} />
      </Box>
      <Card variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
        <DiffusionProgress totals={diffusion.totals} isWide />
        <DiffusionTotals totals={diffusion.totals} />
      </Card>
      <DiffusionSummary diffusion={diffusion} />
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="h6" component="h2">
          {t('diffusions.recipients.title')}
        </Typography>
        <RecipientsTable diffusionId={diffusion.id} />
      </Box>
      <DiffusionDialog isOpen={isEditing} diffusion={diffusion} onClose={() => setIsEditing(false)} />
    </Box>
  );
};
