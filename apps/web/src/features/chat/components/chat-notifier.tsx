import { messageAlertFamily, pushesFor, soundsFor, wantsAlert } from '@conversa/domain';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAccount } from '../../../shared/account/use-account';
import { playBeep } from '../../../shared/beep';
import { showDesktopAlert } from '../../../shared/desktop-alert';
import { notify } from '../../../shared/notify';
import { type Notification, useSocketEvent } from '../../../shared/socket';
import { alertOf } from '../alerts';
import { storePendingContact } from '../open-conversation';
import { contactNameOf, useChatRealtime } from '../realtime';
import type { AlertToastProps } from './alert-toast';
import type { Toast } from './message-toast';

// The toast's parts (MUI's Snackbar and Alert) load with the first message, not with the shell.
const MessageToast = lazy(() => import('./message-toast').then((m) => ({ default: m.MessageToast })));
const AlertToast = lazy(() => import('./alert-toast').then((m) => ({ default: m.AlertToast })));

/**
 * Keeps the chat caches live everywhere in the app and, away from the chat page, toasts a customer's new
 * message (5 s) with a beep when the person hears the chat's alerts; clicking the toast opens that
 * conversation. An alert addressed to the person (a conversation assigned to them) is toasted anywhere, with
 * the beep, and also shown on the desktop when the app is not in front and they keep the chat's shown.
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
  const [alert, setAlert] = useState<AlertToastProps['alert']>(null);

  const openConversation = (contactId: string) => {
    storePendingContact(contactId);
    setToast(null);
    setAlert(null);
    navigate('/app/chat');
  };

  useSocketEvent<Notification>('notification', (notification) => {
    const shown = alertOf(notification);
    if (!shown) return;
    setAlert({ ...shown, key: Date.now() });
    setHasToasted(true);
    if (soundsFor(user, 'chat')) playBeep();
    if (user.notify && pushesFor(user, 'chat'))
      showDesktopAlert(shown, () => openConversation(shown.contactId));
  });

  useChatRealtime({
    onIncoming: (alert) => {
      if (location.pathname.startsWith('/app/chat')) return;
      // The families the person left out of their preferences stay silent (the list still updates).
      if (alert.conversation && !wantsAlert(user, messageAlertFamily(alert.conversation, user.id))) return;
      setToast({
        ...alert,
        key: Date.now(),
        title: contactNameOf(queryClient, alert.contactId) ?? t('chat.toast.newMessage'),
      });
      setHasToasted(true);
      if (soundsFor(user, 'chat')) playBeep();
    },
    onSendError: (message) => notify(message.error || t('chat.toast.sendError'), 'error'),
  });

  return hasToasted ? (
    <Suspense fallback={null}>
      <MessageToast toast={toast} onClose={() => setToast(null)} onOpen={openConversation} />
      <AlertToast alert={alert} onClose={() => setAlert(null)} onOpen={openConversation} />
    </Suspense>
  ) : null;
};
