import {
  type Feature,
  type featureCreateSchema,
  type featureUpdateSchema,
  hasAccess,
  type SearchBody,
} from '@conversa/domain';
import type { z } from 'zod';
import { type Database, isUniqueViolation } from '../../core/db/database';
import { features } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { conflict, forbidden, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery, NEWEST_FIRST } from '../../core/http/search-query';
import { createCatalogueWriter } from '../plans/catalogue-write';
import { toFeature } from './features.mapper';
import { createFeaturesRepository, FEATURE_SEARCH_FIELDS } from './features.repository';

type FeatureCreate = z.output<typeof featureCreateSchema>;
type FeatureUpdate = z.output<typeof featureUpdateSchema>;

export const FEATURE_MODULE = 'feature';

/**
 * What companies can buy besides a plan: the master writes them; a company reads the public ones (the
 * Marketplace, with billing.view). A bought feature keeps its purchase (purchases.feature_id goes null).
 */
export const createFeaturesService = ({ db, events }: { db: Database; events: EventBus }) => {
  const repo = createFeaturesRepository(db);
  const write = createCatalogueWriter({ db, events }, FEATURE_MODULE);

  const load = async (id: string) => {
    const row = isUuid(id) ? await repo.findById(id) : undefined;
    if (!row) throw notFound();
    return row;
  };

  const readerScope = (auth: AuthContext) => {
    if (hasAccess(auth, 'feature.view')) return { onlyPublic: false };
    if (auth.account !== 'master' && hasAccess(auth, 'billing.view')) return { onlyPublic: true };
    throw forbidden();
  };

  const guardCode = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('info.codeTaken', 'code');
      throw error;
    }
  };

  return {
    async search(auth: AuthContext, body: SearchBody) {
      const { onlyPublic } = readerScope(auth);
      const query = buildSearchQuery(body, FEATURE_SEARCH_FIELDS, {
        defaultSort: NEWEST_FIRST,
        tieBreaker: features.id,
      });
      const { rows, total } = await repo.search(query, onlyPublic);
      return { data: rows.map(toFeature), pagination: query.pagination(total) };
    },

    async findOne(auth: AuthContext, id: string): Promise<Feature> {
      const { onlyPublic } = readerScope(auth);
      const row = await load(id);
      if (onlyPublic && !row.is_public) throw notFound();
      return toFeature(row);
    },

    async create(auth: AuthContext, input: FeatureCreate): Promise<Feature> {
      return guardCode(() =>
        write(auth, 'create', 'info.featureCreated', null, async (tx) =>
          toFeature(await createFeaturesRepository(tx).insert(input)),
        ),
      );
    },

    async update(auth: AuthContext, id: string, input: FeatureUpdate): Promise<Feature> {
      const before = toFeature(await load(id));
      return guardCode(() =>
        write(auth, 'update', 'info.featureUpdated', before, async (tx) => {
          const row = await createFeaturesRepository(tx).update(before.id, input);
          if (!row) throw notFound();
          return toFeature(row);
        }),
      );
    },

    async delete(auth: AuthContext, id: string): Promise<void> {
      const before = toFeature(await load(id));
      await write(auth, 'delete', 'info.featureDeleted', before, async (tx) => {
        const row = await createFeaturesRepository(tx).delete(before.id);
        if (!row) throw notFound();
        return toFeature(row);
      });
    },
  };
};

export type FeaturesService = ReturnType<typeof createFeaturesService>;
