import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { type SessionResolver, tokenProblemMessage } from '../auth/session-resolver';
import type { AuthContext } from '../http/fastify-types';
import { type Apiv1Registry, type Apiv1Request, createApiv1Handler } from './apiv1-handler';

export type SocketData = { auth: AuthContext };

export type RealtimeOptions = {
  httpServer: HttpServer;
  resolver: SessionResolver;
  corsOrigins: string[];
  redisUrl: string | undefined;
  logger: FastifyBaseLogger;
  apiv1: Apiv1Registry;
  /** Told when a user's first socket connects and when their last one leaves. */
  onPresence: (auth: AuthContext, online: boolean) => Promise<void>;
};

export type Realtime = { io: Server; close: () => Promise<void> };

export const clientRoom = (clientId: string) => `client${clientId}`;
export const userRoom = (userId: string) => `user${userId}`;

/** Socket.IO on the API's own HTTP server; with REDIS_URL several server nodes share rooms through Redis. */
export const createRealtime = async (options: RealtimeOptions): Promise<Realtime> => {
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(
    options.httpServer,
    {
      path: '/socket.io',
      serveClient: false,
      cors: options.corsOrigins.length > 0 ? { origin: options.corsOrigins, credentials: true } : undefined,
    },
  );

  const redisClients: ReturnType<typeof createClient>[] = [];
  if (options.redisUrl) {
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    for (const client of [pub, sub])
      client.on('error', (error) => options.logger.error({ err: error }, 'redis error'));
    await Promise.all([pub.connect(), sub.connect()]);
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }

  io.use(async (socket, next) => {
    try {
      const auth: unknown = socket.handshake.auth;
      const token = typeof auth === 'object' && auth !== null && 'token' in auth ? auth.token : undefined;
      const result = await options.resolver.resolve(typeof token === 'string' ? token : undefined);
      if (!result.ok) {
        next(new Error(tokenProblemMessage(result.problem === 'expired' ? 'expired' : 'invalid')));
        return;
      }
      socket.data.auth = result.auth;
      next();
    } catch (error) {
      options.logger.error({ err: error }, 'socket authentication failed');
      next(new Error('Invalid token'));
    }
  });

  const handleApiv1 = createApiv1Handler(options.apiv1);
  // While the server shuts down its sockets leave too; their users are not going offline (they reconnect
  // to another process), and announcing it would publish through Redis clients that are being closed.
  let isClosing = false;

  io.on('connection', async (socket: Socket) => {
    const auth = (socket.data as SocketData).auth;
    await socket.join([clientRoom(auth.clientId), userRoom(auth.userId)]);
    const sockets = await io.in(userRoom(auth.userId)).fetchSockets();
    if (sockets.length === 1) {
      await options
        .onPresence(auth, true)
        .catch((error: unknown) => options.logger.error({ err: error }, 'presence failed'));
    }

    socket.on('Apiv1', async (request: Apiv1Request, ack?: (answer: unknown) => void) => {
      try {
        const answer = await handleApiv1(auth, request ?? {});
        ack?.(answer);
      } catch (error) {
        options.logger.error({ err: error }, 'Apiv1 failed');
        ack?.({ status_codes: 500, data: [], info: 'Sorry, server goes wrong' });
      }
    });

    socket.on('disconnect', async () => {
      if (isClosing) return;
      try {
        const remaining = await io.in(userRoom(auth.userId)).fetchSockets();
        if (remaining.length === 0) await options.onPresence(auth, false);
      } catch (error) {
        options.logger.warn({ err: error }, 'presence on disconnect failed');
      }
    });
  });

  return {
    io: io as unknown as Server,
    async close() {
      isClosing = true;
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => {
        io.engine.close();
        resolve();
      });
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
};
