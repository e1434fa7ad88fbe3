import Fastify from 'fastify';
import { serve } from '../lib/rpc';

/** The limit of the HTTP layer: Fastify with one route and nothing behind it (JSON, and Twilio's form posts). */
const app = Fastify({ logger: false });
app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
  done(null, Object.fromEntries(new URLSearchParams(String(body)))),
);
app.post('/bare', async (request) => {
  const body = request.body as { message?: { id?: string }; MessageSid?: string };
  return { status_codes: 200, data: [], info: body.message?.id ?? body.MessageSid ?? '' };
});

serve({
  async listen() {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('no address');
    return { url: `http://127.0.0.1:${address.port}` };
  },
  async close() {
    await app.close();
    return true;
  },
});
