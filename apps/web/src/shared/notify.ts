/**
 * A tiny bridge so code outside React (the API client) can show a message in the snackbar that the
 * SnackbarProvider renders.
 */
export type Notice = {
  message: string;
  severity: 'success' | 'info' | 'warning' | 'error';
  /** A provider's own words (not translated), shown on a line of their own under the message. */
  detail?: string;
  /** A button under the message that takes the person where the notice points (the extractions list). */
  action?: { label: string; onClick: () => void };
};

type Listener = (notice: Notice) => void;
const listeners = new Set<Listener>();

export const notify = (message: string, severity: Notice['severity'] = 'info', detail?: string): void => {
  for (const listener of listeners) listener({ message, severity, ...(detail ? { detail } : {}) });
};

/** A notice with a button that opens what it speaks of. */
export const notifyWithAction = (
  message: string,
  severity: Notice['severity'],
  action: NonNullable<Notice['action']>,
): void => {
  for (const listener of listeners) listener({ message, severity, action });
};

export const subscribeNotices = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
