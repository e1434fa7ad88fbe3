import type { Feature } from '@conversa/domain';
import type { FeatureRow } from '../../core/db/schema';

export const toFeature = (row: FeatureRow): Feature => ({
  id: row.id,
  code: row.code,
  name: row.name,
  kind: row.kind,
  quantity: row.quantity,
  price_clp: row.price_clp,
  price_usd: row.price_usd,
  is_public: row.is_public,
});
