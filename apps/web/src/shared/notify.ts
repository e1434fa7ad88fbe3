/**
 * A tiny bridge so code outside React (the API client) can show a message in the snackbar that the
 * SnackbarProvider renders.
 */
export type Notice = { message: string; severity: 'success' | 'info' | 'warning' | 'error' };

type Listener = (notice: Notice) => void;
const listeners = new Set<Listener>();

export const notify = (message: string, severity: Notice['severity'] = 'info'): void => {
  for (const listener of listeners) listener({ message, severity });
};

export const subscribeNotices = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
