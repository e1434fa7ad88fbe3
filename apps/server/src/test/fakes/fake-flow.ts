import { createHmac, randomBytes } from 'node:crypto';
import { type FakeAnswer, type FakeServer, type ReceivedRequest, startFakeServer } from './fake-server';

/** payment/getStatus's `status`: 1 pending, 2 paid, 3 rejected, 4 cancelled. */
export type FlowStatus = 1 | 2 | 3 | 4;

export type FlowPayment = {
  token: string;
  flowOrder: number;
  commerceOrder: string;
  subject: string;
  currency: string;
  amount: number;
  email: string;
  urlConfirmation: string;
  urlReturn: string;
  status: FlowStatus;
};

export type FakeFlow = FakeServer & {
  payments: () => FlowPayment[];
  /** The payment of a token (throws when there is none). */
  payment: (token: string) => FlowPayment;
  /** Changes what getStatus answers for the payment (the amount too, for a tampered payment). */
  mark: (token: string, status: FlowStatus, amount?: number) => void;
  /** Flow's confirmation: POST urlConfirmation (form `token`); answers our HTTP status. */
  confirm: (token: string) => Promise<number>;
  /** Marks the payment paid and confirms it, as a payer paying on Flow's page does. */
  pay: (token: string) => Promise<number>;
};

/** Flow's `s`, computed here on its own so the fake checks the adapter rather than itself. */
const signatureOf = (params: URLSearchParams, secretKey: string): string => {
  const names = [...new Set(params.keys())].filter((name) => name !== 's').sort();
  const text = names.map((name) => `${name}${params.get(name) ?? ''}`).join('');
  return createHmac('sha256', secretKey).update(text).digest('hex');
};

const failure = (status: number, code: number, message: string): FakeAnswer => ({
  status,
  json: { code, message },
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const html = (body: string): FakeAnswer => ({
  body: Buffer.from(
    `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Flow</title></head>${body}</html>`,
  ),
  headers: { 'content-type': 'text/html; charset=utf-8' },
});

/** The page the payer lands on (`url?token=`): the order and a Pay and a Reject button. */
const checkoutPage = (payment: FlowPayment) =>
  html(`<body><main><h1>Flow</h1><p>${escapeHtml(payment.subject)}</p>
<p>${payment.currency} ${payment.amount}</p>
<form method="post" action="/app/web/pay.php">
<input type="hidden" name="token" value="${escapeHtml(payment.token)}">
<button type="submit" name="action" value="pay">Pay</button>
<button type="submit" name="action" value="reject">Reject</button>
</form></main></body>`);

/** After paying Flow sends the browser to urlReturn with a POST of `token`. */
const returnPage = (payment: FlowPayment) =>
  html(`<body onload="document.forms[0].submit()"><form method="post" action="${escapeHtml(payment.urlReturn)}">
<input type="hidden" name="token" value="${escapeHtml(payment.token)}">
<button type="submit">Volver al comercio</button></form></body>`);

const formOf = (request: ReceivedRequest) =>
  request.method === 'GET' ? request.query : new URLSearchParams(request.raw.toString('utf8'));

const statusJson = (payment: FlowPayment) => ({
  flowOrder: payment.flowOrder,
  commerceOrder: payment.commerceOrder,
  requestDate: new Date().toISOString(),
  status: payment.status,
  subject: payment.subject,
  currency: payment.currency,
  amount: payment.amount,
  payer: payment.email,
  optional: null,
  pending_info: { media: '', date: '' },
  paymentData:
    payment.status === 2
      ? {
          date: new Date().toISOString(),
          media: 'Webpay',
          amount: payment.amount,
          fee: 0,
          balance: payment.amount,
        }
      : { date: null, media: null, amount: null, fee: null, balance: null },
});

/**
 * Flow's API as the billing adapter uses it (developers.flow.cl): POST /payment/create (form) and GET
 * /payment/getStatus, each refused without the merchant's apiKey and a right `s`; the payer's page at
 * /app/web/pay.php?token= with a Pay button that marks the payment paid, posts the confirmation to
 * urlConfirmation and sends the browser back to urlReturn (a POST of `token`), as Flow does.
 */
export const startFakeFlow = async (
  credentials: { apiKey: string; secretKey: string },
  port = 0,
): Promise<FakeFlow> => {
  const payments = new Map<string, FlowPayment>();
  let flowOrder = 1000;

  const find = (token: string) => {
    const payment = payments.get(token);
    if (!payment) throw new Error(`the fake Flow has no payment ${token}`);
    return payment;
  };
  const confirm = async (token: string) => {
    const payment = find(token);
    const answer = await fetch(payment.urlConfirmation, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    });
    return answer.status;
  };
  const mark = (token: string, status: FlowStatus, amount?: number) => {
    const payment = find(token);
    payment.status = status;
    if (amount !== undefined) payment.amount = amount;
  };

  const server = await startFakeServer((request, baseUrl) => {
    if (request.path === '/app/web/pay.php') {
      const form = formOf(request);
      const payment = payments.get(form.get('token') ?? '');
      if (!payment) return { status: 404, ...html('<body><p>Orden no encontrada</p></body>') };
      if (request.method === 'GET') return checkoutPage(payment);
      payment.status = form.get('action') === 'reject' ? 3 : 2;
      // Flow confirms to the merchant's server on its own, whatever the browser does next.
      confirm(payment.token).catch(() => undefined);
      return returnPage(payment);
    }
    const params = formOf(request);
    if (params.get('apiKey') !== credentials.apiKey) return failure(401, 108, 'Invalid apiKey');
    if (params.get('s') !== signatureOf(params, credentials.secretKey)) {
      return failure(401, 108, 'Invalid signature');
    }
    if (request.method === 'POST' && request.path === '/payment/create') {
      const missing = ['commerceOrder', 'subject', 'amount', 'email', 'urlConfirmation', 'urlReturn'].find(
        (name) => !params.get(name),
      );
      if (missing) return failure(400, 1620, `${missing} is required`);
      const amount = Number(params.get('amount'));
      if (!Number.isInteger(amount) || amount <= 0) return failure(400, 1605, 'Invalid amount');
      const token = randomBytes(20).toString('hex').toUpperCase();
      flowOrder += 1;
      payments.set(token, {
        token,
        flowOrder,
        commerceOrder: params.get('commerceOrder') ?? '',
        subject: params.get('subject') ?? '',
        currency: params.get('currency') ?? 'CLP',
        amount,
        email: params.get('email') ?? '',
        urlConfirmation: params.get('urlConfirmation') ?? '',
        urlReturn: params.get('urlReturn') ?? '',
        status: 1,
      });
      return { json: { url: `${baseUrl}/app/web/pay.php`, token, flowOrder } };
    }
    if (request.method === 'GET' && request.path === '/payment/getStatus') {
      const payment = payments.get(params.get('token') ?? '');
      if (!payment) return failure(400, 105, 'Token not found');
      return { json: statusJson(payment) };
    }
    return failure(404, 404, 'Not found');
  }, port);

  return {
    ...server,
    payments: () => [...payments.values()],
    payment: find,
    mark,
    confirm,
    pay: async (token) => {
      mark(token, 2);
      return confirm(token);
    },
  };
};
