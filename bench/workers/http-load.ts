import { Agent, request } from 'node:http';
import { Histogram, type HistogramData } from '../lib/histogram';
import { FIRST_NAMES, LAST_NAMES, PHRASES } from '../lib/names';
import { seededRandom } from '../lib/random';
import { serve } from '../lib/rpc';

/**
 * The load process: posts inbound webhooks in the sandbox format, open-loop at a fixed rate (latency is
 * counted from the moment each request was due, so a slow server cannot hide queueing) or closed-loop
 * on N connections to find the highest sustained rate.
 */
export type LoadInput = {
  baseUrl: string;
  /** `sandbox`: POST /webhooks/sandbox/{device}; `bare`: POST /bare on the bare Fastify server. */
  target: 'sandbox' | 'bare';
  mode: 'rate' | 'max';
  rate: number;
  seconds: number;
  connections: number;
  devices: { id: string; secret: string }[];
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

type Delivery = { device: number; id: string; phone: string; name: string };

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

  const nextDelivery = (): Delivery => {
    counter += 1;
    if (input.duplicateEvery > 0 && counter % input.duplicateEvery === 0 && recent.length > 0) {
      duplicatesSent += 1;
      return pick(recent);
    }
    const isNew = random() < input.newShare;
    const index = 1 + Math.floor(random() * (isNew ? input.newPhones : input.existingContacts));
    const delivery = {
      device: Math.floor(random() * input.devices.length),
      id: `${input.idPrefix}-${counter}`,
      phone: `${isNew ? input.newPrefix : input.existingPrefix}${String(index).padStart(8, '0')}`,
      name: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
    };
    recent.push(delivery);
    if (recent.length > 200) recent.shift();
    return delivery;
  };

  const post = (delivery: Delivery, dueAt: number): Promise<void> =>
    new Promise((resolve) => {
      const device = input.devices[delivery.device] ?? input.devices[0];
      if (!device) throw new Error('no device');
      const body = JSON.stringify({
        from: { phone: delivery.phone, name: delivery.name },
        message: {
          id: delivery.id,
          type: 'chat',
          body: `${pick(PHRASES)} bench:${input.marker}:${Date.now()}`,
        },
      });
      sent += 1;
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: input.target === 'bare' ? '/bare' : `/webhooks/sandbox/${device.id}`,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-sandbox-secret': device.secret,
          },
        },
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
      req.end(body);
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
    let scheduled = 0;
    while (performance.now() < deadline) {
      const due = Math.floor((performance.now() - started) / interval);
      while (scheduled <= due && started + scheduled * interval < deadline) {
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
