import { auditChanges, isPlanOver } from '@conversa/domain';
import { writeAuditLog } from '../../core/audit/audit-log';
import type { Database } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import type { JobQueue } from '../../core/jobs/job-queue';
import type { FileStore } from '../../core/storage/file-store';
import { toPublicClient } from '../clients/clients.mapper';
import { createClientsRepository } from '../clients/clients.repository';
import { createQuotasRepository } from './quotas.repository';

export const PLAN_EXPIRY_JOB = 'plan.expiry';
/**
 * A plan ends at midnight of its last day in the company's own zone, and zones are offset by whole,
 * half and quarter hours: a run every quarter of an hour marks each company within minutes of its midnight.
 */
export const PLAN_EXPIRY_EVERY_MS = 15 * 60_000;

/**
 * Marks unpaid every company whose plan's last day is over in its time zone, each in its own transaction
 * with its audit row, and tells the company (the open app shows the plan-expired dialog at once).
 */
export const createPlanExpiry = ({
  db,
  events,
  files,
}: {
  db: Database;
  events: EventBus;
  files: FileStore;
}) => {
  const expireDue = async (now: Date = new Date()): Promise<string[]> => {
    const candidates = await createQuotasRepository(db).paidPastExpiry(now);
    const expired: string[] = [];
    for (const company of candidates) {
      if (!company.expiresAt || !isPlanOver(company.expiresAt, company.timezone, now)) continue;
      const expiresAt = company.expiresAt;
      const row = await db.transaction(async (tx) => {
        if (!(await createQuotasRepository(tx).markUnpaid(company.id, expiresAt))) return undefined;
        await writeAuditLog(tx, { clientId: company.id, userId: '' }, [
          {
            action: 'update',
            module: 'client',
            recordId: company.id,
            changes: auditChanges({ is_paid: company.isPaid }, { is_paid: false }),
          },
        ]);
        return createClientsRepository(tx).findById(company.id);
      });
      if (!row) continue;
      expired.push(company.id);
      events.emit('client.updated', { clientId: company.id, client: toPublicClient(row, files.url, now) });
    }
    return expired;
  };

  return {
    expireDue,
    define(queue: JobQueue) {
      queue.every(PLAN_EXPIRY_JOB, PLAN_EXPIRY_EVERY_MS, { run: async () => void (await expireDue()) });
    },
  };
};
