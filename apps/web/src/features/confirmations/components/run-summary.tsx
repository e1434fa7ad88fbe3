import type { ConfirmationRun } from '@conversa/domain';
import { Box, Card, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isAccountDevice, useAccount } from '../../../shared/account/use-account';
import { formattersFor } from '../../../shared/format/intl-format';

const Line = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: { xs: 0, sm: 2 } }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

/** What a run sends, from which device, and its moments: start, deadline, when it began and ended. */
export const RunSummary = ({ run }: { run: ConfirmationRun }) => {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  const formatters = formattersFor(i18n.language);
  const device = account.list_device.filter(isAccountDevice).find((item) => item.id === run.device_id);
  const moment = (value: string | null, empty: string) => (value ? formatters.dateTime(value) : empty);
  return (
    <Card variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }} data-testid="run-summary">
      <Line label={t('confirmations.form.device')}>{device?.name ?? '-'}</Line>
      <Line label={t('confirmations.form.message')}>
        {run.template_id ? (
          t('confirmations.detail.template', { parameters: run.parameters.join(' · ') || '-' })
        ) : (
          // The company's own words, in whatever language and direction they were written.
          <Box component="span" dir="auto" sx={{ display: 'block' }}>
            {run.message}
          </Box>
        )}
      </Line>
      <Line label={t('confirmations.form.sendAt')}>
        {moment(run.send_at, t('confirmations.detail.manualStart'))}
      </Line>
      <Line label={t('confirmations.form.replyDeadline')}>{moment(run.reply_deadline, '-')}</Line>
      <Line label={t('confirmations.detail.started')}>{moment(run.started_at, '-')}</Line>
      <Line label={t('confirmations.detail.completed')}>{moment(run.completed_at, '-')}</Line>
    </Card>
  );
};
