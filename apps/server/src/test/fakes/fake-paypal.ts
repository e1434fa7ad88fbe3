import { createHmac, randomBytes } from 'node:crypto';
import { type FakeAnswer, type FakeServer, startFakeServer } from './fake-server';

export type PaypalOrderStatus = 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';

export type PaypalOrder = {
  id: string;
  requestId: string;
  status: PaypalOrderStatus;
  reference_id: string;
  currency: string;
  value: string;
  /** What capturing answers: COMPLETED, or DECLINED for a payer whose instrument is refused. */
  captureOutcome: 'COMPLETED' | 'DECLINED';
  captureStatus: 'COMPLETED' | 'DECLINED' | null;
};

export type PaypalDelivery = { headers: Record<string, string>; body: Record<string, unknown> };

export type FakePaypal = FakeServer & {
  orders: () => PaypalOrder[];
  order: (id: string) => PaypalOrder;
  /** The payer approved the order at the approve link (a declined one fails at capture). */
  approve: (id: string, outcome?: 'COMPLETED' | 'DECLINED') => void;
  /** Changes the order's amount, as a tampered order would show. */
  setAmount: (id: string, value: string) => void;
  /** How many captures PayPal accepted. */
  captures: () => number;
  /** A webhook delivery of the event for the order, signed as PayPal signs it (or with a forged signature). */
  delivery: (eventType: string, orderId: string, options?: { forged?: boolean }) => PaypalDelivery;
  /** Posts the delivery to our webhook; answers our HTTP status. */
  send: (url: string, delivery: PaypalDelivery) => Promise<number>;
};

const failure = (status: number, name: string, message: string, issue?: string): FakeAnswer => ({
  status,
  json: {
    name,
    message,
    debug_id: randomBytes(6).toString('hex'),
    ...(issue ? { details: [{ issue }] } : {}),
  },
});

/**
 * PayPal's REST API as the billing adapter uses it: POST /v1/oauth2/token (Basic client id:secret,
 * client_credentials), Orders v2 (create with PayPal-Request-Id idempotency, show, capture), and POST
 * /v1/notifications/verify-webhook-signature answering SUCCESS only for a delivery this fake signed for the
 * configured webhook id, FAILURE otherwise. Every API call needs the Bearer token it handed out.
 */
export const startFakePaypal = async (
  credentials: { clientId: string; clientSecret: string; webhookId: string },
  port = 0,
): Promise<FakePaypal> => {
  const orders = new Map<string, PaypalOrder>();
  const byRequestId = new Map<string, string>();
  const tokens = new Set<string>();
  const signingKey = randomBytes(16);
  let captureCount = 0;

  const find = (id: string) => {
    const order = orders.get(id);
    if (!order) throw new Error(`the fake PayPal has no order ${id}`);
    return order;
  };
  const signatureOf = (transmissionId: string, time: string, webhookId: string, body: unknown) =>
    createHmac('sha256', signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${JSON.stringify(body)}`)
      .digest('base64');

  const orderJson = (order: PaypalOrder, baseUrl: string) => ({
    id: order.id,
    status: order.status,
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: order.reference_id,
        amount: { currency_code: order.currency, value: order.value },
        ...(order.captureStatus
          ? {
              payments: {
                captures: [
                  {
                    id: `CAP-${order.id}`,
                    status: order.captureStatus,
                    amount: { currency_code: order.currency, value: order.value },
                    ...(order.captureStatus === 'DECLINED'
                      ? { status_details: { reason: 'INSTRUMENT_DECLINED' } }
                      : {}),
                  },
                ],
              },
            }
          : {}),
      },
    ],
    links: [
      { href: `${baseUrl}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      { href: `${baseUrl}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' },
    ],
  });

  const server = await startFakeServer((request, baseUrl) => {
    if (request.method === 'POST' && request.path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
      const isClientCredentials =
        new URLSearchParams(request.raw.toString('utf8')).get('grant_type') === 'client_credentials';
      if (request.headers.authorization !== expected || !isClientCredentials) {
        return {
          status: 401,
          json: { error: 'invalid_client', error_description: 'Client Authentication failed' },
        };
      }
      const token = `A21AA${randomBytes(16).toString('hex')}`;
      tokens.add(token);
      return {
        json: {
          scope: 'openid',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-1',
          expires_in: 32400,
        },
      };
    }
    const bearer = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer))
      return failure(
        401,
        'AUTHENTICATION_FAILURE',
        'Authentication failed due to invalid authentication credentials',
      );

    if (request.method === 'POST' && request.path === '/v1/notifications/verify-webhook-signature') {
      const body = request.json;
      const isValid =
        body.webhook_id === credentials.webhookId &&
        typeof body.transmission_id === 'string' &&
        typeof body.transmission_time === 'string' &&
        body.transmission_sig ===
          signatureOf(
            body.transmission_id,
            body.transmission_time,
            credentials.webhookId,
            body.webhook_event,
          );
      return { json: { verification_status: isValid ? 'SUCCESS' : 'FAILURE' } };
    }
    if (request.method === 'POST' && request.path === '/v2/checkout/orders') {
      const requestId = String(request.headers['paypal-request-id'] ?? '');
      const existing = byRequestId.get(requestId);
      if (requestId && existing) return { json: orderJson(find(existing), baseUrl) };
      const unit = (
        request.json.purchase_units as
          | { reference_id?: string; amount?: { currency_code?: string; value?: string } }[]
          | undefined
      )?.[0];
      if (request.json.intent !== 'CAPTURE' || !unit?.amount?.currency_code || !unit.amount.value) {
        return failure(400, 'INVALID_REQUEST', 'Request is not well-formed', 'MISSING_REQUIRED_PARAMETER');
      }
      if (unit.amount.currency_code === 'CLP') {
        return failure(
          422,
          'UNPROCESSABLE_ENTITY',
          'The requested action could not be performed',
          'CURRENCY_NOT_SUPPORTED',
        );
      }
      const order: PaypalOrder = {
        id: randomBytes(8).toString('hex').toUpperCase(),
        requestId,
        status: 'PAYER_ACTION_REQUIRED',
        reference_id: unit.reference_id ?? 'default',
        currency: unit.amount.currency_code,
        value: unit.amount.value,
        captureOutcome: 'COMPLETED',
        captureStatus: null,
      };
      orders.set(order.id, order);
      if (requestId) byRequestId.set(requestId, order.id);
      return { status: 201, json: orderJson(order, baseUrl) };
    }
    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(request.path);
    const order = match ? orders.get(decodeURIComponent(match[1] ?? '')) : undefined;
    if (!match || !order)
      return failure(
        404,
        'RESOURCE_NOT_FOUND',
        'The specified resource does not exist.',
        'INVALID_RESOURCE_ID',
      );
    if (request.method === 'GET' && !match[2]) return { json: orderJson(order, baseUrl) };
    if (request.method === 'POST' && match[2]) {
      if (order.status === 'COMPLETED') {
        return failure(
          422,
          'UNPROCESSABLE_ENTITY',
          'The requested action could not be performed',
          'ORDER_ALREADY_CAPTURED',
        );
      }
      if (order.status !== 'APPROVED') {
        return failure(
          422,
          'UNPROCESSABLE_ENTITY',
          'The requested action could not be performed',
          'ORDER_NOT_APPROVED',
        );
      }
      if (order.captureOutcome === 'DECLINED') {
        order.captureStatus = 'DECLINED';
        return failure(
          422,
          'UNPROCESSABLE_ENTITY',
          'The instrument presented was either declined',
          'INSTRUMENT_DECLINED',
        );
      }
      order.status = 'COMPLETED';
      order.captureStatus = 'COMPLETED';
      captureCount += 1;
      return { status: 201, json: orderJson(order, baseUrl) };
    }
    return failure(405, 'METHOD_NOT_SUPPORTED', 'The server does not implement the requested HTTP method.');
  }, port);

  return {
    ...server,
    orders: () => [...orders.values()],
    order: find,
    approve: (id, outcome = 'COMPLETED') => {
      const order = find(id);
      order.status = 'APPROVED';
      order.captureOutcome = outcome;
    },
    setAmount: (id, value) => {
      find(id).value = value;
    },
    captures: () => captureCount,
    delivery: (eventType, orderId, options = {}) => {
      const isCapture = eventType.startsWith('PAYMENT.CAPTURE.');
      const body = {
        id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
        create_time: new Date().toISOString(),
        resource_type: isCapture ? 'capture' : 'checkout-order',
        event_type: eventType,
        summary: eventType,
        resource: isCapture
          ? { id: `CAP-${orderId}`, supplementary_data: { related_ids: { order_id: orderId } } }
          : { id: orderId },
      };
      const transmissionId = randomBytes(8).toString('hex');
      const time = new Date().toISOString();
      const signature = signatureOf(transmissionId, time, credentials.webhookId, body);
      return {
        body,
        headers: {
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `https://api.paypal.com/v1/notifications/certs/CERT-${transmissionId}`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': options.forged ? `${signature.slice(0, -4)}AAAA` : signature,
          'paypal-transmission-time': time,
        },
      };
    },
    send: async (url, delivery) => {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...delivery.headers },
        body: JSON.stringify(delivery.body),
      });
      return answer.status;
    },
  };
};
