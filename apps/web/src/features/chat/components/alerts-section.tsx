import { List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formattersFor } from '../../../shared/format/intl-format';
import { storage } from '../../../shared/storage';
import { alertOf } from '../alerts';
import type { StoredAlert } from '../api/get-alerts';

const seenKey = (userId: string) => `alerts.seen.${userId}`;

/**
 * Which of the person's alerts they have not seen in the bell yet (remembered on this browser by the last
 * seq seen), and the way to mark them all seen once the bell is opened.
 */
export const useUnseenAlerts = (userId: string, alerts: readonly StoredAlert[]) => {
  const [seen, setSeen] = useState(() => Number(storage.getItem(seenKey(userId)) ?? 0));
  const newest = alerts[0]?.seq ?? 0;
  return {
    seen,
    unseen: alerts.filter((alert) => alert.seq > seen).length,
    markSeen: () => {
      if (newest <= seen) return;
      storage.setItem(seenKey(userId), String(newest));
      setSeen(newest);
    },
  };
};

/**
 * The bell's alerts: the conversations handed to the person lately (newest first, the server keeps three
 * days), those not seen before in bold; a click opens the conversation.
 */
export const AlertsSection = ({
  alerts,
  seen,
  onOpen,
  isAlone,
}: {
  alerts: readonly StoredAlert[];
  seen: number;
  onOpen: (contactId: string) => void;
  /** Nothing else in the bell (no tasks to show): an empty list then says so instead of leaving a blank. */
  isAlone: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const format = formattersFor(i18n.language);
  const shown = alerts.flatMap((alert) => {
    const conversation = alertOf(alert);
    return conversation ? [{ alert, conversation }] : [];
  });
  if (shown.length === 0) {
    return isAlone ? (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid="alerts-empty">
        {t('alerts.bell.empty')}
      </Typography>
    ) : null;
  }
  return (
    <>
      <Typography variant="overline" color="text.secondary" sx={{ px: 2, pt: 1, display: 'block' }}>
        {t('alerts.bell.title')}
      </Typography>
      <List dense disablePadding data-testid="alerts-list">
        {shown.map(({ alert, conversation }) => (
          <ListItemButton
            key={alert.seq}
            onClick={() => onOpen(conversation.contactId)}
            data-testid="alerts-item"
            data-unseen={alert.seq > seen}
          >
            <ListItemText
              primary={conversation.body || conversation.title}
              secondary={format.dateTime(alert.create_date)}
              slotProps={{
                primary: { dir: 'auto', sx: { fontWeight: alert.seq > seen ? 600 : 400 } },
              }}
            />
          </ListItemButton>
        ))}
      </List>
    </>
  );
};
