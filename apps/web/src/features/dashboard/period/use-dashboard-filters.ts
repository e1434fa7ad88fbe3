import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useAccount } from '../../../shared/account/use-account';
import { type DashboardFilters, readFilters, writeFilters } from './period';

/** The dashboard's period and filters, kept in the address so a reload or a shared link shows the same. */
export const useDashboardFilters = (): [DashboardFilters, (filters: DashboardFilters) => void] => {
  const { client } = useAccount();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params, client.timezone), [params, client.timezone]);
  // Replacing the entry: going back leaves the dashboard instead of stepping through every filter tried.
  const setFilters = (next: DashboardFilters) => setParams(writeFilters(next), { replace: true });
  return [filters, setFilters];
};
