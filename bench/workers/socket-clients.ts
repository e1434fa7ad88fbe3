import WebSocket from 'ws';
import { Histogram } from '../lib/histogram';
import { serve } from '../lib/rpc';

/**
 * Many agent sockets in one process. Each speaks the Socket.IO v4 wire protocol directly over a WebSocket
 * (open, `40{auth}` connect, ping/pong, `42[event,…]`), and looks at an event with two string searches
 * instead of parsing its JSON, so the load side costs far less than the server it measures.
 */
export type SocketSpec = { url: string; token: string; group: 'a' | 'b' };
export type ConnectInput = { sockets: SocketSpec[]; foreignClientId: string; marker: string; batch: number };
export type WindowResult = {
  latency: ReturnType<Histogram['toJSON']>;
  /** message.create notifications carrying this window's marker, over all group-a sockets. */
  receivedA: number;
  /** Least any one group-a socket received. */
  minPerSocketA: number;
  socketsA: number;
  /** Every notification a group-b (other tenant) socket got during the window, and those naming tenant a. */
  receivedB: number;
  leakedB: number;
  disconnects: number;
};

type Connection = { ws: WebSocket; group: 'a' | 'b'; received: number };

const MESSAGE_CREATE = '"module":"message","action":"create"';
const connections: Connection[] = [];
let foreignClientId = '';
let markerText = '';
let latency = new Histogram();
let receivedB = 0;
let leakedB = 0;
let disconnects = 0;
let isCounting = false;

const onFrame = (connection: Connection, text: string) => {
  if (text === '2') {
    connection.ws.send('3');
    return;
  }
  if (!isCounting || !text.startsWith('42["notification"')) return;
  if (connection.group === 'b') {
    receivedB += 1;
    if (text.includes(foreignClientId)) leakedB += 1;
    return;
  }
  const kind = text.indexOf(MESSAGE_CREATE);
  if (kind < 0 || kind > 60) return;
  const at = text.indexOf(markerText);
  if (at < 0) return;
  const sentAt = Number.parseInt(text.slice(at + markerText.length, at + markerText.length + 13), 10);
  connection.received += 1;
  latency.record(Date.now() - sentAt);
};

const open = (spec: SocketSpec): Promise<Connection> =>
  new Promise((resolve, reject) => {
    const url = `${spec.url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const connection: Connection = { ws, group: spec.group, received: 0 };
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('socket connect timed out'));
    }, 30_000);
    let isOpen = false;
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (isOpen) {
        onFrame(connection, text);
        return;
      }
      if (text.startsWith('0{')) ws.send(`40${JSON.stringify({ token: spec.token })}`);
      else if (text.startsWith('40')) {
        isOpen = true;
        clearTimeout(timer);
        resolve(connection);
      } else if (text.startsWith('44')) {
        clearTimeout(timer);
        reject(new Error(`socket refused: ${text}`));
      }
    });
    ws.on('close', () => {
      if (isOpen) disconnects += 1;
    });
    ws.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });

serve({
  async connect(input: ConnectInput) {
    foreignClientId = input.foreignClientId;
    markerText = `bench:${input.marker}:`;
    const errors: string[] = [];
    for (let start = 0; start < input.sockets.length; start += input.batch) {
      const batch = input.sockets.slice(start, start + input.batch);
      const results = await Promise.allSettled(batch.map(open));
      for (const result of results) {
        if (result.status === 'fulfilled') connections.push(result.value);
        else if (errors.length < 5) errors.push(String(result.reason));
      }
    }
    return { connected: connections.length, errors };
  },
  start(input: { marker: string }) {
    markerText = `bench:${input.marker}:`;
    latency = new Histogram();
    receivedB = 0;
    leakedB = 0;
    disconnects = 0;
    for (const connection of connections) connection.received = 0;
    isCounting = true;
    return true;
  },
  peek() {
    return connections.reduce(
      (sum, connection) => sum + (connection.group === 'a' ? connection.received : 0),
      0,
    );
  },
  stop(): WindowResult {
    isCounting = false;
    const groupA = connections.filter((connection) => connection.group === 'a');
    return {
      latency: latency.toJSON(),
      receivedA: groupA.reduce((sum, connection) => sum + connection.received, 0),
      minPerSocketA: groupA.length === 0 ? 0 : Math.min(...groupA.map((connection) => connection.received)),
      socketsA: groupA.length,
      receivedB,
      leakedB,
      disconnects,
    };
  },
  async close() {
    await Promise.all(
      connections.map(
        (connection) =>
          new Promise<void>((resolve) => {
            connection.ws.once('close', () => resolve());
            connection.ws.close();
            setTimeout(resolve, 2_000);
          }),
      ),
    );
    connections.length = 0;
    return true;
  },
});
