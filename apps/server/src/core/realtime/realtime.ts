import type { Server as HttpServer } from 'node:http';
import { EXPIRED_TOKEN, holdsAll, NOTIFICATION_PERMISSION_SETS, type PermissionSet } from '@conversa/domain';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { type SessionResolver, tokenProblemMessage } from '../auth/session-resolver';
import type { EventBus } from '../events';
import type { AuthContext } from '../http/fastify-types';
import { type Apiv1Registry, type Apiv1Request, createApiv1Handler } from './apiv1-handler';

export type SocketData = { auth: AuthContext };

/** A change of someone's access: the sockets in `room` take the new lists. */
type AccessChange = { room: string } & Partial<Pick<AuthContext, 'account' | 'userAccess' | 'clientAccess'>>;

/** Between server nodes (through Redis): an access change made on one reaches the sockets of all. */
type ServerEvents = { accessChanged: (change: AccessChange) => void };

type RealtimeSocket = Socket<Record<string, never>, Record<string, never>, ServerEvents, SocketData>;

/** An Apiv1 call re-checks its session at most this often; a revocation event disconnects at once anyway. */
const SESSION_RECHECK_MS = 5_000;

export type RealtimeOptions = {
  httpServer: HttpServer;
  resolver: SessionResolver;
  corsOrigins: string[];
  redisUrl: string | undefined;
  logger: FastifyBaseLogger;
  events: EventBus;
  apiv1: Apiv1Registry;
  /** Told when a user's first socket connects and when their last one leaves. */
  onPresence: (auth: AuthContext, online: boolean) => Promise<void>;
};

export type Realtime = { io: Server; close: () => Promise<void> };

export const clientRoom = (clientId: string) => `client${clientId}`;
export const userRoom = (userId: string) => `user${userId}`;
export const sessionRoom = (sessionId: string) => `session${sessionId}`;
/**
 * The company's holders of a key, or of every key of a set (NOTIFICATION_PERMISSION_SETS): the audience of a
 * notification tier. `client{id}:chat.view`, `client{id}:deal.view+contact.view`.
 */
export const permissionRoom = (clientId: string, keys: PermissionSet) =>
  `client${clientId}:${keys.join('+')}`;

/** Every room a socket belongs to for who it is and what it may see. */
const roomsOf = (auth: AuthContext): string[] => [
  clientRoom(auth.clientId),
  userRoom(auth.userId),
  sessionRoom(auth.sessionId),
  ...NOTIFICATION_PERMISSION_SETS.filter((keys) => holdsAll(auth, keys)).map((keys) =>
    permissionRoom(auth.clientId, keys),
  ),
];

const tokenOf = (handshakeAuth: unknown): string | undefined => {
  const token =
    typeof handshakeAuth === 'object' && handshakeAuth !== null && 'token' in handshakeAuth
      ? handshakeAuth.token
      : undefined;
  return typeof token === 'string' ? token : undefined;
};

/** Socket.IO on the API's own HTTP server; with REDIS_URL several server nodes share rooms through Redis. */
export const createRealtime = async (options: RealtimeOptions): Promise<Realtime> => {
  const io = new Server<Record<string, never>, Record<string, never>, ServerEvents, SocketData>(
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
      const result = await options.resolver.resolve(tokenOf(socket.handshake.auth));
      if (!result.ok) {
        next(new Error(tokenProblemMessage(result.problem === 'expired' ? 'expired' : 'invalid')));
        return;
      }
      socket.data.auth = { ...result.auth, ip: socket.handshake.address };
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
  /** When each socket's session was last found valid (local to this node, like the socket itself). */
  const checkedAt = new WeakMap<RealtimeSocket, number>();

  /** Puts a socket in the rooms of its current access and out of those it lost. */
  const applyAuth = async (socket: RealtimeSocket, auth: AuthContext) => {
    socket.data.auth = auth;
    const rooms = roomsOf(auth);
    for (const room of socket.rooms) {
      if (room !== socket.id && !rooms.includes(room)) await socket.leave(room);
    }
    await socket.join(rooms);
  };

  const localSocketsIn = (room: string): RealtimeSocket[] =>
    [...(io.of('/').adapter.rooms.get(room) ?? [])]
      .map((id) => io.of('/').sockets.get(id))
      .filter((socket): socket is RealtimeSocket => socket !== undefined);

  const applyAccessChange = ({ room, ...lists }: AccessChange) => {
    for (const socket of localSocketsIn(room)) {
      applyAuth(socket, { ...socket.data.auth, ...lists }).catch((error: unknown) =>
        options.logger.error({ err: error }, 'socket rooms refresh failed'),
      );
    }
  };
  const announceAccessChange = (change: AccessChange) => {
    applyAccessChange(change);
    if (options.redisUrl) io.serverSideEmit('accessChanged', change);
  };
  io.on('accessChanged', applyAccessChange);
  options.events.on('user.updated', ({ user }) =>
    announceAccessChange({ room: userRoom(user.id), account: user.account, userAccess: user.access }),
  );
  options.events.on('client.updated', ({ client }) =>
    announceAccessChange({ room: clientRoom(client.id), clientAccess: client.access }),
  );
  // Through the adapter, so the sockets of a revoked session close on every node.
  options.events.on('session.revoked', ({ sessionIds }) => {
    if (sessionIds.length > 0) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  });

  /**
   * The session behind a socket, re-read at most every SESSION_RECHECK_MS: a socket whose session ended
   * while no revocation event reached this node stops being served, and its rooms follow access changes.
   */
  const currentAuth = async (socket: RealtimeSocket): Promise<AuthContext | undefined> => {
    if (Date.now() - (checkedAt.get(socket) ?? 0) < SESSION_RECHECK_MS) return socket.data.auth;
    const result = await options.resolver.resolve(tokenOf(socket.handshake.auth));
    if (!result.ok) return undefined;
    checkedAt.set(socket, Date.now());
    await applyAuth(socket, result.auth);
    return result.auth;
  };

  /** The user is online from their first socket on (a socket of theirs on any node counts). */
  const announceOnline = async (auth: AuthContext) => {
    const sockets = await io.in(userRoom(auth.userId)).fetchSockets();
    if (sockets.length === 1) await options.onPresence(auth, true);
  };

  io.on('connection', (socket) => {
    // Handlers first, synchronously: a request sent right after connect must not arrive before them. It
    // waits for the rooms only; presence (a database write, a Redis round trip) goes on meanwhile.
    checkedAt.set(socket, Date.now());
    const joined = applyAuth(socket, socket.data.auth).catch((error: unknown) =>
      options.logger.error({ err: error }, 'socket rooms failed'),
    );
    const online = joined
      .then(() => announceOnline(socket.data.auth))
      .catch((error: unknown) => options.logger.error({ err: error }, 'presence failed'));

    socket.on('Apiv1', async (request: Apiv1Request, ack?: (answer: unknown) => void) => {
      try {
        await joined;
        const auth = await currentAuth(socket);
        if (!auth) {
          ack?.({ status_codes: 401, data: [], info: EXPIRED_TOKEN });
          socket.disconnect(true);
          return;
        }
        const answer = await handleApiv1(auth, request ?? {});
        ack?.(answer);
      } catch (error) {
        options.logger.error({ err: error }, 'Apiv1 failed');
        ack?.({ status_codes: 500, data: [], info: 'Sorry, server goes wrong' });
      }
    });

    socket.on('disconnect', async () => {
      await online;
      if (isClosing) return;
      try {
        const remaining = await io.in(userRoom(socket.data.auth.userId)).fetchSockets();
        if (remaining.length === 0) await options.onPresence(socket.data.auth, false);
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
