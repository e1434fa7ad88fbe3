import { type Diffusion, nextWindowOpening } from '@conversa/domain';
import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import ScheduleOutlined from '../../../shared/icons/ScheduleOutlined';

/**
 * When the next message will really go, said whenever the send window is closed at the moment asked for
 * (now, or the scheduled start), in the company's time zone: a diffusion never waits silently.
 */
export const NextStart = ({
  window,
  scheduledAt,
}: {
  window: Diffusion['send_window'];
  scheduledAt: string | null;
}) => {
  const { t, i18n } = useTranslation();
  const { client } = useAccount();
  if (window.days.length === 0) return null;
  const asked = new Date(Math.max(Date.now(), Date.parse(scheduledAt ?? '') || 0));
  const at = nextWindowOpening(window, asked, client.timezone);
  if (at === undefined || at <= asked) return null;
  const date = new Intl.DateTimeFormat(i18n.language === 'ar' ? 'ar-u-nu-latn' : i18n.language, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: client.timezone,
  }).format(at);
  return (
    <Alert severity="info" icon={<ScheduleOutlined />} data-testid="diffusion-next-start">
      {t('diffusions.nextStart', { date, timezone: client.timezone })}
    </Alert>
  );
};
