import type { ConfirmationRowState, ConfirmationRunStatus } from '@conversa/domain';

/** A confirmation request's state as a chip colour, in the runs' table and an appointment's history. */
export const ROW_STATE_TONE = {
  pending: 'default',
  sent: 'info',
  confirmed: 'success',
  cancelled: 'error',
  no_reply: 'warning',
  failed: 'error',
} as const satisfies Record<ConfirmationRowState, string>;

/** A confirmation run's state as a chip colour. */
export const RUN_STATUS_TONE = {
  draft: 'default',
  scheduled: 'info',
  running: 'primary',
  completed: 'success',
  cancelled: 'default',
  failed: 'error',
} as const satisfies Record<ConfirmationRunStatus, string>;
