import {
  DEFAULT_PLAN_STORAGE_BYTES,
  hasAccess,
  type Plan,
  type planCreateSchema,
  type planUpdateSchema,
  QUOTA_TYPES,
  type QuotaType,
  type SearchBody,
} from '@conversa/domain';
import type { z } from 'zod';
import { type Database, isForeignKeyViolation, isUniqueViolation } from '../../core/db/database';
import { plans } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { AppError, conflict, forbidden, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery, NEWEST_FIRST } from '../../core/http/search-query';
import type { MessageKey } from '../../core/i18n/i18n';
import { createCatalogueWriter } from './catalogue-write';
import { toPlanColumns, toPublicPlan } from './plans.mapper';
import { createPlansRepository, PLAN_SEARCH_FIELDS } from './plans.repository';

type PlanCreate = z.output<typeof planCreateSchema>;
type PlanUpdate = z.output<typeof planUpdateSchema>;

export const PLAN_MODULE = 'plan';

/** The 406 that names the quota a company on the plan already uses more of. */
const QUOTA_IN_USE: Record<QuotaType, MessageKey> = {
  user: 'info.planUsersInUse',
  device: 'info.planDevicesInUse',
  message: 'info.planMessagesInUse',
  chatgpt: 'info.planChatgptInUse',
  dialogflow: 'info.planDialogflowInUse',
  yeastar: 'info.planYeastarInUse',
};

const codeTaken = () => conflict('info.codeTaken', 'code');

/**
 * The platform's plans: the master writes them; a company reads the public ones (the Marketplace, with
 * billing.view).
 */
export const createPlansService = ({ db, events }: { db: Database; events: EventBus }) => {
  const repo = createPlansRepository(db);
  const write = createCatalogueWriter({ db, events }, PLAN_MODULE);

  const load = async (id: string) => {
    const row = isUuid(id) ? await repo.findById(id) : undefined;
    if (!row) throw notFound();
    return row;
  };

  /** The master sees every plan; anyone else only what the Marketplace shows, and needs billing.view. */
  const readerScope = (auth: AuthContext) => {
    if (hasAccess(auth, 'plan.view')) return { onlyPublic: false };
    if (auth.account !== 'master' && hasAccess(auth, 'billing.view')) return { onlyPublic: true };
    throw forbidden();
  };

  /** A quantity lowered below what a company on the plan already uses would take away what it has. */
  const assertCoversUsage = async (id: string, quantities: PlanUpdate['quantities']) => {
    if (!quantities) return;
    const usage = await repo.usage(id);
    const short = QUOTA_TYPES.find((type) => quantities[type] < usage[type]);
    if (short)
      throw new AppError(
        406,
        QUOTA_IN_USE[short],
        [{ path: `quantities.${short}`, message: QUOTA_IN_USE[short] }],
        {
          used: String(usage[short]),
        },
      );
  };

  const guardCode = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken();
      throw error;
    }
  };

  return {
    async search(auth: AuthContext, body: SearchBody) {
      const { onlyPublic } = readerScope(auth);
      const query = buildSearchQuery(body, PLAN_SEARCH_FIELDS, {
        defaultSort: NEWEST_FIRST,
        tieBreaker: plans.id,
      });
      const { rows, total } = await repo.search(query, onlyPublic);
      return { data: rows.map(toPublicPlan), pagination: query.pagination(total) };
    },

    async findOne(auth: AuthContext, id: string): Promise<Plan> {
      const { onlyPublic } = readerScope(auth);
      const row = await load(id);
      if (onlyPublic && !row.is_public) throw notFound();
      return toPublicPlan(row);
    },

    async create(auth: AuthContext, input: PlanCreate): Promise<Plan> {
      return guardCode(() =>
        write(auth, 'create', 'info.planCreated', null, async (tx) => {
          const { quantities, ...rest } = input;
          const row = await createPlansRepository(tx).insert({
            ...rest,
            devices: quantities.device,
            users: quantities.user,
            messages: quantities.message,
            chatgpt: quantities.chatgpt,
            dialogflow: quantities.dialogflow,
            yeastar: quantities.yeastar,
            storage: quantities.storage ?? DEFAULT_PLAN_STORAGE_BYTES,
          });
          return toPublicPlan(row);
        }),
      );
    },

    async update(auth: AuthContext, id: string, input: PlanUpdate): Promise<Plan> {
      const before = toPublicPlan(await load(id));
      await assertCoversUsage(before.id, input.quantities);
      return guardCode(() =>
        write(auth, 'update', 'info.planUpdated', before, async (tx) => {
          const row = await createPlansRepository(tx).update(before.id, toPlanColumns(input));
          if (!row) throw notFound();
          return toPublicPlan(row);
        }),
      );
    },

    /** A plan a company is on (or the one new companies start on) stays: 406. */
    async delete(auth: AuthContext, id: string): Promise<void> {
      const before = toPublicPlan(await load(id));
      if (before.is_default) throw new AppError(406, 'info.planIsDefault');
      if ((await repo.companiesOn(before.id)) > 0) throw new AppError(406, 'info.planInUse');
      try {
        await write(auth, 'delete', 'info.planDeleted', before, async (tx) => {
          const row = await createPlansRepository(tx).delete(before.id);
          if (!row) throw notFound();
          return toPublicPlan(row);
        });
      } catch (error) {
        // A company moved onto the plan between the check and the delete.
        if (isForeignKeyViolation(error)) throw new AppError(406, 'info.planInUse');
        throw error;
      }
    },
  };
};

export type PlansService = ReturnType<typeof createPlansService>;
