import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { optionalText } from '../scheduling-http';
import { type CalendlyInvitee, calendlyInvitee, eventSchema, inviteeSchema } from './calendly-invitee';

/** A delivery signed longer ago (or further ahead) than this is a replay: API.md part 3 §5. */
const CALENDLY_SIGNATURE_TOLERANCE_SECONDS = 180;

const SIGNATURE_PART = /^\s*(t|v1)=([^,\s]+)\s*$/;

/** `t=<unix seconds>,v1=<hex>`, each once; anything else is malformed. */
const readSignatureHeader = (header: string): { t: string; v1: string } | undefined => {
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const match = SIGNATURE_PART.exec(part);
    if (!match || parts.has(match[1] as string)) return undefined;
    parts.set(match[1] as string, match[2] as string);
  }
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !v1 || !/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/i.test(v1)) return undefined;
  return { t, v1 };
};

/**
 * Whether a delivery is Calendly's: the header's `v1` is HMAC-SHA256 of `${t}.${rawBody}` with the
 * subscription's signing key (compared in constant time), and `t` is within 180 s of now. The body is the
 * raw bytes received, never re-serialised JSON.
 */
export const verifyCalendlySignature = (
  header: string | undefined,
  rawBody: Buffer | string,
  signingKey: string,
  nowMs: number,
): boolean => {
  if (!header || !signingKey) return false;
  const signature = readSignatureHeader(header);
  if (!signature) return false;
  if (Math.abs(nowMs / 1000 - Number(signature.t)) > CALENDLY_SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', signingKey).update(`${signature.t}.`).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature.v1, 'hex'));
};

const deliverySchema = z.looseObject({
  event: z.enum(['invitee.created', 'invitee.canceled']),
  payload: inviteeSchema.extend({
    old_invitee: optionalText(),
    new_invitee: optionalText(),
    rescheduled: z.boolean().nullish(),
    scheduled_event: eventSchema,
  }),
});

/** What the webhook route needs of an invitee delivery. */
export type CalendlyDelivery = {
  event: 'invitee.created' | 'invitee.canceled';
  invitee: CalendlyInvitee;
  /** On the new invitee of a reschedule: the invitee it replaces. */
  oldInvitee?: string;
  /** On the canceled half of a reschedule: true, with the invitee that replaces it. */
  rescheduled: boolean;
  newInvitee?: string;
};

/**
 * An `invitee.created` or `invitee.canceled` delivery read (API.md part 3 §5); undefined for another event
 * or a body not in Calendly's shape.
 */
export const readCalendlyDelivery = (body: unknown): CalendlyDelivery | undefined => {
  const parsed = deliverySchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { event, payload } = parsed.data;
  return {
    event,
    invitee: calendlyInvitee(payload, payload.scheduled_event),
    ...(payload.old_invitee ? { oldInvitee: payload.old_invitee } : {}),
    rescheduled: payload.rescheduled === true,
    ...(payload.new_invitee ? { newInvitee: payload.new_invitee } : {}),
  };
};
