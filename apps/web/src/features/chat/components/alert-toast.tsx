import { TIMING } from '@conversa/domain';
import { Alert, AlertTitle, Snackbar } from '@mui/material';
import type { ConversationAlertShown } from '../alerts';

export type AlertToastProps = {
  alert: (ConversationAlertShown & { key: number }) | null;
  onClose: () => void;
  onOpen: (contactId: string) => void;
};

/** An alert addressed to the person (a conversation assigned to them) for 5 s; clicking it opens it. */
export const AlertToast = ({ alert, onClose, onOpen }: AlertToastProps) => (
  <Snackbar
    key={alert?.key}
    open={alert !== null}
    autoHideDuration={TIMING.toastMs}
    onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
    anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
  >
    <Alert
      severity="success"
      variant="filled"
      onClose={onClose}
      onClick={() => {
        if (alert) onOpen(alert.contactId);
      }}
      sx={{ cursor: 'pointer', minWidth: 280 }}
      data-testid="alert-toast"
    >
      <AlertTitle>{alert?.title}</AlertTitle>
      {alert?.body}
    </Alert>
  </Snackbar>
);
