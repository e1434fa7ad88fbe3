import { type Contact, TIMING } from '@conversa/domain';
import {
  Badge,
  Box,
  Fab,
  IconButton,
  InputAdornment,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAccount } from '../../../shared/account/use-account';
import { formatRelativeDate } from '../../../shared/format/relative-date';
import Chat from '../../../shared/icons/Chat';
import Close from '../../../shared/icons/Close';
import Search from '../../../shared/icons/Search';
import { useDebounced } from '../../../shared/use-debounced';
import { useChats } from '../api/get-chats';
import { storePendingContact } from '../open-conversation';
import { ContactAvatar } from './contact-avatar';

const POPOVER_WIDTH = 325;

/** The chat button outside the chat pages: a quick list of conversations that opens one in the inbox. */
export const FloatingChat = () => {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useAccount();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), TIMING.searchDebounceMs);
  const fixed = useRef(user.fixed);
  fixed.current = user.fixed;
  const isOpen = anchor !== null;
  const params = useMemo(
    () => ({ filter: 'All' as const, option: 'allMessages' as const, search }),
    [search],
  );
  const query = useChats(params, () => fixed.current);
  const contacts = query.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = contacts.filter((contact) => contact.message.numpending > 0).length;
  if (location.pathname.startsWith('/app/chat')) return null;

  const open = (contact: Contact) => {
    setAnchor(null);
    storePendingContact(contact.id);
    navigate('/app/chat');
  };

  return (
    <>
      <Fab
        color="primary"
        // The name holds the count the badge shows (WCAG 2.5.3, label in name).
        aria-label={
          unread > 0
            ? `${t('chat.floating.open')} (${unread > 99 ? '99+' : unread})`
            : t('chat.floating.open')
        }
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ position: 'fixed', insetInlineEnd: 24, bottom: 24, zIndex: (theme) => theme.zIndex.speedDial }}
        data-testid="floating-chat"
      >
        <Badge color="error" badgeContent={unread} max={99}>
          <Chat />
        </Badge>
      </Fab>
      <Popover
        open={isOpen}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        slotProps={{
          paper: { sx: { width: POPOVER_WIDTH, maxHeight: 480, display: 'flex', flexDirection: 'column' } },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1.5 }}>
          <Typography variant="subtitle1" sx={{ flex: 1 }}>
            {t('chat.list.title')}
          </Typography>
          <IconButton size="small" aria-label={t('common.close')} onClick={() => setAnchor(null)}>
            <Close fontSize="small" />
          </IconButton>
        </Box>
        <TextField
          size="small"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder={t('chat.list.search')}
          sx={{ mx: 2, my: 1 }}
          slotProps={{
            htmlInput: { 'aria-label': t('chat.list.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <List dense sx={{ overflowY: 'auto', flex: 1 }}>
          {query.isPending &&
            [1, 2, 3].map((key) => (
              <ListItem key={key} aria-hidden="true">
                <Skeleton variant="rounded" height={48} sx={{ flex: 1 }} />
              </ListItem>
            ))}
          {!query.isPending && contacts.length === 0 && (
            <ListItem sx={{ justifyContent: 'center', py: 3 }}>
              <Typography variant="body2" color="text.secondary">
                {t('chat.list.empty')}
              </Typography>
            </ListItem>
          )}
          {contacts.map((contact) => (
            <ListItem key={contact.id} disablePadding>
              <ListItemButton onClick={() => open(contact)} sx={{ gap: 1.5 }}>
                <ContactAvatar contact={contact} size={36} />
                <ListItemText
                  primary={contact.info.full_name}
                  secondary={
                    contact.message.info?.type_msg === 'chat'
                      ? contact.message.info.body
                      : t(`chat.types.${contact.message.info?.type_msg ?? 'chat'}`)
                  }
                  slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                  sx={{ minWidth: 0 }}
                />
                <Box sx={{ display: 'grid', justifyItems: 'end', gap: 0.5, flexShrink: 0 }}>
                  {contact.message.info && (
                    <Typography variant="caption" color="text.secondary">
                      {formatRelativeDate(new Date(contact.message.info.timestamp), t, i18n.language)}
                    </Typography>
                  )}
                  {contact.message.numpending > 0 && (
                    <Badge color="primary" badgeContent={contact.message.numpending} sx={{ mr: 1 }} />
                  )}
                </Box>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Popover>
    </>
  );
};
