import {
  type DashboardAdvanced,
  type DashboardFigures,
  type DashboardMain,
  type DashboardQuery,
  DEFAULTS,
  defaultCurrency,
  hasAccess,
  isTimeZone,
  type OtherCurrencyAmounts,
} from '@conversa/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../core/db/database';
import { clients, devices, users } from '../../core/db/schema';
import { AppError, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { type DashboardRows, type DashboardScope, readDashboard } from './dashboard.repository';

type Sums = { [K in keyof DashboardFigures]: number };

const ZERO: Sums = {
  conversations_opened: 0,
  conversations_closed: 0,
  messages_in: 0,
  messages_out: 0,
  first_response_count: 0,
  first_response_avg_seconds: 0,
  resolution_count: 0,
  resolution_avg_seconds: 0,
  deals_won: 0,
  deals_won_amount: 0,
  deals_lost: 0,
  deals_lost_amount: 0,
  tasks_done: 0,
  tasks_overdue: 0,
};

/** The local days from..to, both included. */
const daysOf = (from: string, to: string): string[] => {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
};

/**
 * Adds the rows read into figures keyed by `keyOf` (a day, a user, a device; undefined skips the row).
 * `*_avg_seconds` hold the seconds' sums until `finish` divides them.
 */
const collect = (rows: DashboardRows, currency: string) => {
  const figures = new Map<string, Sums>();
  const others = new Map<string, Map<string, OtherCurrencyAmounts>>();
  const at = (key: string) => {
    const found = figures.get(key);
    if (found) return found;
    const made = { ...ZERO };
    figures.set(key, made);
    return made;
  };
  return {
    figures,
    others,
    at,
    days(keyOf: (row: DashboardRows['days'][number]) => string | undefined) {
      for (const row of rows.days) {
        const key = keyOf(row);
        if (key === undefined) continue;
        const sums = at(key);
        sums.conversations_opened += Number(row.conversations_opened);
        sums.conversations_closed += Number(row.conversations_closed);
        sums.messages_in += Number(row.messages_in);
        sums.messages_out += Number(row.messages_out);
        sums.first_response_count += Number(row.first_response_count);
        sums.first_response_avg_seconds += Number(row.first_response_seconds);
        sums.resolution_count += Number(row.resolution_count);
        sums.resolution_avg_seconds += Number(row.resolution_seconds);
        sums.tasks_done += Number(row.tasks_done);
      }
    },
    deals(keyOf: (row: DashboardRows['deals'][number]) => string | undefined) {
      for (const row of rows.deals) {
        const key = keyOf(row);
        if (key === undefined) continue;
        const sums = at(key);
        sums.deals_won += Number(row.won);
        sums.deals_lost += Number(row.lost);
        if (row.currency === currency || row.currency === '') {
          sums.deals_won_amount += Number(row.won_amount);
          sums.deals_lost_amount += Number(row.lost_amount);
          continue;
        }
        const byCurrency = others.get(key) ?? new Map<string, OtherCurrencyAmounts>();
        others.set(key, byCurrency);
        const other = byCurrency.get(row.currency) ?? {
          currency: row.currency,
          deals_won_amount: 0,
          deals_lost_amount: 0,
        };
        other.deals_won_amount += Number(row.won_amount);
        other.deals_lost_amount += Number(row.lost_amount);
        byCurrency.set(row.currency, other);
      }
    },
    overdue(keyOf: (row: DashboardRows['overdue'][number]) => string | undefined) {
      for (const row of rows.overdue) {
        const key = keyOf(row);
        if (key !== undefined) at(key).tasks_overdue += Number(row.overdue);
      }
    },
  };
};

/** Sums as the API answers them: means from sums, and no figure of a module the caller cannot see. */
const finish = (sums: Sums | undefined, sees: { deals: boolean; tasks: boolean }): DashboardFigures => {
  const s = sums ?? ZERO;
  // Amounts are numeric(…, 2): rounding to cents drops float noise of the additions.
  const cents = (value: number) => Math.round(value * 100) / 100;
  return {
    conversations_opened: s.conversations_opened,
    conversations_closed: s.conversations_closed,
    messages_in: s.messages_in,
    messages_out: s.messages_out,
    first_response_count: s.first_response_count,
    first_response_avg_seconds:
      s.first_response_count > 0 ? s.first_response_avg_seconds / s.first_response_count : null,
    resolution_count: s.resolution_count,
    resolution_avg_seconds: s.resolution_count > 0 ? s.resolution_avg_seconds / s.resolution_count : null,
    deals_won: sees.deals ? s.deals_won : null,
    deals_won_amount: sees.deals ? cents(s.deals_won_amount) : null,
    deals_lost: sees.deals ? s.deals_lost : null,
    deals_lost_amount: sees.deals ? cents(s.deals_lost_amount) : null,
    tasks_done: sees.tasks ? s.tasks_done : null,
    tasks_overdue: sees.tasks ? s.tasks_overdue : null,
  };
};

const channelFiguresOf = (figures: DashboardFigures) => ({
  conversations_opened: figures.conversations_opened,
  conversations_closed: figures.conversations_closed,
  messages_in: figures.messages_in,
  messages_out: figures.messages_out,
  first_response_count: figures.first_response_count,
  first_response_avg_seconds: figures.first_response_avg_seconds,
  resolution_count: figures.resolution_count,
  resolution_avg_seconds: figures.resolution_avg_seconds,
});

/** `dashboard/main` and `dashboard/advanced` (API.md part 3, Dashboards). */
export const createDashboardService = ({ db }: { db: Database }) => {
  /** Whose figures the caller may read: the company's, or (staff without dashboard.advanced) their own. */
  const userKeyOf = (auth: AuthContext, asked: string | undefined): string => {
    const seesCompany = auth.account !== 'user' || hasAccess(auth, 'dashboard.advanced');
    if (seesCompany) return asked ?? '';
    if (asked !== undefined && asked !== auth.userId) throw new AppError(403, 'info.forbidden');
    return auth.userId;
  };

  /** A device_id or user_id that is not the company's answers 404, whoever asks. */
  const assertCompanyIds = async (auth: AuthContext, input: DashboardQuery) => {
    if (input.device_id !== undefined) {
      const found = isUuid(input.device_id)
        ? await db
            .select({ id: devices.id })
            .from(devices)
            .where(and(eq(devices.client_id, auth.clientId), eq(devices.id, input.device_id)))
        : [];
      if (found.length === 0) throw notFound();
    }
    if (input.user_id !== undefined) {
      const found = isUuid(input.user_id)
        ? await db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.client_id, auth.clientId), eq(users.id, input.user_id)))
        : [];
      if (found.length === 0) throw notFound();
    }
  };

  /** The company's zone and the currency its new deals get (as deal/create gives it). */
  const companyOf = async (auth: AuthContext) => {
    const rows = await db
      .select({ timezone: clients.timezone, country: clients.country })
      .from(clients)
      .where(eq(clients.id, auth.clientId));
    const timezone = rows[0]?.timezone ?? DEFAULTS.timezone;
    return {
      timezone: isTimeZone(timezone) ? timezone : DEFAULTS.timezone,
      currency: defaultCurrency(rows[0]?.country ?? ''),
    };
  };

  const read = async (auth: AuthContext, input: DashboardQuery, advanced: boolean) => {
    await assertCompanyIds(auth, input);
    const userKey = userKeyOf(auth, input.user_id);
    const sees = { deals: hasAccess(auth, 'deal.view'), tasks: hasAccess(auth, 'task.view') };
    const scope: DashboardScope = {
      clientId: auth.clientId,
      from: input.from,
      to: input.to,
      deviceId: input.device_id,
      userKey,
      withAgents: advanced,
    };
    const company = await companyOf(auth);
    const rows = await readDashboard(db, scope, {
      deals: sees.deals,
      tasks: sees.tasks,
      heatmap: advanced,
      now: new Date(),
    });
    const mine = (row: { user_id: string }) => row.user_id === userKey;
    const byDay = collect(rows, company.currency);
    byDay.days((row) => (mine(row) && row.day !== null ? row.day : undefined));
    byDay.deals((row) => (mine(row) && row.day !== null ? row.day : undefined));
    byDay.overdue((row) => (mine(row) ? row.day : undefined));
    const whole = collect(rows, company.currency);
    whole.days((row) => (mine(row) && row.day === null && row.device_id === null ? 'all' : undefined));
    whole.deals((row) => (mine(row) && row.day === null ? 'all' : undefined));
    whole.overdue((row) => (mine(row) ? 'all' : undefined));
    const others = [...(whole.others.get('all')?.values() ?? [])];
    const main: DashboardMain = {
      from: input.from,
      to: input.to,
      timezone: company.timezone,
      currency: company.currency,
      totals: {
        ...finish(whole.figures.get('all'), sees),
        ...(sees.deals && others.length > 0 ? { other_currencies: others } : {}),
      },
      series: daysOf(input.from, input.to).map((date) => ({
        date,
        ...finish(byDay.figures.get(date), sees),
      })),
    };
    return { main, rows, scope, sees };
  };

  return {
    main: async (auth: AuthContext, input: DashboardQuery): Promise<DashboardMain> =>
      (await read(auth, input, false)).main,

    async advanced(auth: AuthContext, input: DashboardQuery): Promise<DashboardAdvanced> {
      const { main, rows, scope, sees } = await read(auth, input, true);
      const company = { currency: main.currency };
      const byUser = collect(rows, company.currency);
      byUser.days((row) => (row.day === null && row.device_id === null ? row.user_id : undefined));
      byUser.deals((row) => (row.day === null ? row.user_id : undefined));
      byUser.overdue((row) => row.user_id);
      const byDevice = collect(rows, company.currency);
      byDevice.days((row) =>
        row.user_id === scope.userKey && row.device_id !== null ? row.device_id : undefined,
      );
      const people = await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(
          and(eq(users.client_id, auth.clientId), ...(scope.userKey ? [eq(users.id, scope.userKey)] : [])),
        )
        .orderBy(asc(users.name), asc(users.id));
      const channels = await db
        .select({ id: devices.id, name: devices.name, type: devices.type })
        .from(devices)
        .where(
          and(
            eq(devices.client_id, auth.clientId),
            ...(scope.deviceId ? [eq(devices.id, scope.deviceId)] : []),
          ),
        )
        .orderBy(asc(devices.name), asc(devices.id));
      const cells = new Map(rows.hours.map((row) => [`${row.weekday}:${row.hour}`, Number(row.messages_in)]));
      return {
        ...main,
        agents: people.map((person) => ({
          user_id: person.id,
          name: person.name,
          ...finish(byUser.figures.get(person.id), sees),
        })),
        channels: channels.map((device) => ({
          device_id: device.id,
          name: device.name,
          type: device.type,
          ...channelFiguresOf(finish(byDevice.figures.get(device.id), sees)),
        })),
        heatmap: Array.from({ length: 7 * 24 }, (_, index) => {
          const weekday = Math.floor(index / 24) + 1;
          const hour = index % 24;
          return { weekday, hour, messages_in: cells.get(`${weekday}:${hour}`) ?? 0 };
        }),
      };
    },
  };
};

export type DashboardService = ReturnType<typeof createDashboardService>;
