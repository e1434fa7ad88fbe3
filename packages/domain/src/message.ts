import { z } from 'zod';

/** What a person (or the API) may send: `message/create` takes these. */
export const SENDABLE_MESSAGE_TYPES = ['chat', 'image', 'audio', 'video', 'document', 'location'] as const;
export type SendableMessageType = (typeof SENDABLE_MESSAGE_TYPES)[number];
/**
 * Kinds only customers send (API.md part 3, "Every inbound kind shown"): a shared contact card, a reaction
 * to a message, an Instagram story mention, and a kind the product does not read (named, never dropped).
 */
export const INBOUND_ONLY_MESSAGE_TYPES = ['contact', 'reaction', 'story_mention', 'unsupported'] as const;
export const MESSAGE_TYPES = [...SENDABLE_MESSAGE_TYPES, ...INBOUND_ONLY_MESSAGE_TYPES] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Message statuses as the API spells them ('recive' is the product's word for delivered). */
export const MESSAGE_STATUSES = ['queue', 'sent', 'recive', 'read', 'error', 'cancel'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

const STATUS_RANK: Record<MessageStatus, number> = {
  queue: 0,
  sent: 1,
  recive: 2,
  read: 3,
  error: 4,
  cancel: 4,
};

/**
 * Provider receipts arrive out of order; a status only ever moves forward (queue → sent → recive → read),
 * and error or cancel are final.
 */
export const isStatusAdvance = (from: MessageStatus, to: MessageStatus): boolean =>
  STATUS_RANK[to] > STATUS_RANK[from] && STATUS_RANK[from] < STATUS_RANK.error;

/** A location travels as the body 'lat;lng'. */
export const locationBody = (lat: number, lng: number): string => `${lat};${lng}`;

export const parseLocationBody = (body: string): { lat: number; lng: number } | null => {
  const [lat, lng] = body.split(';').map(Number);
  if (lat === undefined || lng === undefined || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
};

/** The client's id for its optimistic copy: a UUID without hyphens. */
export const TEMP_ID_PATTERN = /^[0-9a-f]{32}$/;
export const newTempId = (): string => crypto.randomUUID().replaceAll('-', '');

export const tempIdField = () => z.string().regex(TEMP_ID_PATTERN);
