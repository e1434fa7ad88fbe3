import type { Contact, Message } from '@conversa/domain';
import { Box, IconButton, Slide, Tooltip, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Close from '../../../shared/icons/Close';
import ForumOutlined from '../../../shared/icons/ForumOutlined';
import Logout from '../../../shared/icons/Logout';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useMarkRead } from '../api/mark-read';
import { ConversationList } from '../components/conversation-list';
import { ConversationPanel } from '../components/conversation-panel';
import { NewMessageDialog } from '../components/new-message-dialog';
import { setOpenConversation, takePendingContact } from '../open-conversation';

const LIST_WIDTH = 380;
const PANEL_TRANSITION_MS = 250;

/** Tells the page that embeds the widget what happened (it decides how to react). */
export const postToParent = (action: 'close' | 'logout'): void => {
  if (window.parent !== window) window.parent.postMessage({ action }, '*');
};

/**
 * The inbox: the conversation list beside the selected conversation; on a phone the two stack and the
 * conversation takes the screen. The selected contact lives in the URL (?contact=), so back works.
 */
export const ChatPage = ({ isWidget = false, onLogout }: { isWidget?: boolean; onLogout?: () => void }) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const isStacked = !useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  // Below the permanent sidebar's width the layout floats a menu button at the top start corner: the
  // headers under it leave it room instead of the page giving up a band of its height.
  const hasMenuButton = !useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true }) && !isWidget;
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('contact');
  const [isNewOpen, setIsNewOpen] = useState(false);
  const markRead = useMarkRead();

  const select = useCallback(
    (id: string | null) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('contact', id);
          else next.delete('contact');
          return next;
        },
        { replace: id === null },
      );
      if (id) markRead(id);
    },
    [setParams, markRead],
  );
  // The rows and the new-message dialog keep their handlers: `select` changes with every address change, and
  // new handlers would render every row and the closed dialog again each time a conversation is opened.
  const selectRef = useRef(select);
  selectRef.current = select;

  // A toast or the expand button left a conversation to open.
  useEffect(() => {
    const pending = takePendingContact();
    if (pending) select(pending);
  }, [select]);

  useEffect(() => {
    setOpenConversation(selectedId);
    return () => setOpenConversation(null);
  }, [selectedId]);

  const onSelect = useCallback((contact: Contact) => selectRef.current(contact.id), []);
  const onSent = useCallback((message: Message) => selectRef.current(message.contact_id), []);
  const closeNewMessage = useCallback(() => setIsNewOpen(false), []);

  const widgetToolbar = isWidget ? (
    <>
      <Tooltip title={t('header.logout')}>
        <IconButton
          aria-label={t('header.logout')}
          data-testid="widget-logout"
          onClick={() => {
            postToParent('logout');
            onLogout?.();
          }}
        >
          <Logout />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('common.close')}>
        <IconButton
          aria-label={t('common.close')}
          data-testid="widget-close"
          onClick={() => postToParent('close')}
        >
          <Close />
        </IconButton>
      </Tooltip>
    </>
  ) : undefined;

  const showList = !isStacked || !selectedId;
  return (
    <Box
      sx={{
        display: 'flex',
        height: '100dvh',
        overflow: 'hidden',
        bgcolor: 'background.default',
        boxSizing: 'border-box',
      }}
      data-testid="chat-page"
    >
      {showList && (
        <Box
          sx={{
            width: isStacked ? '100%' : LIST_WIDTH,
            flexShrink: 0,
            borderInlineEnd: isStacked ? 0 : 1,
            borderColor: 'divider',
          }}
        >
          <ConversationList
            selectedId={selectedId}
            isWidget={isWidget}
            hasMenuInset={hasMenuButton}
            onSelect={onSelect}
            onNewMessage={() => setIsNewOpen(true)}
            toolbar={widgetToolbar}
          />
        </Box>
      )}
      {selectedId ? (
        <Slide key={selectedId} in direction="left" timeout={PANEL_TRANSITION_MS} appear>
          <Box sx={{ flex: 1, minWidth: 0, height: '100%' }}>
            <ConversationPanel
              contactId={selectedId}
              isWidget={isWidget}
              hasMenuInset={hasMenuButton && isStacked}
              onBack={() => select(null)}
              onClose={() => (isWidget ? postToParent('close') : select(null))}
            />
          </Box>
        </Slide>
      ) : (
        !isStacked && (
          <Box sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
            <EmptyState
              icon={ForumOutlined}
              title={t('chat.panel.chooseTitle')}
              description={t('chat.panel.chooseText')}
            />
          </Box>
        )
      )}
      <NewMessageDialog isOpen={isNewOpen} onClose={closeNewMessage} onSent={onSent} />
    </Box>
  );
};
