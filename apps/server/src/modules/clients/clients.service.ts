import type { SearchBody } from '@conversa/domain';
import type { Database } from '../../core/db/database';
import { clients } from '../../core/db/schema';
import { notFound } from '../../core/http/app-error';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery, NEWEST_FIRST } from '../../core/http/search-query';
import { toPublicClient } from './clients.mapper';
import { CLIENT_SEARCH_FIELDS, createClientsRepository } from './clients.repository';

/** Platform administration of companies; the routes are master-only. */
export const createClientsService = ({ db }: { db: Database }) => {
  const repo = createClientsRepository(db);
  return {
    async search(body: SearchBody) {
      const query = buildSearchQuery(body, CLIENT_SEARCH_FIELDS, {
        defaultSort: NEWEST_FIRST,
        tieBreaker: clients.id,
      });
      const { rows, total } = await repo.searchAcrossTenants(query);
      return { data: rows.map((row) => toPublicClient(row)), pagination: query.pagination(total) };
    },

    async findOne(id: string) {
      const row = isUuid(id) ? await repo.findById(id) : undefined;
      if (!row) throw notFound();
      return toPublicClient(row);
    },
  };
};

export type ClientsService = ReturnType<typeof createClientsService>;
