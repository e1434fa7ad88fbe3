import type { SearchBody } from '@conversa/domain';
import type { Database } from '../../core/db/database';
import { plans } from '../../core/db/schema';
import { notFound } from '../../core/http/app-error';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery, NEWEST_FIRST } from '../../core/http/search-query';
import { toPublicPlan } from './plans.mapper';
import { createPlansRepository, PLAN_SEARCH_FIELDS } from './plans.repository';

/** Platform administration of plans; the routes are master-only. */
export const createPlansService = ({ db }: { db: Database }) => {
  const repo = createPlansRepository(db);
  return {
    async search(body: SearchBody) {
      const query = buildSearchQuery(body, PLAN_SEARCH_FIELDS, {
        defaultSort: NEWEST_FIRST,
        tieBreaker: plans.id,
      });
      const { rows, total } = await repo.search(query);
      return { data: rows.map(toPublicPlan), pagination: query.pagination(total) };
    },

    async findOne(id: string) {
      const row = isUuid(id) ? await repo.findById(id) : undefined;
      if (!row) throw notFound();
      return toPublicPlan(row);
    },
  };
};

export type PlansService = ReturnType<typeof createPlansService>;
