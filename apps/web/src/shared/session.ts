import { useSyncExternalStore } from 'react';
import { storage } from './storage';

/** Local-storage keys of the session (spec section 3: token, clientID, userID). */
export const SESSION_KEYS = { token: 'token', clientID: 'clientID', userID: 'userID' } as const;

/**
 * The master's own session, kept aside while they act as a company's owner (impersonation), so ending
 * the impersonation returns to it without signing in again.
 */
export const MASTER_SESSION_KEYS = {
  token: 'master.token',
  clientID: 'master.clientID',
  userID: 'master.userID',
} as const;

/** Saved list filters share this prefix so they can be dropped together when the session ends. */
export const FILTERS_PREFIX = 'filters.';

export type Session = { token: string; clientID: string; userID: string };

const listeners = new Set<() => void>();
let snapshot: Session | null = read();

function read(): Session | null {
  const token = storage.getItem(SESSION_KEYS.token);
  const clientID = storage.getItem(SESSION_KEYS.clientID);
  const userID = storage.getItem(SESSION_KEYS.userID);
  return token && clientID && userID ? { token, clientID, userID } : null;
}

const publish = () => {
  snapshot = read();
  for (const listener of listeners) listener();
};

// Another tab logging in or out changes the session here as well.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values<string>(SESSION_KEYS).includes(event.key)) publish();
  });
}

export const getSession = (): Session | null => snapshot;

export const setSession = (session: Session): void => {
  storage.setItem(SESSION_KEYS.token, session.token);
  storage.setItem(SESSION_KEYS.clientID, session.clientID);
  storage.setItem(SESSION_KEYS.userID, session.userID);
  publish();
};

export const clearStoredFilters = (): void => {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
    (key): key is string => key?.startsWith(FILTERS_PREFIX) ?? false,
  );
  for (const key of keys) storage.removeItem(key);
};

const readMaster = (): Session | null => {
  const token = storage.getItem(MASTER_SESSION_KEYS.token);
  const clientID = storage.getItem(MASTER_SESSION_KEYS.clientID);
  const userID = storage.getItem(MASTER_SESSION_KEYS.userID);
  return token && clientID && userID ? { token, clientID, userID } : null;
};

/** Whether the current session is an impersonation the master started from this browser. */
export const hasMasterSessionAside = (): boolean => readMaster() !== null;

/** The master starts acting as a company's owner: their own session is kept aside. */
export const startImpersonation = (acting: Session): void => {
  const own = getSession();
  if (own && !hasMasterSessionAside()) {
    storage.setItem(MASTER_SESSION_KEYS.token, own.token);
    storage.setItem(MASTER_SESSION_KEYS.clientID, own.clientID);
    storage.setItem(MASTER_SESSION_KEYS.userID, own.userID);
  }
  clearStoredFilters();
  setSession(acting);
};

/**
 * Ends the session locally: token, ids and stored filters go; the language choice stays. However an
 * impersonation ends (End, logout, expiry), the master's own session kept aside comes back.
 */
export const clearSession = (): void => {
  const master = readMaster();
  for (const key of [...Object.values(SESSION_KEYS), ...Object.values(MASTER_SESSION_KEYS)])
    storage.removeItem(key);
  clearStoredFilters();
  if (master) setSession(master);
  else publish();
};

/** Calls the listener whenever the session changes (here or in another tab). */
export const subscribeSession = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useSession = (): Session | null =>
  useSyncExternalStore(subscribeSession, getSession, getSession);
