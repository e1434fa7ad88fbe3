import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const listenOnLoopback = async (server: Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

const closeServer = async (server: Server) => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
};

/**
 * An internal service an attacker would like the server to reach (an admin API, the metadata service):
 * it counts every TCP connection, so a test can prove that nothing, not even a handshake, arrived.
 */
export type Witness = { url: string; host: string; connections: () => number; close: () => Promise<void> };

export const startWitness = async (): Promise<Witness> => {
  let connections = 0;
  const server = createServer((_request, response) => response.end('internal secret'));
  server.on('connection', () => {
    connections += 1;
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    connections: () => connections,
    close: () => closeServer(server),
  };
};

/** What a streaming server managed to send before the client hung up. */
export type StreamReport = { bytesWritten: number; isFinished: boolean; isCutByClient: boolean };

export type StreamingServer = {
  url: string;
  host: string;
  /** Resolves once the answer ended, either fully written or cut by the client. */
  report: () => Promise<StreamReport>;
  close: () => Promise<void>;
};

/**
 * A server answering one huge body in 64 KiB chunks, each written only once the previous one drained,
 * so it can tell how much the client actually took before closing the connection. With `declare`, the
 * Content-Length is announced; otherwise the body is chunked with no length.
 */
export const startStreamingServer = async (
  totalBytes: number,
  options: { declare: boolean; contentType?: string },
): Promise<StreamingServer> => {
  let settle: (report: StreamReport) => void = () => {};
  const settled = new Promise<StreamReport>((resolve) => {
    settle = resolve;
  });
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': options.contentType ?? 'application/octet-stream',
      ...(options.declare ? { 'content-length': String(totalBytes) } : {}),
    });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let bytesWritten = 0;
    let isCut = false;
    response.on('close', () => {
      if (!response.writableFinished) isCut = true;
      settle({ bytesWritten, isFinished: response.writableFinished, isCutByClient: isCut });
    });
    const pump = () => {
      while (!isCut && bytesWritten < totalBytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, totalBytes - bytesWritten));
        bytesWritten += piece.length;
        if (!response.write(piece)) {
          response.once('drain', pump);
          return;
        }
      }
      if (!isCut) response.end();
    };
    pump();
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    report: () => settled,
    close: () => closeServer(server),
  };
};
