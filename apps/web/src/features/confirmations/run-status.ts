import type { ConfirmationRunStatus, ConfirmationTotals, PermissionKey } from '@conversa/domain';
import type { RunCommand } from './api/confirmations';

export type RunAction = RunCommand | 'delete';

/**
 * What a run's state allows (API.md part 3 §3.1): a draft or scheduled run starts now; a scheduled or
 * running one is cancelled; any but a running one is deleted.
 */
const ACTIONS: Record<ConfirmationRunStatus, RunAction[]> = {
  draft: ['start', 'delete'],
  scheduled: ['start', 'cancel', 'delete'],
  running: ['cancel'],
  completed: ['delete'],
  cancelled: ['delete'],
  failed: ['delete'],
};

const PERMISSION: Record<RunAction, PermissionKey> = {
  start: 'confirmation.edit',
  cancel: 'confirmation.edit',
  delete: 'confirmation.delete',
};

export const runActionsFor = (
  status: ConfirmationRunStatus,
  can: (key: PermissionKey) => boolean,
): RunAction[] => ACTIONS[status].filter((action) => can(PERMISSION[action]));

/** The answers' parts of a run, in the order its bar stacks them, with their colours. */
export const TOTAL_PARTS = [
  { key: 'confirmed', color: 'success.main' },
  { key: 'cancelled', color: 'error.main' },
  { key: 'no_reply', color: 'warning.main' },
  { key: 'failed', color: 'grey.700' },
] as const satisfies readonly { key: keyof ConfirmationTotals; color: string }[];

/** Rows sent and still waiting for an answer, and rows not sent yet. */
export const waitingOf = (totals: ConfirmationTotals): { waiting: number; pending: number } => {
  const answered = totals.confirmed + totals.cancelled + totals.no_reply;
  const waiting = Math.max(0, totals.sent - answered);
  return { waiting, pending: Math.max(0, totals.appointments - totals.sent - totals.failed) };
};
