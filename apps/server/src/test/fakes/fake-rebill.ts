import { randomBytes } from 'node:crypto';
import { type FakeAnswer, type FakeServer, startFakeServer } from './fake-server';

export type RebillLink = {
  id: string;
  url: string;
  idempotencyKey: string;
  amount: number;
  currency: string;
  body: Record<string, unknown>;
};

export type RebillPayment = {
  id: string;
  paymentLinkId: string;
  status: 'SUCCEEDED' | 'FAILED' | 'PENDING' | 'CANCELLED';
  amount: number;
  currency: string;
};

export type FakeRebill = FakeServer & {
  links: () => RebillLink[];
  /** The payer paid (or failed to pay) at the link: a payment on it, its amount the link's unless given. */
  pay: (linkId: string, status?: RebillPayment['status'], amount?: number) => RebillPayment;
  /** Changes a payment's status, as Rebill does when it settles or fails later. */
  mark: (paymentId: string, status: RebillPayment['status']) => void;
  /** Rebill's webhook: POST `{ event, data: { id, status } }` to our URL; answers our HTTP status. */
  notify: (url: string, paymentId: string, event?: string) => Promise<number>;
};

const failure = (status: number, message: string): FakeAnswer => ({
  status,
  json: { statusCode: status, message },
});

/**
 * Rebill's v3 API as the billing adapter uses it: every call needs `x-api-key` (401 otherwise); POST
 * /payment-links (a repeated x-idempotency-key answers the same link), GET /payments/{id}. Webhooks are
 * unsigned, so a payment named by one is read back with the key.
 */
export const startFakeRebill = async (credentials: { apiKey: string }, port = 0): Promise<FakeRebill> => {
  const links = new Map<string, RebillLink>();
  const byKey = new Map<string, string>();
  const payments = new Map<string, RebillPayment>();
  let baseUrl = '';

  const server = await startFakeServer((request, base) => {
    baseUrl = base;
    if (request.headers['x-api-key'] !== credentials.apiKey) return failure(401, 'Unauthorized');
    if (request.method === 'POST' && request.path === '/payment-links') {
      const key = String(request.headers['x-idempotency-key'] ?? '');
      const existing = byKey.get(key);
      if (key && existing) return { json: links.get(existing) };
      const price = (request.json.prices as { amount?: number; currency?: string }[] | undefined)?.[0];
      if (!price?.amount || !price.currency) return failure(400, 'prices is required');
      const id = `pl_${randomBytes(8).toString('hex')}`;
      const link: RebillLink = {
        id,
        url: `${base}/pay/${id}`,
        idempotencyKey: key,
        amount: price.amount,
        currency: price.currency,
        body: request.json,
      };
      links.set(id, link);
      if (key) byKey.set(key, id);
      return { status: 201, json: { id, url: link.url, status: 'ACTIVE' } };
    }
    const match = /^\/payments\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && match) {
      const payment = payments.get(decodeURIComponent(match[1] ?? ''));
      if (!payment) return failure(404, 'Payment not found');
      return { json: { ...payment, createdAt: new Date().toISOString() } };
    }
    return failure(404, 'Not found');
  }, port);
  baseUrl = server.url;

  const findLink = (id: string) => {
    const link = links.get(id);
    if (!link) throw new Error(`the fake Rebill has no link ${id} (${baseUrl})`);
    return link;
  };

  return {
    ...server,
    links: () => [...links.values()],
    pay: (linkId, status = 'SUCCEEDED', amount) => {
      const link = findLink(linkId);
      const payment: RebillPayment = {
        id: `pay_${randomBytes(8).toString('hex')}`,
        paymentLinkId: link.id,
        status,
        amount: amount ?? link.amount,
        currency: link.currency,
      };
      payments.set(payment.id, payment);
      return payment;
    },
    mark: (paymentId, status) => {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`the fake Rebill has no payment ${paymentId}`);
      payment.status = status;
    },
    notify: async (url, paymentId, event = 'payment.updated') => {
      const payment = payments.get(paymentId);
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event, data: { id: paymentId, status: payment?.status ?? 'UNKNOWN' } }),
      });
      return answer.status;
    },
  };
};
