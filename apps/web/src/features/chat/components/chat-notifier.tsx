import { TIMING } from '@conversa/domain';
import { Alert, AlertTitle, Snackbar } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAccount } from '../../../shared/account/use-account';
import { notify } from '../../../shared/notify';
import { playBeep } from '../beep';
import { storePendingContact } from '../open-conversation';
import { contactNameOf, type IncomingAlert, useChatRealtime } from '../realtime';

/** The first 25 characters of a text and an ellipsis, or the message type's name (spec section 4). */
export const toastPreview = (body: string, type: string, t: (key: string) => string): string => {
  if (type !== 'chat') return t(`chat.types.${type}`);
  return body.length > TIMING.toastPreviewChars ? `${body.slice(0, TIMING.toastPreviewChars)}…` : body;
};

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
  const [toast, setToast] = useState<(IncomingAlert & { key: number; title: string }) | null>(null);

  useChatRealtime({
    onIncoming: (alert) => {
      if (location.pathname.startsWith('/app/chat')) return;
      setToast({
        ...alert,
        key: Date.now(),
        title: contactNameOf(queryClient, alert.contactId) ?? t('chat.toast.newMessage'),
      });
      if (user.sound) playBeep();
    },
    onSendError: (message) => notify(message.error || t('chat.toast.sendError'), 'error'),
  });

  return (
    <Snackbar
      key={toast?.key}
      open={toast !== null}
      autoHideDuration={TIMING.toastMs}
      onClose={(_event, reason) => reason !== 'clickaway' && setToast(null)}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Alert
        severity="info"
        variant="filled"
        onClose={() => setToast(null)}
        onClick={() => {
          if (!toast) return;
          storePendingContact(toast.contactId);
          setToast(null);
          navigate('/app/chat');
        }}
        sx={{ cursor: 'pointer', minWidth: 280 }}
        data-testid="message-toast"
      >
        <AlertTitle>{toast?.title}</AlertTitle>
        {toast ? toastPreview(toast.message.body, toast.message.type, t) : ''}
      </Alert>
    </Snackbar>
  );
};
