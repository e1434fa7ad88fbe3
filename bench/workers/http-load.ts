import { createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';
import type { BenchDevice, BenchProviderDevices, BenchWhatsappDevice } from '../generate';
import { Histogram, type HistogramData } from '../lib/histogram';
import { jsonPostOptions } from '../lib/http';
import { FIRST_NAMES, LAST_NAMES, PHRASES } from '../lib/names';
import { seededRandom } from '../lib/random';
import { serve } from '../lib/rpc';

/**
 * The load process: posts inbound webhooks in a provider's format, open-loop at a fixed rate (latency is
 * counted from the moment each request was due, so a slow server cannot hide queueing) or closed-loop
 * on N connections to find the highest sustained rate.
 */
export type WebhookFormat = 'sandbox' | 'whatsapp' | 'dialog360' | 'twilio' | 'maytapi';

export type LoadInput = {
  baseUrl: string;
  /**
   * `sandbox`: POST /webhooks/sandbox/{device} with the X-Sandbox-Secret header; `whatsapp`: the Cloud API
   * notification to POST /webhooks/whatsapp/{device}, signed with the app secret (X-Hub-Signature-256);
   * `dialog360`: the same notification with 360dialog's secret header; `twilio`: Twilio's form post signed
   * over the server's PUBLIC_URL (the bench server's is its own address, `baseUrl`); `maytapi`: the
   * gateway's message event with the secret in the query.
   */
  target: WebhookFormat;
  /** The same requests to POST /bare on the bare Fastify server: the limit of the HTTP layer. */
  bare: boolean;
  mode: 'rate' | 'max';
  rate: number;
  seconds: number;
  connections: number;
  /** The sandbox devices the `sandbox` target spreads its deliveries over. */
  devices: BenchDevice[];
  /** The number the `whatsapp` target delivers to. */
  whatsapp: BenchWhatsappDevice;
  /** The numbers the `dialog360`, `twilio` and `maytapi` targets deliver to. */
  providers: BenchProviderDevices;
  existingPrefix: string;
  existingContacts: number;
  newPrefix: string;
  newPhones: number;
  /** Share of deliveries that go to a phone not yet in the database. */
  newShare: number;
  /** Every n-th delivery repeats an earlier one (a provider retry): it must not create a second message. */
  duplicateEvery: number;
  idPrefix: string;
  marker: string;
  seed: string;
};

export type LoadResult = {
  sent: number;
  accepted: number;
  failed: number;
  statuses: Record<string, number>;
  errors: string[];
  seconds: number;
  acceptedPerSecond: number;
  ack: HistogramData;
  /** Distinct provider ids that were answered 200 (what the database must hold). */
  acceptedIds: number;
  /** The provider ids answered 200, for the lost-message check. */
  acceptedIdList: string[];
  duplicatesSent: number;
};

/**
 * One inbound message, whatever the format. Everything a request carries is decided here, so a provider
 * retry (the same delivery again) sends the same bytes, as a provider's retry does.
 */
type Delivery = {
  /** Uniform in [0, 1): which of the sandbox devices carries it. */
  deviceDraw: number;
  id: string;
  phone: string;
  name: string;
  /** Ends `bench:<marker>:<ms>`, which the agent socket reads to time webhook → notification. */
  text: string;
  sentAt: number;
};

/** A delivery as it goes on the wire: only this differs between the formats. */
type WebhookCall = { path: string; headers: Record<string, string>; body: Buffer };

const sandboxCall =
  (devices: BenchDevice[]) =>
  (delivery: Delivery): WebhookCall => {
    const device = devices[Math.floor(delivery.deviceDraw * devices.length)];
    if (!device) throw new Error('no sandbox device');
    const body = {
      from: { phone: delivery.phone, name: delivery.name },
      message: { id: delivery.id, type: 'chat', body: delivery.text },
    };
    return {
      path: `/webhooks/sandbox/${device.id}`,
      headers: { 'x-sandbox-secret': device.secret },
      body: Buffer.from(JSON.stringify(body)),
    };
  };

/** Meta's notification of one inbound text message (the Cloud API format, 360dialog's too). */
const cloudApiBody =
  (number: { phoneNumberId: string; displayPhoneNumber: string }, wabaId: string) => (delivery: Delivery) =>
    Buffer.from(
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: wabaId,
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: {
                    display_phone_number: number.displayPhoneNumber,
                    phone_number_id: number.phoneNumberId,
                  },
                  contacts: [{ profile: { name: delivery.name }, wa_id: delivery.phone }],
                  messages: [
                    {
                      from: delivery.phone,
                      id: delivery.id,
                      timestamp: String(Math.floor(delivery.sentAt / 1000)),
                      type: 'text',
                      text: { body: delivery.text },
                    },
                  ],
                },
              },
            ],
          },
        ],
      }),
    );

/** Signed over its exact bytes as Meta signs it. */
const whatsappCall = (device: BenchWhatsappDevice) => {
  const bodyOf = cloudApiBody(device, device.wabaId);
  return (delivery: Delivery): WebhookCall => {
    const body = bodyOf(delivery);
    const signature = createHmac('sha256', device.appSecret).update(body).digest('hex');
    return {
      path: `/webhooks/whatsapp/${device.id}`,
      headers: { 'x-hub-signature-256': `sha256=${signature}` },
      body,
    };
  };
};

/** 360dialog forwards Meta's notification with the header it was told to send on connect. */
const dialog360Call = (device: BenchProviderDevices['dialog360']) => {
  const bodyOf = cloudApiBody(device, '0');
  return (delivery: Delivery): WebhookCall => ({
    path: `/webhooks/dialog360/${device.id}`,
    headers: { 'x-conversa-webhook-secret': device.webhookSecret },
    body: bodyOf(delivery),
  });
};

/**
 * Twilio's inbound message callback, form-encoded and signed as Twilio signs it: base64 HMAC-SHA1 with the
 * auth token of the URL it called followed by each parameter, sorted by name, as name then value.
 */
const twilioCall = (device: BenchProviderDevices['twilio'], publicUrl: string) => {
  const path = `/webhooks/twilio/${device.id}`;
  return (delivery: Delivery): WebhookCall => {
    const params: [string, string][] = [
      ['AccountSid', device.accountSid],
      ['ApiVersion', '2010-04-01'],
      ['Body', delivery.text],
      ['From', `whatsapp:+${delivery.phone}`],
      ['MessageSid', delivery.id],
      ['MessageType', 'text'],
      ['NumMedia', '0'],
      ['ProfileName', delivery.name],
      ['SmsStatus', 'received'],
      ['To', `whatsapp:${device.fromNumber}`],
      ['WaId', delivery.phone],
    ];
    const signed = `${publicUrl}${path}${params.map(([name, value]) => name + value).join('')}`;
    return {
      path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': createHmac('sha1', device.authToken).update(signed, 'utf8').digest('base64'),
      },
      body: Buffer.from(new URLSearchParams(params).toString()),
    };
  };
};

/** The gateway's event for a message its linked phone received, to the webhook it registered. */
const maytapiCall =
  (device: BenchProviderDevices['maytapi']) =>
  (delivery: Delivery): WebhookCall => ({
    path: `/webhooks/maytapi/${device.id}?secret=${encodeURIComponent(device.webhookSecret)}`,
    headers: {},
    body: Buffer.from(
      JSON.stringify({
        type: 'message',
        phone_id: device.phoneId,
        message: { id: delivery.id, type: 'text', text: delivery.text, fromMe: false },
        user: { id: `${delivery.phone}@c.us`, name: delivery.name, phone: delivery.phone },
        conversation: `${delivery.phone}@c.us`,
        conversation_name: delivery.name,
        receiver: device.receiver,
        timestamp: Math.floor(delivery.sentAt / 1000),
      }),
    ),
  });

const callsOf = (input: LoadInput): ((delivery: Delivery) => WebhookCall) => {
  switch (input.target) {
    case 'sandbox':
      return sandboxCall(input.devices);
    case 'whatsapp':
      return whatsappCall(input.whatsapp);
    case 'dialog360':
      return dialog360Call(input.providers.dialog360);
    case 'twilio':
      return twilioCall(input.providers.twilio, input.baseUrl);
    case 'maytapi':
      return maytapiCall(input.providers.maytapi);
  }
};

const run = async (input: LoadInput): Promise<LoadResult> => {
  const url = new URL(input.baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: input.connections });
  const random = seededRandom(`${input.seed}:${input.idPrefix}`);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;
  const ack = new Histogram();
  const statuses: Record<string, number> = {};
  const errors: string[] = [];
  const acceptedIds = new Set<string>();
  const recent: Delivery[] = [];
  let sent = 0;
  let accepted = 0;
  let failed = 0;
  let duplicatesSent = 0;
  let counter = 0;
  const callOf = callsOf(input);

  const nextDelivery = (): Delivery => {
    counter += 1;
    if (input.duplicateEvery > 0 && counter % input.duplicateEvery === 0 && recent.length > 0) {
      duplicatesSent += 1;
      return pick(recent);
    }
    const isNew = random() < input.newShare;
    const index = 1 + Math.floor(random() * (isNew ? input.newPhones : input.existingContacts));
    const sentAt = Date.now();
    const delivery = {
      deviceDraw: random(),
      id: `${input.idPrefix}-${counter}`,
      phone: `${isNew ? input.newPrefix : input.existingPrefix}${String(index).padStart(8, '0')}`,
      name: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
      text: `${pick(PHRASES)} bench:${input.marker}:${sentAt}`,
      sentAt,
    };
    recent.push(delivery);
    if (recent.length > 200) recent.shift();
    return delivery;
  };

  const post = (delivery: Delivery, dueAt: number): Promise<void> =>
    new Promise((resolve) => {
      const call = callOf(delivery);
      sent += 1;
      const req = request(
        { agent, ...jsonPostOptions(url, input.bare ? '/bare' : call.path, call.body.length, call.headers) },
        (res) => {
          res.resume();
          res.on('end', () => {
            ack.record(performance.now() - dueAt);
            const status = String(res.statusCode);
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (res.statusCode === 200) {
              accepted += 1;
              acceptedIds.add(delivery.id);
            } else failed += 1;
            resolve();
          });
        },
      );
      req.on('error', (error) => {
        failed += 1;
        if (errors.length < 5) errors.push(error.message);
        resolve();
      });
      req.end(call.body);
    });

  const started = performance.now();
  const deadline = started + input.seconds * 1000;
  const inFlight = new Set<Promise<void>>();
  const track = (promise: Promise<void>) => {
    inFlight.add(promise);
    void promise.then(() => inFlight.delete(promise));
  };

  if (input.mode === 'rate') {
    const interval = 1000 / input.rate;
    // Exactly rate × seconds requests: on a starved machine the late ones go out late (and count so),
    // never not at all.
    const total = Math.round(input.rate * input.seconds);
    let scheduled = 0;
    while (scheduled < total) {
      const due = Math.floor((performance.now() - started) / interval);
      while (scheduled <= due && scheduled < total) {
        track(post(nextDelivery(), started + scheduled * interval));
        scheduled += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  } else {
    const loop = async () => {
      while (performance.now() < deadline) {
        const at = performance.now();
        await post(nextDelivery(), at);
      }
    };
    await Promise.all(Array.from({ length: input.connections }, loop));
  }
  // Every request is answered (or fails) before the result is reported; bounded by a minute.
  await Promise.race([Promise.all(inFlight), new Promise((resolve) => setTimeout(resolve, 60_000))]);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    sent,
    accepted,
    failed,
    statuses,
    errors,
    seconds,
    acceptedPerSecond: accepted / Math.max(seconds, input.seconds),
    ack: ack.toJSON(),
    acceptedIds: acceptedIds.size,
    acceptedIdList: [...acceptedIds],
    duplicatesSent,
  };
};

serve({ run: (input: LoadInput) => run(input) });
