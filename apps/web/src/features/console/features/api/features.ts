import type { Feature, FeatureCreateInput } from '@conversa/domain';
import { catalogueApi } from '../../plans/api/catalogue-api';

export const featuresApi = catalogueApi<Feature, FeatureCreateInput>('feature');
