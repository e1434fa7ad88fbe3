import { TIMING } from '@conversa/domain';
import { Alert, Button, Snackbar, Typography } from '@mui/material';
import type { Notice } from '../notify';

type NoticeBarProps = {
  notice: (Notice & { key: number }) | undefined;
  isOpen: boolean;
  onClose: () => void;
  onExited: () => void;
};

/**
 * The bar at the bottom that shows one notice for 3000 ms (spec sections 4 and 9): the message in the
 * user's language, and under it the provider's own words when there are some.
 */
export const NoticeBar = ({ notice, isOpen, onClose, onExited }: NoticeBarProps) => (
  <Snackbar
    key={notice?.key}
    open={isOpen && notice !== undefined}
    autoHideDuration={TIMING.snackbarMs}
    anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    onClose={(_event, reason) => {
      if (reason !== 'clickaway') onClose();
    }}
    slotProps={{ transition: { onExited } }}
  >
    <Alert
      severity={notice?.severity ?? 'info'}
      variant="filled"
      onClose={onClose}
      data-testid="snackbar"
      sx={{ width: '100%' }}
    >
      {notice?.message}
      {notice?.detail && (
        <Typography
          variant="body2"
          dir="auto"
          data-testid="snackbar-detail"
          sx={{ opacity: 0.85, overflowWrap: 'anywhere' }}
        >
          {notice.detail}
        </Typography>
      )}
      {notice?.action && (
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          onClick={() => {
            notice.action?.onClick();
            onClose();
          }}
          data-testid="snackbar-action"
          sx={{ display: 'flex', mt: 1 }}
        >
          {notice.action.label}
        </Button>
      )}
    </Alert>
  </Snackbar>
);
