import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAccount } from '../../../shared/account/use-account';
import { notify } from '../../../shared/notify';
import { playBeep } from '../beep';
import { storePendingContact } from '../open-conversation';
import { contactNameOf, useChatRealtime } from '../realtime';
import type { Toast } from './message-toast';

// The toast's parts (MUI's Snackbar and Alert) load with the first message, not with the shell.
const MessageToast = lazy(() => import('./message-toast').then((m) => ({ default: m.MessageToast })));

/**
 * Keeps the chat caches live everywhere in the app and, away from the chat page, toasts a customer's new
 * message (5 s) with a beep when the person has sound on; clicking the toast opens that conversation.
 */
export const ChatNotifier = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useAccount();
  const [toast, setToast] = useState<Toast | null>(null);
  // Once shown the toast stays mounted, so each one keeps its closing transition.
  const [hasToasted, setHasToasted] = useState(false);

  useChatRealtime({
    onIncoming: (alert) => {
      if (location.pathname.startsWith('/app/chat')) return;
      setToast({
        ...alert,
        key: Date.now(),
        title: contactNameOf(queryClient, alert.contactId) ?? t('chat.toast.newMessage'),
      });
      setHasToasted(true);
      if (user.sound) playBeep();
    },
    onSendError: (message) => notify(message.error || t('chat.toast.sendError'), 'error'),
  });

  return hasToasted ? (
    <Suspense fallback={null}>
      <MessageToast
        toast={toast}
        onClose={() => setToast(null)}
        onOpen={(contactId) => {
          storePendingContact(contactId);
          setToast(null);
          navigate('/app/chat');
        }}
      />
    </Suspense>
  ) : null;
};
