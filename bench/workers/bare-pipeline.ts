import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { openSql, type Sql } from '../lib/db';
import { serve } from '../lib/rpc';
import { writeInboundRaw } from '../phases/raw-db';

/**
 * The limit of the whole realtime path, written bare: a `node:http` server takes the same sandbox
 * webhooks as the product, writes each message with the same statements in its own transaction
 * (`writeInboundRaw`, the raw database limit's), emits the same `message.create` notification to one
 * Socket.IO room and answers 200. No framework, auth, validation, group commit, outbox relay or Redis: what
 * a webhook → socket delivery costs on this machine with a database write in the middle.
 */
export type PipelineInput = { databaseUrl: string; clientId: string };

let sql: Sql | undefined;
let clientId = '';

const readBody = async (request: NodeJS.ReadableStream): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

type SandboxDelivery = { from: { phone: string; name: string }; message: { id: string; body: string } };

const httpServer = createServer(async (request, response) => {
  const deviceId =
    request.method === 'POST' ? request.url?.match(/^\/webhooks\/sandbox\/([^/?]+)/)?.[1] : undefined;
  if (!deviceId || !sql) {
    response.writeHead(404).end();
    return;
  }
  try {
    const delivery = JSON.parse(await readBody(request)) as SandboxDelivery;
    const notification = await writeInboundRaw(sql, {
      clientId,
      deviceId,
      phone: delivery.from.phone,
      fullName: delivery.from.name,
      body: delivery.message.body,
      providerId: delivery.message.id,
    });
    if (notification) io.to('room').emit('notification', notification);
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end('{"status_codes":200,"data":[],"info":"ok"}');
  } catch (error) {
    process.stderr.write(
      `[bench] bare pipeline: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    response.writeHead(500).end();
  }
});
const io = new Server(httpServer, { path: '/socket.io', serveClient: false });
io.on('connection', (socket) => {
  void socket.join('room');
});

serve({
  async listen(input: PipelineInput) {
    // As many connections as the product's pool.
    sql = await openSql({ kind: 'postgres', url: input.databaseUrl }, 10);
    clientId = input.clientId;
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    const address = httpServer.address();
    if (typeof address !== 'object' || address === null) throw new Error('no address');
    return { url: `http://127.0.0.1:${address.port}` };
  },
  async close() {
    io.disconnectSockets(true);
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await sql?.close();
    return true;
  },
});
