import type { Diffusion, DiffusionStatus, DiffusionTotals, PermissionKey } from '@conversa/domain';
import type { DiffusionCommand } from './api/diffusions';

export type DiffusionAction = DiffusionCommand | 'edit' | 'delete';

/** What a person may do to a diffusion in each state (API.md part 2: edits while draft, scheduled or paused). */
const ACTIONS: Record<DiffusionStatus, DiffusionAction[]> = {
  draft: ['start', 'edit', 'delete'],
  scheduled: ['start', 'edit', 'cancel', 'delete'],
  running: ['pause', 'cancel'],
  paused: ['resume', 'edit', 'cancel'],
  completed: ['delete'],
  cancelled: ['delete'],
};

const PERMISSION: Record<DiffusionAction, PermissionKey> = {
  start: 'marketing.edit',
  pause: 'marketing.edit',
  resume: 'marketing.edit',
  cancel: 'marketing.edit',
  edit: 'marketing.edit',
  delete: 'marketing.delete',
};

export const actionsFor = (
  status: DiffusionStatus,
  can: (key: PermissionKey) => boolean,
): DiffusionAction[] => ACTIONS[status].filter((action) => can(PERMISSION[action]));

export const STATUS_COLOR = {
  draft: 'default',
  scheduled: 'info',
  running: 'primary',
  paused: 'warning',
  completed: 'success',
  cancelled: 'error',
} as const satisfies Record<DiffusionStatus, string>;

/** How many recipients are done with (sent, skipped or failed), out of all of them. */
export const progressOf = (totals: DiffusionTotals): { done: number; percent: number } => {
  const done = Math.min(totals.recipients, totals.sent + totals.skipped + totals.failed);
  return { done, percent: totals.recipients === 0 ? 0 : Math.round((done / totals.recipients) * 100) };
};

export const isPaused = (diffusion: Pick<Diffusion, 'status' | 'pause_reason'>): boolean =>
  diffusion.status === 'paused' && diffusion.pause_reason !== '';
