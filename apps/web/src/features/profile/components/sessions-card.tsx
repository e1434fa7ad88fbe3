import {
  Card,
  CardContent,
  Chip,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formattersFor } from '../../../shared/format/intl-format';
import LogoutOutlined from '../../../shared/icons/LogoutOutlined';
import { notify } from '../../../shared/notify';
import { useMySessions, useRevokeSession } from '../api/sessions';

/**
 * Where the account is signed in; any other session can be closed from here, and its sockets with it
 * (by the person themself: not while the master acts as them).
 */
export const SessionsCard = ({ canRevoke }: { canRevoke: boolean }) => {
  const { t, i18n } = useTranslation();
  const sessions = useMySessions();
  const revoke = useRevokeSession();
  const format = formattersFor(i18n.language);

  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="h6" component="h2">
          {t('profile.sessionsTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('profile.sessionsHelp')}
        </Typography>
        {sessions.isPending && <CircularProgress size={24} aria-label={t('common.loading')} />}
        <List dense data-testid="profile-sessions">
          {(sessions.data ?? []).map((session) => (
            <ListItem
              key={session.id}
              divider
              data-testid="profile-session"
              secondaryAction={
                session.current ? (
                  <Chip size="small" color="success" label={t('profile.currentSession')} />
                ) : canRevoke ? (
                  <Tooltip title={t('profile.revokeSession')}>
                    <IconButton
                      edge="end"
                      aria-label={t('profile.revokeSession')}
                      disabled={revoke.isPending}
                      onClick={() =>
                        revoke.mutate(session.id, { onSuccess: (info) => notify(info, 'success') })
                      }
                      data-testid="profile-session-revoke"
                    >
                      <LogoutOutlined />
                    </IconButton>
                  </Tooltip>
                ) : undefined
              }
            >
              <ListItemText
                primary={session.device || t('profile.unknownDevice')}
                secondary={t('profile.sessionDetails', {
                  ip: session.ip || '—',
                  lastSeen: format.dateTime(session.last_seen),
                })}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
};
