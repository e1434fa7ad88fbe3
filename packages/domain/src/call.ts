/** Phone calls reported by a PBX integration (Yeastar): spec section 9's call results. */
export const CALL_RESULTS = ['answered', 'not_answered', 'voicemail', 'missed_call', 'wrong_number'] as const;
export type CallResult = (typeof CALL_RESULTS)[number];

export const CALL_DIRECTIONS = ['inbound', 'outbound', 'internal'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];
