import type { ConfirmationRowState, ConfirmationTotals, SchedulingIntegrationType } from '@conversa/domain';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { idsOf, recordset, returningRows } from '../../core/db/recordset';
import {
  type ConfirmationRowRow,
  type ConfirmationRunRow,
  confirmationRows,
  confirmationRuns,
} from '../../core/db/schema';
import { isUuid } from '../../core/http/route-schemas';
import type { SearchQuery } from '../../core/http/search-query';
import { NO_TOTALS } from './confirmations.mapper';

export type NewRun = typeof confirmationRuns.$inferInsert;
export type RunPatch = Partial<Omit<NewRun, 'id' | 'client_id' | 'integration_id'>>;
export type RowPatch = Partial<Omit<typeof confirmationRows.$inferInsert, 'id' | 'client_id' | 'run_id'>>;
/** An answer to store on its row: the state it moves to and whether the clinic's system is told. */
export type RowAnswer = Pick<ConfirmationRowRow, 'id' | 'answer' | 'writeback'> & {
  state: 'confirmed' | 'cancelled';
  answered_at: Date;
};
/** How a row's write-back ended, or why it waits (`pending` with the error). */
export type RowWriteback = Pick<ConfirmationRowRow, 'id' | 'writeback' | 'error'>;
/** A row waiting for its answer, with what matching a message needs of its run. */
export type WaitingRow = ConfirmationRowRow & {
  type: SchedulingIntegrationType;
  run_device_id: string;
  reply_deadline: Date;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Confirmation runs and their rows, tenant id first in every statement. */
export const createConfirmationsRepository = (db: Executor) => ({
  async findRun(clientId: string, id: string): Promise<ConfirmationRunRow | undefined> {
    if (!isUuid(id)) return undefined;
    const rows = await db
      .select()
      .from(confirmationRuns)
      .where(and(eq(confirmationRuns.client_id, clientId), eq(confirmationRuns.id, id)));
    return rows[0];
  },

  async findRuns(clientId: string, ids: string[]): Promise<ConfirmationRunRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(confirmationRuns)
      .where(and(eq(confirmationRuns.client_id, clientId), inArray(confirmationRuns.id, ids)));
  },

  async searchRuns(
    clientId: string,
    query: SearchQuery,
  ): Promise<{ rows: ConfirmationRunRow[]; total: number }> {
    const where = and(eq(confirmationRuns.client_id, clientId), query.where);
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(confirmationRuns)
        .where(where)
        .orderBy(...query.orderBy, asc(confirmationRuns.id))
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(confirmationRuns).where(where),
    ]);
    return { rows, total: Number(totals[0]?.total ?? 0) };
  },

  async insertRun(values: NewRun): Promise<ConfirmationRunRow> {
    const rows = await db.insert(confirmationRuns).values(values).returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  /** Changes a run; with `fromStatuses` only while it is in one of them (a start, a cancel, a deadline). */
  async updateRun(
    clientId: string,
    id: string,
    patch: RunPatch,
    fromStatuses?: readonly ConfirmationRunRow['status'][],
  ): Promise<ConfirmationRunRow | undefined> {
    const rows = await db
      .update(confirmationRuns)
      .set(patch)
      .where(
        and(
          eq(confirmationRuns.client_id, clientId),
          eq(confirmationRuns.id, id),
          fromStatuses ? inArray(confirmationRuns.status, [...fromStatuses]) : undefined,
        ),
      )
      .returning();
    return rows[0];
  },

  async deleteRun(clientId: string, id: string): Promise<ConfirmationRunRow | undefined> {
    const rows = await db
      .delete(confirmationRuns)
      .where(and(eq(confirmationRuns.client_id, clientId), eq(confirmationRuns.id, id)))
      .returning();
    return rows[0];
  },

  /** Each run's totals (API.md part 3 §3.2.7), counted from its rows in their latest state. */
  async totalsOf(clientId: string, runIds: string[]): Promise<Map<string, ConfirmationTotals>> {
    const totals = new Map<string, ConfirmationTotals>();
    if (runIds.length === 0) return totals;
    const counted = await db
      .select({ run_id: confirmationRows.run_id, state: confirmationRows.state, n: count() })
      .from(confirmationRows)
      .where(and(eq(confirmationRows.client_id, clientId), inArray(confirmationRows.run_id, runIds)))
      .groupBy(confirmationRows.run_id, confirmationRows.state);
    for (const { run_id, state, n } of counted) {
      const run = totals.get(run_id) ?? { ...NO_TOTALS };
      const number = Number(n);
      run.appointments += number;
      if (state !== 'pending' && state !== 'failed') run.sent += number;
      if (state !== 'pending' && state !== 'sent') run[state] += number;
      totals.set(run_id, run);
    }
    return totals;
  },

  async searchRows(
    clientId: string,
    runId: string,
    query: SearchQuery,
  ): Promise<{ rows: ConfirmationRowRow[]; total: number }> {
    const where = and(
      eq(confirmationRows.client_id, clientId),
      eq(confirmationRows.run_id, runId),
      query.where,
    );
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(confirmationRows)
        .where(where)
        .orderBy(...query.orderBy, asc(confirmationRows.meet_date), asc(confirmationRows.id))
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(confirmationRows).where(where),
    ]);
    return { rows, total: Number(totals[0]?.total ?? 0) };
  },

  async findRows(clientId: string, ids: string[]): Promise<ConfirmationRowRow[]> {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return [];
    return db
      .select()
      .from(confirmationRows)
      .where(and(eq(confirmationRows.client_id, clientId), inArray(confirmationRows.id, valid)));
  },

  /**
   * The rows of running runs waiting for an answer from these phones, soonest appointment first; which
   * message answers which is decided by the caller (device, deadline, the button's row).
   */
  async waitingFor(clientId: string, phones: string[]): Promise<WaitingRow[]> {
    if (phones.length === 0) return [];
    const rows = rowsOf<WaitingRow>(
      await db.execute(sql`
        select r.*, i.type, u.device_id as run_device_id, u.reply_deadline
        from confirmation_rows r
        join confirmation_runs u on u.id = r.run_id
        join integrations i on i.id = u.integration_id
        where r.client_id = ${clientId} and r.phone in ${phones} and r.state = 'sent'
          and u.status = 'running'
        order by r.meet_date, r.id`),
    );
    return rows.map((row) => ({
      ...row,
      meet_date: new Date(row.meet_date),
      sent_at: row.sent_at ? new Date(row.sent_at) : null,
      reply_deadline: new Date(row.reply_deadline),
    }));
  },

  /**
   * Answers stored on rows still `sent`, in one statement: a row answered meanwhile is not returned. The
   * state it must still be in comes with each answer (a join, not a filter), so the waiting rows' partial
   * index never looks like the way in (see idsOf).
   */
  async answerRows(clientId: string, answers: RowAnswer[]): Promise<ConfirmationRowRow[]> {
    if (answers.length === 0) return [];
    return returningRows(
      db,
      confirmationRows,
      sql`update confirmation_rows r
        set state = a.state, answer = a.answer, answered_at = a.answered_at, writeback = a.writeback
        from jsonb_to_recordset(${recordset(answers.map((answer) => ({ ...answer, from: 'sent' })))})
          as a(id uuid, state text, answer text, answered_at timestamptz, writeback text, "from" text)
        where r.client_id = ${clientId} and r.id = any(${idsOf(answers)}) and r.id = a.id
          and r.state = a."from"
        returning r.*`,
    );
  },

  /** Write-backs' outcomes in one statement. */
  async recordWritebacks(clientId: string, outcomes: RowWriteback[]): Promise<void> {
    if (outcomes.length === 0) return;
    await db.execute(sql`update confirmation_rows r set writeback = o.writeback, error = o.error
      from jsonb_to_recordset(${recordset(outcomes)}) as o(id uuid, writeback text, error text)
      where r.client_id = ${clientId} and r.id = any(${idsOf(outcomes)}) and r.id = o.id`);
  },

  /** Changes a row only while it is in `fromState`: an answer, a send or a deadline applies once. */
  async moveRow(
    clientId: string,
    id: string,
    fromState: ConfirmationRowState,
    patch: RowPatch,
  ): Promise<ConfirmationRowRow | undefined> {
    const rows = await db
      .update(confirmationRows)
      .set(patch)
      .where(
        and(
          eq(confirmationRows.client_id, clientId),
          eq(confirmationRows.id, id),
          eq(confirmationRows.state, fromState),
        ),
      )
      .returning();
    return rows[0];
  },

  /**
   * Links requests to rows still pending and without one, in the requests' transaction, in one statement.
   * Answers how many were linked: fewer than given when another attempt linked its own first (a worker
   * that took the run's job over while this one was slow), and the caller rolls its requests back, so
   * each appointment is asked once.
   */
  async linkRequests(
    clientId: string,
    links: { id: string; message_id: string; contact_id: string }[],
  ): Promise<number> {
    if (links.length === 0) return 0;
    const linked = rowsOf<{ id: string }>(
      await db.execute(sql`update confirmation_rows r set message_id = l.message_id, contact_id = l.contact_id
        from jsonb_to_recordset(${recordset(links)}) as l(id uuid, message_id uuid, contact_id uuid)
        where r.client_id = ${clientId} and r.id = any(${idsOf(links)}) and r.id = l.id
          and r.state = 'pending' and r.message_id is null
        returning r.id`),
    );
    return linked.length;
  },

  /** Rows whose request the provider accepted, each with its moment, moved from `pending` at once. */
  async markSent(clientId: string, sent: { id: string; sent_at: Date }[]): Promise<void> {
    if (sent.length === 0) return;
    await db.execute(sql`update confirmation_rows r set state = 'sent', sent_at = s.sent_at, error = ''
      from jsonb_to_recordset(${recordset(sent)}) as s(id uuid, sent_at timestamptz)
      where r.client_id = ${clientId} and r.id = any(${idsOf(sent)}) and r.id = s.id and r.state = 'pending'`);
  },

  async updateRow(clientId: string, id: string, patch: RowPatch): Promise<ConfirmationRowRow | undefined> {
    const rows = await db
      .update(confirmationRows)
      .set(patch)
      .where(and(eq(confirmationRows.client_id, clientId), eq(confirmationRows.id, id)))
      .returning();
    return rows[0];
  },

  /**
   * The run's rows: the day's appointments of the integration still `scheduled`, one row each. The unique
   * (run, appointment) makes a second preparation (a restart, a concurrent start) add nothing.
   */
  async insertRows(run: ConfirmationRunRow, from: Date, to: Date): Promise<number> {
    const result = await db.execute(sql`
      insert into confirmation_rows (client_id, run_id, agenda_id, contact_id, phone, patient_name, meet_date,
        specialist, specialist_name, branch, branch_name)
      select a.client_id, ${run.id}::uuid, a.id, a.contact_id, a.phone, a.patient_name, a.meet_date,
        a.specialist, a.specialist_name, a.branch, a.branch_name
      from agenda_appointments a
      where a.client_id = ${run.client_id} and a.integration_id = ${run.integration_id}
        and a.meet_date >= ${from.toISOString()}::timestamptz and a.meet_date < ${to.toISOString()}::timestamptz
        and a.status = 'scheduled'
      on conflict (run_id, agenda_id) do nothing`);
    return (result as unknown as { rowCount: number | null }).rowCount ?? 0;
  },

  /**
   * Claims the run's next rows to ask (soonest appointments first), at most `limit`. `for update skip
   * locked` lets two workers of one run never take the same row; the claim commits before anything is sent.
   */
  async claimNext(clientId: string, runId: string, limit: number): Promise<ConfirmationRowRow[]> {
    const claimed = await returningRows(
      db,
      confirmationRows,
      sql`update confirmation_rows set claimed_at = now()
        where id in (
          select id from confirmation_rows
          where client_id = ${clientId} and run_id = ${runId} and state = 'pending' and claimed_at is null
          order by meet_date, id limit ${limit} for update skip locked)
        returning *`,
    );
    return claimed.sort((a, b) => a.meet_date.getTime() - b.meet_date.getTime() || a.id.localeCompare(b.id));
  },

  /** Rows claimed by an earlier attempt that never reached a final send state. */
  async inFlight(clientId: string, runId: string): Promise<ConfirmationRowRow[]> {
    return db
      .select()
      .from(confirmationRows)
      .where(
        and(
          eq(confirmationRows.client_id, clientId),
          eq(confirmationRows.run_id, runId),
          eq(confirmationRows.state, 'pending'),
          sql`${confirmationRows.claimed_at} is not null`,
        ),
      );
  },
});

export type ConfirmationsRepository = ReturnType<typeof createConfirmationsRepository>;
