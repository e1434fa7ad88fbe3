import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { serve } from '../lib/rpc';

/**
 * The limit of the realtime layer: a Socket.IO server with no auth, no database and no Redis, broadcasting
 * to one room the same number of notifications per event, of the same size, as the product does.
 */
const httpServer = createServer();
const io = new Server(httpServer, { path: '/socket.io', serveClient: false });
io.on('connection', (socket) => {
  void socket.join('room');
});

export type EmitInput = { rate: number; seconds: number; marker: string; sizes: number[] };

const notificationOf = (seq: number, index: number, size: number, marker: string) => {
  const base = {
    seq,
    module: index === 0 ? 'message' : 'contact',
    action: index === 0 ? 'create' : 'update',
    data: [{ body: `bench:${marker}:${Date.now()}`, filler: '' }],
    msg: '',
    ref: '',
  };
  const padding = Math.max(0, size - JSON.stringify(base).length);
  base.data[0] = { body: base.data[0]?.body ?? '', filler: 'x'.repeat(padding) };
  return base;
};

serve({
  async listen() {
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    const address = httpServer.address();
    if (typeof address !== 'object' || address === null) throw new Error('no address');
    return { url: `http://127.0.0.1:${address.port}` };
  },
  async emit(input: EmitInput) {
    const started = performance.now();
    const interval = 1000 / input.rate;
    let sent = 0;
    while (performance.now() - started < input.seconds * 1000) {
      const due = Math.floor((performance.now() - started) / interval);
      while (sent <= due) {
        input.sizes.forEach((size, index) => {
          io.to('room').emit('notification', notificationOf(sent, index, size, input.marker));
        });
        sent += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    return { sent };
  },
  async close() {
    io.disconnectSockets(true);
    await new Promise<void>((resolve) => io.close(() => resolve()));
    return true;
  },
});
