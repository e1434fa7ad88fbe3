import type { Plan, PlanCreateInput } from '@conversa/domain';
import { catalogueApi } from './catalogue-api';

export const plansApi = catalogueApi<Plan, PlanCreateInput>('plan');
