import type { Diffusion } from '@conversa/domain';
import { Box, Card, Chip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import { formattersFor } from '../../../shared/format/intl-format';
import { NextStart } from './next-start';
import { weekdayName } from './schedule-section';

const Line = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: 1, py: 0.5 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Box sx={{ minWidth: 0 }}>{children}</Box>
  </Box>
);

/** The states whose next message still waits for the send window to open. */
const WAITING_STATUSES: readonly Diffusion['status'][] = ['draft', 'scheduled', 'running'];

/** What the diffusion sends, to whom, when and at what pace, in words. */
export const DiffusionSummary = ({ diffusion }: { diffusion: Diffusion }) => {
  const { t, i18n } = useTranslation();
  const { list_dinamic, list_device, client } = useAccount();
  const formatters = formattersFor(i18n.language);
  const device = (list_device as { id?: string; name?: string }[]).find(
    (item) => item.id === diffusion.device_id,
  );
  const lists = list_dinamic.filter((item) => diffusion.audience.list_ids.includes(item.id));
  const { pacing, send_window: window } = diffusion;
  return (
    <Card variant="outlined" sx={{ p: 2 }}>
      <Line label={t('diffusions.form.device')}>{device?.name ?? '-'}</Line>
      <Line label={t('diffusions.form.audience')}>
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2">{t(`diffusions.modules.${diffusion.audience.module}`)}</Typography>
          {lists.map((item) => (
            <Chip key={item.id} size="small" label={item.name} sx={{ bgcolor: item.color, color: '#fff' }} />
          ))}
          {diffusion.audience.filters.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('diffusions.detail.filters', { count: diffusion.audience.filters.length })}
            </Typography>
          )}
        </Box>
      </Line>
      <Line label={t('diffusions.form.message')}>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {diffusion.message.type === 'chat' ? diffusion.message.body : t('diffusions.form.templateType')}
        </Typography>
      </Line>
      <Line label={t('diffusions.form.schedule')}>
        {diffusion.scheduled_at
          ? formatters.dateTime(diffusion.scheduled_at)
          : t('diffusions.form.scheduleNow')}
      </Line>
      <Line label={t('diffusions.form.window.title', { timezone: client.timezone })}>
        <span dir="ltr">
          {window.from}–{window.to}
        </span>{' '}
        · {window.days.map((day) => weekdayName(i18n.language, day)).join(', ')}
        {WAITING_STATUSES.includes(diffusion.status) && (
          <Box sx={{ mt: 1 }}>
            <NextStart window={window} scheduledAt={diffusion.scheduled_at} />
          </Box>
        )}
      </Line>
      <Line label={t('diffusions.form.pace')}>{t('diffusions.detail.pacing', pacing)}</Line>
      <Line label={t('diffusions.form.maxMonthly')}>
        {t('diffusions.detail.responses', {
          count: diffusion.count_current_responses,
          max: diffusion.max_monthly_responses || '∞',
        })}
      </Line>
    </Card>
  );
};
