import type { Contact } from '@conversa/domain';
import {
  Box,
  Button,
  IconButton,
  ListItemText,
  MenuItem,
  Popover,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import SwapHoriz from '../../../shared/icons/SwapHoriz';
import { useUsers } from '../api/get-users';
import { useTransferChat } from '../api/transfer-chat';

/** Hand the conversation to a colleague; only its assignee sees this (spec section 4). */
export const TransferControl = ({
  contact,
  size = 'medium',
}: {
  contact: Contact;
  size?: 'small' | 'medium';
}) => {
  const { t } = useTranslation();
  const { user } = useAccount();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [target, setTarget] = useState('');
  const users = useUsers(anchor !== null);
  const transfer = useTransferChat();
  // Only the assignee transfers (spec section 6); the chat screen itself already needs chat.view.
  if (contact.derivedto !== user.id) return null;
  const colleagues = (users.data ?? []).filter((member) => member.id !== user.id);
  const close = () => {
    setAnchor(null);
    setTarget('');
  };

  return (
    <>
      <Tooltip title={t('chat.transfer.title')}>
        <IconButton
          size={size}
          aria-label={t('chat.transfer.title')}
          data-testid="transfer-open"
          onClick={(event) => {
            event.stopPropagation();
            setAnchor(event.currentTarget);
          }}
        >
          <SwapHoriz fontSize={size === 'small' ? 'small' : 'medium'} />
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        onClick={(event) => event.stopPropagation()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Stack spacing={2} sx={{ p: 2, width: 300 }}>
          <Typography variant="subtitle1">{t('chat.transfer.title')}</Typography>
          <TextField
            select
            size="small"
            label={t('chat.transfer.user')}
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            slotProps={{
              select: { MenuProps: { disablePortal: false } },
              htmlInput: { 'data-testid': 'transfer-user' },
            }}
          >
            {colleagues.length === 0 && (
              <MenuItem disabled value="">
                {users.isPending ? t('common.loading') : t('chat.transfer.nobody')}
              </MenuItem>
            )}
            {colleagues.map((member) => (
              <MenuItem key={member.id} value={member.id} data-testid="transfer-option">
                <Box
                  component="span"
                  aria-label={member.online ? t('chat.transfer.online') : t('chat.transfer.offline')}
                  sx={{
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    bgcolor: member.online ? 'success.main' : 'grey.400',
                    mr: 1.5,
                    flexShrink: 0,
                  }}
                />
                <ListItemText primary={member.name} secondary={member.email} />
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            disabled={target === '' || transfer.isPending}
            data-testid="transfer-submit"
            onClick={() => {
              const userName = colleagues.find((member) => member.id === target)?.name ?? '';
              transfer.mutate({ id: contact.id, userId: target, userName });
              close();
            }}
          >
            {t('chat.transfer.submit')}
          </Button>
        </Stack>
      </Popover>
    </>
  );
};
