import type { AppointmentStatus } from '@conversa/domain';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { idsOf, recordset, returningRows } from '../../core/db/recordset';
import { type AgendaAppointmentRow, agendaAppointments } from '../../core/db/schema';
import { isUuid } from '../../core/http/route-schemas';
import type { SearchQuery } from '../../core/http/search-query';

export type NewAppointment = typeof agendaAppointments.$inferInsert;
export type AppointmentPatch = Partial<Omit<NewAppointment, 'id' | 'client_id' | 'integration_id' | 'type'>>;

/** What a pull may change in an appointment it finds again. */
const PULLED_COLUMNS = [
  'agenda_id',
  'account_id',
  'treatment_id',
  'contact_id',
  'patient_name',
  'phone',
  'meet_date',
  'duration',
  'specialist',
  'specialist_name',
  'branch',
  'branch_name',
  'specialty',
  'status',
] as const;

/** The agenda's appointments, tenant id first in every statement. */
export const createAgendaRepository = (db: Executor) => ({
  async findById(clientId: string, id: string): Promise<AgendaAppointmentRow | undefined> {
    if (!isUuid(id)) return undefined;
    const rows = await db
      .select()
      .from(agendaAppointments)
      .where(and(eq(agendaAppointments.client_id, clientId), eq(agendaAppointments.id, id)));
    return rows[0];
  },

  /** Whether an appointment of the integration was once `externalId` and has moved on (a reschedule). */
  async isFormerExternalId(clientId: string, integrationId: string, externalId: string): Promise<boolean> {
    const rows = await db
      .select({ id: agendaAppointments.id })
      .from(agendaAppointments)
      .where(
        and(
          eq(agendaAppointments.client_id, clientId),
          eq(agendaAppointments.integration_id, integrationId),
          sql`${externalId} = any(${agendaAppointments.former_external_ids})`,
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  async findByExternalId(
    clientId: string,
    integrationId: string,
    externalId: string,
  ): Promise<AgendaAppointmentRow | undefined> {
    const rows = await db
      .select()
      .from(agendaAppointments)
      .where(
        and(
          eq(agendaAppointments.client_id, clientId),
          eq(agendaAppointments.integration_id, integrationId),
          eq(agendaAppointments.external_id, externalId),
        ),
      );
    return rows[0];
  },

  async search(
    clientId: string,
    query: SearchQuery,
  ): Promise<{ rows: AgendaAppointmentRow[]; total: number }> {
    const where = and(eq(agendaAppointments.client_id, clientId), query.where);
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(agendaAppointments)
        .where(where)
        .orderBy(...query.orderBy, asc(agendaAppointments.id))
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(agendaAppointments).where(where),
    ]);
    return { rows, total: Number(totals[0]?.total ?? 0) };
  },

  async insert(values: NewAppointment): Promise<AgendaAppointmentRow> {
    const rows = await db.insert(agendaAppointments).values(values).returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  /**
   * A pulled appointment, created or updated in place by (integration, external id); answers the row only
   * when something changed, so a repeated pull announces nothing. A source that keeps no confirmation
   * (Calendly) still says `scheduled` after a patient confirmed: that never undoes the confirmation.
   */
  async upsertPulled(values: NewAppointment): Promise<AgendaAppointmentRow | undefined> {
    const kept = sql`case when excluded.status = 'scheduled' and ${agendaAppointments.status} = 'confirmed'
      then 'confirmed' else excluded.status end`;
    const set = Object.fromEntries(PULLED_COLUMNS.map((column) => [column, sql.raw(`excluded.${column}`)]));
    const current = sql.join(
      PULLED_COLUMNS.map((column) => sql`${agendaAppointments[column]}`),
      sql`, `,
    );
    const incoming = sql.join(
      PULLED_COLUMNS.map((column) => (column === 'status' ? kept : sql.raw(`excluded.${column}`))),
      sql`, `,
    );
    const rows = await db
      .insert(agendaAppointments)
      .values(values)
      .onConflictDoUpdate({
        target: [agendaAppointments.integration_id, agendaAppointments.external_id],
        targetWhere: sql`${agendaAppointments.external_id} <> ''`,
        set: { ...set, status: kept, update_date: sql`now()` },
        setWhere: sql`(${current}) is distinct from (${incoming})`,
      })
      .returning();
    return rows[0];
  },

  async findByIds(clientId: string, ids: string[]): Promise<AgendaAppointmentRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(agendaAppointments)
      .where(and(eq(agendaAppointments.client_id, clientId), inArray(agendaAppointments.id, ids)));
  },

  /** Many appointments' statuses in one statement (a batch of confirmation answers). */
  async setStatuses(
    clientId: string,
    statuses: { id: string; status: AppointmentStatus }[],
  ): Promise<AgendaAppointmentRow[]> {
    if (statuses.length === 0) return [];
    return returningRows(
      db,
      agendaAppointments,
      sql`update agenda_appointments a set status = s.status, update_date = now()
        from jsonb_to_recordset(${recordset(statuses)}) as s(id uuid, status text)
        where a.client_id = ${clientId} and a.id = any(${idsOf(statuses)}) and a.id = s.id
        returning a.*`,
    );
  },

  async update(
    clientId: string,
    id: string,
    patch: AppointmentPatch,
  ): Promise<AgendaAppointmentRow | undefined> {
    const rows = await db
      .update(agendaAppointments)
      .set({ ...patch, update_date: sql`now()` })
      .where(and(eq(agendaAppointments.client_id, clientId), eq(agendaAppointments.id, id)))
      .returning();
    return rows[0];
  },

  async delete(clientId: string, id: string): Promise<AgendaAppointmentRow | undefined> {
    const rows = await db
      .delete(agendaAppointments)
      .where(and(eq(agendaAppointments.client_id, clientId), eq(agendaAppointments.id, id)))
      .returning();
    return rows[0];
  },
});
