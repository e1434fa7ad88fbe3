import type { ConfirmationDashboard, ConfirmationDashboardInput } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../core/db/database';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

type Counted = {
  key: string;
  name: string;
  appointments: number;
  sent: number;
  confirmed: number;
  cancelled: number;
  no_reply: number;
  failed: number;
  attended: number;
  no_show: number;
};

const counts = ({ appointments, confirmed, cancelled, no_reply, failed }: Counted) => ({
  appointments: Number(appointments),
  confirmed: Number(confirmed),
  cancelled: Number(cancelled),
  no_reply: Number(no_reply),
  failed: Number(failed),
});

const rate = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

/**
 * The dashboard of confirmations (API.md part 3 §6): the rows of the runs of the days in range, each in
 * its latest state, counted per day, professional and branch in one pass over the run rows' index.
 */
export const confirmationsDashboard = async (
  db: Database,
  auth: AuthContext,
  input: Required<Pick<ConfirmationDashboardInput, 'from' | 'to'>> & { device_id?: string; user_id?: string },
): Promise<ConfirmationDashboard> => {
  const filters = sql.join(
    [
      sql`u.client_id = ${auth.clientId}`,
      sql`u.date between ${input.from} and ${input.to}`,
      ...(input.device_id
        ? [isUuid(input.device_id) ? sql`u.device_id = ${input.device_id}` : sql`false`]
        : []),
      ...(input.user_id ? [isUuid(input.user_id) ? sql`u.user_id = ${input.user_id}` : sql`false`] : []),
    ],
    sql` and `,
  );
  const grouped = rowsOf<Counted & { dimension: string }>(
    await db.execute(sql`
      select case when grouping(u.date) = 0 then 'day' when grouping(r.specialist) = 0 then 'professional'
          when grouping(r.branch) = 0 then 'branch' else 'all' end as dimension,
        coalesce(u.date, r.specialist, r.branch, '') as key,
        case when grouping(r.specialist) = 0 then max(r.specialist_name)
          when grouping(r.branch) = 0 then max(r.branch_name) else '' end as name,
        count(*) as appointments,
        count(*) filter (where r.state in ('sent', 'confirmed', 'cancelled', 'no_reply')) as sent,
        count(*) filter (where r.state = 'confirmed') as confirmed,
        count(*) filter (where r.state = 'cancelled') as cancelled,
        count(*) filter (where r.state = 'no_reply') as no_reply,
        count(*) filter (where r.state = 'failed') as failed,
        count(*) filter (where a.status = 'attended') as attended,
        count(*) filter (where a.status = 'no_show') as no_show
      from confirmation_rows r
      join confirmation_runs u on u.id = r.run_id
      left join agenda_appointments a on a.id = r.agenda_id
      where ${filters}
      group by grouping sets ((u.date), (r.specialist), (r.branch), ())
      order by 1, 2`),
  );
  const all = grouped.find((row) => row.dimension === 'all');
  const totals = {
    appointments: Number(all?.appointments ?? 0),
    sent: Number(all?.sent ?? 0),
    confirmed: Number(all?.confirmed ?? 0),
    cancelled: Number(all?.cancelled ?? 0),
    no_reply: Number(all?.no_reply ?? 0),
    failed: Number(all?.failed ?? 0),
    attended: Number(all?.attended ?? 0),
    no_show: Number(all?.no_show ?? 0),
  };
  const of = (dimension: string) => grouped.filter((row) => row.dimension === dimension);
  return {
    totals,
    rates: {
      confirmed: rate(totals.confirmed, totals.appointments),
      cancelled: rate(totals.cancelled, totals.appointments),
      no_reply: rate(totals.no_reply, totals.appointments),
      attended: rate(totals.attended, totals.appointments),
      no_show: rate(totals.no_show, totals.appointments),
    },
    by_day: of('day').map((row) => ({ date: row.key, ...counts(row) })),
    by_professional: of('professional').map((row) => ({
      specialist: row.key,
      name: row.name,
      ...counts(row),
    })),
    by_branch: of('branch').map((row) => ({ branch: row.key, name: row.name, ...counts(row) })),
  };
};
