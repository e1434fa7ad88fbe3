import { TIMING } from '@conversa/domain';
import { Alert, Snackbar } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { type Notice, subscribeNotices } from '../notify';

type Shown = Notice & { key: number };

/** Shows common messages and errors at the bottom for 3000 ms (spec sections 4 and 9). */
export const SnackbarProvider = ({ children }: { children: ReactNode }) => {
  const [queue, setQueue] = useState<Shown[]>([]);
  const [isOpen, setIsOpen] = useState(false);
  const current = queue[0];

  useEffect(
    () =>
      subscribeNotices((notice) => {
        setQueue((shown) => [...shown, { ...notice, key: Date.now() + Math.random() }]);
      }),
    [],
  );

  useEffect(() => {
    if (current) setIsOpen(true);
  }, [current]);

  return (
    <>
      {children}
      <Snackbar
        key={current?.key}
        open={isOpen && current !== undefined}
        autoHideDuration={TIMING.snackbarMs}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setIsOpen(false);
        }}
        slotProps={{ transition: { onExited: () => setQueue((shown) => shown.slice(1)) } }}
      >
        <Alert
          severity={current?.severity ?? 'info'}
          variant="filled"
          onClose={() => setIsOpen(false)}
          data-testid="snackbar"
          sx={{ width: '100%' }}
        >
          {current?.message}
        </Alert>
      </Snackbar>
    </>
  );
};
