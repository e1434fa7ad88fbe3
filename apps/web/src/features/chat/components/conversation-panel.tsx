import {
  Box,
  Button,
  Drawer,
  IconButton,
  Skeleton,
  Switch,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccount, useCan } from '../../../shared/account/use-account';
import ArrowBack from '../../../shared/icons/ArrowBack';
import Close from '../../../shared/icons/Close';
import OpenInFull from '../../../shared/icons/OpenInFull';
import SmartToyOutlined from '../../../shared/icons/SmartToyOutlined';
import StickyNote2Outlined from '../../../shared/icons/StickyNote2Outlined';
import { CallButton } from '../../calls/call-button';
import { useContact } from '../api/get-contact';
import { useLockChat } from '../api/lock-chat';
import { useReleaseChat } from '../api/release-chat';
import { useSetAnswerbot } from '../api/set-answerbot';
import { storePendingContact } from '../open-conversation';
import { Composer } from './composer';
import { ContactAvatar } from './contact-avatar';
import { ContactSidePanel } from './contact-side-panel';
import { MessageList } from './message-list';
import { TransferControl } from './transfer-control';

const NOTES_WIDTH = 300;

/** The selected conversation: header with the assignment controls, messages, composer, notes. */
export const ConversationPanel = ({
  contactId,
  isWidget,
  hasMenuInset = false,
  onBack,
  onClose,
}: {
  contactId: string;
  isWidget: boolean;
  /** The layout's floating menu button sits over the header's start: leave it room. */
  hasMenuInset?: boolean;
  onBack: () => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('xl'), { noSsr: true });
  const navigate = useNavigate();
  const { user, list_user } = useAccount();
  const can = useCan();
  const [isNotesOpen, setIsNotesOpen] = useState(isWide);
  const { data: contact } = useContact(contactId);
  const lock = useLockChat();
  const release = useReleaseChat();
  const answerbot = useSetAnswerbot();

  if (!contact) {
    return (
      <Box sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
        <Skeleton variant="circular" width={44} height={44} />
        <Skeleton width={180} />
      </Box>
    );
  }
  const assignee =
    contact.derivedto === ''
      ? t('chat.panel.notAssigned')
      : contact.derivedto === user.id
        ? t('chat.panel.assignedToMe')
        : (list_user.find((member) => member.id === contact.derivedto)?.name ?? t('chat.panel.anotherUser'));
  const isMine = contact.derivedto === user.id;
  // A conversation the bot answers must be taken back even by its assignee (the composer asks for it).
  const canTake = can('chat.lockchat') && (contact.derivedto === '' || (isMine && contact.answerbot));
  const take = () =>
    isMine ? answerbot.mutate({ id: contact.id, answerbot: false }) : lock.mutate({ id: contact.id });
  const canRelease =
    contact.derivedto !== '' &&
    can('chat.releasechat') &&
    (contact.derivedto === user.id || can('chat.unlockchatmany'));
  const notes = (
    <ContactSidePanel contact={contact} onClose={isWide ? undefined : () => setIsNotesOpen(false)} />
  );

  return (
    <Box sx={{ display: 'flex', height: '100%', minWidth: 0 }}>
      <Box
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0, bgcolor: 'background.default' }}
      >
        <Box
          component="header"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 1,
            paddingInlineStart: hasMenuInset ? 8 : 1,
            py: 1,
            borderBottom: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            minHeight: 64,
          }}
        >
          <Tooltip title={t('chat.panel.back')}>
            <IconButton aria-label={t('chat.panel.back')} onClick={onBack} data-testid="panel-back">
              {/* Back points the way the page reads: to the right in Arabic. */}
              <ArrowBack sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }} />
            </IconButton>
          </Tooltip>
          {/* On a phone the header's room goes to the customer's name. */}
          <Box sx={{ display: { xs: 'none', sm: 'flex' } }}>
            <ContactAvatar contact={contact} size={40} />
          </Box>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="subtitle1" noWrap data-testid="panel-name" dir="auto">
              {contact.info.full_name || `+${contact.info.phone}`}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap data-testid="panel-assignee">
              {assignee}
            </Typography>
          </Box>
          {canTake && (
            <Button variant="contained" size="small" onClick={take} data-testid="take-chat">
              {t('chat.panel.take')}
            </Button>
          )}
          {canRelease && (
            <Button
              variant="outlined"
              size="small"
              onClick={() => release.mutate({ id: contact.id })}
              data-testid="release-chat"
            >
              {t('chat.panel.release')}
            </Button>
          )}
          <TransferControl contact={contact} />
          <CallButton contactId={contact.id} />
          <Tooltip title={t('chat.panel.bot')}>
            <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center' }}>
              <SmartToyOutlined fontSize="small" color={contact.answerbot ? 'primary' : 'disabled'} />
              <Switch
                size="small"
                checked={contact.answerbot}
                onChange={(event) => answerbot.mutate({ id: contact.id, answerbot: event.target.checked })}
                slotProps={{ input: { 'aria-label': t('chat.panel.bot') } }}
              />
            </Box>
          </Tooltip>
          <Tooltip title={t('chat.panel.sidePanel')}>
            <IconButton
              aria-label={t('chat.panel.sidePanel')}
              aria-pressed={isNotesOpen}
              color={isNotesOpen ? 'primary' : 'default'}
              onClick={() => setIsNotesOpen((open) => !open)}
            >
              <StickyNote2Outlined />
            </IconButton>
          </Tooltip>
          {!isWidget && (
            <Tooltip title={t('chat.panel.expand')}>
              <IconButton
                aria-label={t('chat.panel.expand')}
                sx={{ display: { xs: 'none', md: 'inline-flex' } }}
                onClick={() => {
                  storePendingContact(contact.id);
                  navigate('/app/chat');
                }}
              >
                <OpenInFull />
              </IconButton>
            </Tooltip>
          )}
          {isWidget && (
            <Tooltip title={t('common.close')}>
              <IconButton aria-label={t('common.close')} onClick={onClose} data-testid="panel-close">
                <Close />
              </IconButton>
            </Tooltip>
          )}
        </Box>
        <MessageList contactId={contact.id} />
        <Composer contact={contact} />
      </Box>
      {isWide ? (
        isNotesOpen && (
          <Box
            sx={{
              width: NOTES_WIDTH,
              flexShrink: 0,
              borderInlineStart: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
            }}
          >
            {notes}
          </Box>
        )
      ) : (
        <Drawer
          anchor="right"
          open={isNotesOpen}
          onClose={() => setIsNotesOpen(false)}
          slotProps={{ paper: { 'aria-label': t('chat.panel.sidePanel') } }}
        >
          <Box sx={{ width: { xs: '85vw', sm: NOTES_WIDTH + 40 }, height: '100%' }}>{notes}</Box>
        </Drawer>
      )}
    </Box>
  );
};
