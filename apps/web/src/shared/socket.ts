import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';

/** What the server sends on `notification` to the company's room (API.md, Realtime). */
export type Notification<T = unknown> = {
  module: string;
  action: string;
  data: T[];
  msg?: string;
  ref?: unknown;
};

type Handler = (payload: unknown) => void;

/** Pseudo-event raised after a dropped connection comes back, so screens refetch what they may have missed. */
export const RECONNECTED = 'reconnected';

/** Pseudo-event raised when the connection opens; what happened before it is not pushed to this client. */
export const CONNECTED = 'connected';

let socket: Socket | null = null;
// Handlers live outside the socket so subscriptions survive a disconnect and a new login.
const handlers = new Map<string, Set<Handler>>();

const dispatch = (event: string, payload: unknown) => {
  for (const handler of handlers.get(event) ?? []) handler(payload);
};

/** The live connection's state on the document, for support tools and the browser tests to wait on. */
const markConnection = (state: 'connected' | 'disconnected') => {
  document.documentElement.dataset.realtime = state;
};

export const connectSocket = (token: string): void => {
  if (socket) return;
  socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
  socket.onAny((event: string, payload: unknown) => dispatch(event, payload));
  socket.on('connect', () => {
    markConnection('connected');
    dispatch(CONNECTED, undefined);
  });
  socket.on('disconnect', () => markConnection('disconnected'));
  socket.io.on('reconnect', () => dispatch(RECONNECTED, undefined));
};

export const disconnectSocket = (): void => {
  socket?.disconnect();
  socket = null;
  markConnection('disconnected');
};

/** Subscribes to a server event for the lifetime of the component; the latest handler is always used. */
export const useSocketEvent = <T = unknown>(event: string, handler: (payload: T) => void): void => {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener: Handler = (payload) => latest.current(payload as T);
    const set = handlers.get(event) ?? new Set<Handler>();
    set.add(listener);
    handlers.set(event, set);
    return () => {
      set.delete(listener);
    };
  }, [event]);
};
