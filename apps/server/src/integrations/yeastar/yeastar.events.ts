import type { CallDirection, CallResult } from '@conversa/domain';
import { z } from 'zod';

/** The events the webhook listens to (Yeastar P-Series event ids). */
export const YEASTAR_CALL_STATUS_CHANGED = 30011;
export const YEASTAR_NEW_CDR = 30012;

/**
 * A call as the PBX reported it, normalised: `phone` is the outside party's number as the PBX wrote it,
 * `extensions` the PBX extensions on the call (the agent is the first one mapped to a user).
 */
export type YeastarCallReport = {
  externalId: string;
  /** The CDR is final; a status change only says a call is under way (answered). */
  isFinal: boolean;
  direction: CallDirection;
  result: CallResult;
  phone: string;
  extensions: string[];
  /** Seconds of talk. */
  duration: number;
  /** The PBX's local wall time `YYYY-MM-DD HH:mm:ss` (no zone: it is the PBX's), null when not given. */
  startedAt: string | null;
};

/** Yeastar sends `msg` as a JSON text inside the JSON (its guide's examples), some versions as an object. */
const jsonText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, schema);

const text = z.union([z.string(), z.number()]).transform((value) => String(value).trim());
const seconds = z.coerce.number().int().min(0).max(10_000_000).catch(0);

const cdrSchema = z.looseObject({
  call_id: text.pipe(z.string().min(1).max(200)),
  time_start: text.optional(),
  call_from: text.default(''),
  call_to: text.default(''),
  talk_duration: seconds.default(0),
  status: text.default(''),
  type: text.default(''),
});

const memberSchema = z.looseObject({
  extension: z.looseObject({ number: text.default(''), member_status: text.default('') }).optional(),
  inbound: z
    .looseObject({ from: text.default(''), to: text.default(''), member_status: text.default('') })
    .optional(),
  outbound: z
    .looseObject({ from: text.default(''), to: text.default(''), member_status: text.default('') })
    .optional(),
});

const statusSchema = z.looseObject({
  call_id: text.pipe(z.string().min(1).max(200)),
  members: z.array(memberSchema).max(100).default([]),
});

export const yeastarEventSchema = z.looseObject({ type: z.coerce.number().int(), msg: z.unknown() });

const directionOf = (type: string): CallDirection => {
  const lower = type.toLowerCase();
  return lower === 'inbound' || lower === 'outbound' ? lower : 'internal';
};

/**
 * The PBX's disposition as the spec's call results: a busy or unanswered call we made is "not answered",
 * one the customer made and nobody took is "missed", a number the PBX could not reach is "wrong number".
 * (The guide spells ANSWERED as ANSWERD in one place; both are read.)
 */
export const resultOf = (status: string, direction: CallDirection): CallResult => {
  const upper = status.toUpperCase().replace(/[_-]/g, ' ').trim();
  if (upper === 'ANSWERED' || upper === 'ANSWERD') return 'answered';
  if (upper === 'VOICEMAIL') return 'voicemail';
  if (upper === 'FAILED') return 'wrong_number';
  return direction === 'inbound' ? 'missed_call' : 'not_answered';
};

const isExtension = (value: string) => /^\d{1,20}$/.test(value);

const fromCdr = (msg: z.output<typeof cdrSchema>): YeastarCallReport => {
  const direction = directionOf(msg.type);
  const phone = direction === 'inbound' ? msg.call_from : direction === 'outbound' ? msg.call_to : '';
  const ours =
    direction === 'inbound'
      ? [msg.call_to]
      : direction === 'outbound'
        ? [msg.call_from]
        : [msg.call_from, msg.call_to];
  return {
    externalId: msg.call_id,
    isFinal: true,
    direction,
    result: resultOf(msg.status, direction),
    phone,
    extensions: ours.filter(isExtension),
    duration: msg.talk_duration,
    startedAt:
      msg.time_start && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(msg.time_start) ? msg.time_start : null,
  };
};

const ANSWERED_STATES = new Set(['ANSWER', 'ANSWERED']);

/** A status change is kept only once someone answered: a ringing call is not on the timeline until its CDR. */
const fromStatus = (msg: z.output<typeof statusSchema>): YeastarCallReport | null => {
  const inbound = msg.members.find((member) => member.inbound)?.inbound;
  const outbound = msg.members.find((member) => member.outbound)?.outbound;
  const extensions = msg.members.flatMap((member) => (member.extension ? [member.extension] : []));
  const isAnswered = msg.members.some((member) =>
    [member.extension, member.inbound, member.outbound].some(
      (part) => part && ANSWERED_STATES.has(part.member_status.toUpperCase()),
    ),
  );
  if (!isAnswered) return null;
  const direction: CallDirection = inbound ? 'inbound' : outbound ? 'outbound' : 'internal';
  return {
    externalId: msg.call_id,
    isFinal: false,
    direction,
    result: 'answered',
    phone: inbound?.from ?? outbound?.to ?? '',
    extensions: extensions.map((extension) => extension.number).filter(isExtension),
    duration: 0,
    startedAt: null,
  };
};

/**
 * One webhook delivery as a call report: a new CDR (30012) or an answered call's status (30011). Other
 * events, or one whose body does not parse, answer null (acknowledged and dropped: the PBX would only send
 * it again).
 */
export const parseYeastarEvent = (body: unknown): YeastarCallReport | null => {
  const event = yeastarEventSchema.safeParse(body);
  if (!event.success) return null;
  if (event.data.type === YEASTAR_NEW_CDR) {
    const msg = jsonText(cdrSchema).safeParse(event.data.msg);
    return msg.success ? fromCdr(msg.data) : null;
  }
  if (event.data.type === YEASTAR_CALL_STATUS_CHANGED) {
    const msg = jsonText(statusSchema).safeParse(event.data.msg);
    return msg.success ? fromStatus(msg.data) : null;
  }
  return null;
};

/** The instant of a PBX wall time in the company's time zone (the PBX reports local times without a zone). */
export const instantOf = (wallTime: string, timeZone: string): Date => {
  const [date = '', time = ''] = wallTime.split(' ');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute, second] = time.split(':').map(Number);
  const asUtc = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0);
  const offsetAt = (instant: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(instant));
    const part = (type: string) => Number(parts.find((item) => item.type === type)?.value ?? 0);
    const local = Date.UTC(
      part('year'),
      part('month') - 1,
      part('day'),
      part('hour'),
      part('minute'),
      part('second'),
    );
    return local - instant;
  };
  // Twice: the offset at the guess may differ from the offset at the answer around a daylight-saving change.
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first));
};
