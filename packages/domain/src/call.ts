import { z } from 'zod';
import { searchBodySchema } from './search';
import { httpUrl, requiredText } from './validation';

/** Phone calls reported by a PBX integration (Yeastar): spec section 9's call results. */
export const CALL_RESULTS = ['answered', 'not_answered', 'voicemail', 'missed_call', 'wrong_number'] as const;
export type CallResult = (typeof CALL_RESULTS)[number];

export const CALL_DIRECTIONS = ['inbound', 'outbound', 'internal'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];

/** How many PBX extensions one integration maps to users. */
export const MAX_YEASTAR_EXTENSIONS = 500;

/** A PBX extension number (digits, as Yeastar numbers them) and the user of the company it belongs to. */
export const yeastarExtensionSchema = z.strictObject({
  extension: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, { error: 'validation.number' }),
  user_id: requiredText().max(64),
});
export type YeastarExtension = z.output<typeof yeastarExtensionSchema>;

/**
 * A Yeastar P-Series PBX (Open API): its base URL, the API's Client ID and Client Secret, the secret the
 * PBX's webhook URL carries (generated when empty, shown once) and which extension is which user's.
 */
export const yeastarConfigSchema = z.strictObject({
  // HTTPS in production; the Software and Appliance editions also answer plain HTTP on a local network.
  pbx_url: httpUrl(),
  client_id: requiredText().max(200),
  client_secret: requiredText().max(500),
  webhook_secret: z.string().trim().min(16, { error: 'validation.invalid' }).max(200).optional(),
  extensions: z
    .array(yeastarExtensionSchema)
    .max(MAX_YEASTAR_EXTENSIONS, { error: 'validation.range' })
    .default([])
    .refine((rows) => new Set(rows.map((row) => row.extension)).size === rows.length, {
      error: 'validation.duplicate',
    }),
});
export type YeastarConfig = z.output<typeof yeastarConfigSchema>;

/** A call on a contact's timeline (API: `call/search`). */
export type Call = {
  id: string;
  integration_id: string;
  /** The PBX's own id of the call. */
  external_id: string;
  contact_id: string | null;
  phone: string;
  direction: CallDirection;
  result: CallResult;
  /** Talk time in seconds. */
  duration: number;
  extension: string;
  /** The agent: the user the extension is mapped to, null when none is. */
  user_id: string | null;
  started_at: string;
  create_date: string;
};

export const callSearchSchema = searchBodySchema;

/** Click-to-call: the PBX rings the caller's own extension, then dials the contact's phone. */
export const callDialSchema = z.strictObject({ contact_id: requiredText().max(64) });
export type CallDialInput = z.input<typeof callDialSchema>;
