import { io as connect, type Socket } from 'socket.io-client';
import type { PublishedNotification } from '../core/realtime/realtime-events.repository';

/** Resolves once the socket is connected; rejects with the server's refusal. */
export const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

/**
 * Real Socket.IO clients of a test file, as the web connects them (WebSocket, no reconnection). Every
 * socket opened is remembered, so the file's afterAll closes them all with `closeAll`.
 */
export const createTestSockets = () => {
  const sockets: Socket[] = [];
  const open = (url: string, token: string): Socket => {
    const socket = connect(url, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    return socket;
  };
  return {
    open,
    /** A connected socket that records every notification it receives. */
    async listen(url: string, token: string) {
      const socket = open(url, token);
      const seen: PublishedNotification[] = [];
      socket.on('notification', (notification: PublishedNotification) => seen.push(notification));
      await connected(socket);
      return { socket, seen };
    },
    closeAll() {
      for (const socket of sockets.splice(0)) socket.disconnect();
    },
  };
};
