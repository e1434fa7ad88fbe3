import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Menu,
  MenuItem,
  Tooltip,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import LockOpen from '../../../shared/icons/LockOpen';
import type { ChatListParams } from '../api/get-chats';
import { useUnlockAll } from '../api/unlock-all';
import { useUnlockChatMany } from '../api/unlock-chats';
import { releaseControlMode } from '../release-control';

type Action = 'unlockchatmany' | 'unlockall';

/** Bulk release by permission: both → a menu, one → a single confirmed action, none → nothing. */
export const ReleaseControl = ({
  canUnlockMany,
  canUnlockAll,
  find,
}: {
  canUnlockMany: boolean;
  canUnlockAll: boolean;
  find: ChatListParams;
}) => {
  const { t } = useTranslation();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState<Action | null>(null);
  const unlockMany = useUnlockChatMany();
  const unlockAll = useUnlockAll();
  const mode = releaseControlMode(canUnlockMany, canUnlockAll);
  if (mode.kind === 'hidden') return null;

  const run = (action: Action) => {
    if (action === 'unlockall') unlockAll.mutate();
    else unlockMany.mutate(find);
    setConfirming(null);
  };

  return (
    <>
      <Tooltip title={t('chat.release.title')}>
        <IconButton
          aria-label={t('chat.release.title')}
          data-testid="release-control"
          onClick={(event) =>
            mode.kind === 'menu' ? setMenuAnchor(event.currentTarget) : setConfirming(mode.action)
          }
        >
          <LockOpen />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        {(['unlockchatmany', 'unlockall'] as const).map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setMenuAnchor(null);
              setConfirming(action);
            }}
          >
            {t(`chat.release.${action}`)}
          </MenuItem>
        ))}
      </Menu>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)}>
        <DialogTitle>{confirming ? t(`chat.release.${confirming}`) : ''}</DialogTitle>
        <DialogContent>
          <DialogContentText>{confirming ? t(`chat.release.${confirming}Confirm`) : ''}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{t('common.cancel')}</Button>
          <Button variant="contained" color="warning" onClick={() => confirming && run(confirming)}>
            {t('chat.release.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
