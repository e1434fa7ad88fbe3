import { TIMING } from '@conversa/domain';
import { Alert, AlertTitle, Snackbar } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { IncomingAlert } from '../realtime';

/** The first 25 characters of a text and an ellipsis, or the message type's name (spec section 4). */
export const toastPreview = (body: string, type: string, t: (key: string) => string): string => {
  if (type === 'reaction') return `${t('chat.types.reaction')} ${body}`;
  if (type !== 'chat') return t(`chat.types.${type}`);
  return body.length > TIMING.toastPreviewChars ? `${body.slice(0, TIMING.toastPreviewChars)}…` : body;
};

export type Toast = IncomingAlert & { key: number; title: string };

type MessageToastProps = {
  toast: Toast | null;
  onClose: () => void;
  onOpen: (contactId: string) => void;
};

/** A customer's new message at the top right for 5 s; clicking it opens the conversation. */
export const MessageToast = ({ toast, onClose, onOpen }: MessageToastProps) => {
  const { t } = useTranslation();
  return (
    <Snackbar
      key={toast?.key}
      open={toast !== null}
      autoHideDuration={TIMING.toastMs}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Alert
        severity="info"
        variant="filled"
        onClose={onClose}
        onClick={() => {
          if (toast) onOpen(toast.contactId);
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
