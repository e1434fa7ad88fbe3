import type { ScaleData } from '../generate';
import type { DatabaseTarget } from '../lib/db';
import type { Machine } from '../lib/machine';
import type { Profile } from '../lib/profiles';
import type { RunningServer } from '../lib/server';
import type { BundleRoute } from './bundle-size';
import type { Check } from './checks';
import type { DashboardsResult } from './dashboards';
import type { DealsKanbanResult } from './deals';
import type { DiffusionsResult } from './diffusions';
import type { ExtractionRun } from './extractions';
import type { InboxHttpRow, InboxPlanRow } from './inbox';
import type { IngestResult } from './ingest';
import type { JobsResult } from './jobs';
import type { RawDbResult } from './raw-db';
import type { BareRun, RealtimeRun } from './realtime';
import type { ExportRun, RecordsHttpRow } from './records';
import type { SchedulingResult } from './scheduling';

/**
 * Everything a run measured: each phase fills in its own part, results.json is this object, and the report's
 * rows are read from it. A phase left out by `--only` (or failed) leaves its part undefined.
 */
export type Results = {
  runId: string;
  profile: string;
  machine: Machine;
  generation?: ScaleData['seconds'] & { totalSeconds: number };
  ingest?: IngestResult;
  rawDb?: RawDbResult;
  inboxHttp?: InboxHttpRow[];
  inboxPlans?: InboxPlanRow[];
  records?: RecordsHttpRow[];
  exports?: ExportRun[];
  deals?: DealsKanbanResult;
  dashboards?: DashboardsResult;
  diffusions?: DiffusionsResult;
  scheduling?: SchedulingResult;
  extraction?: ExtractionRun;
  realtime: RealtimeRun[];
  realtimeBare?: BareRun;
  realtimePipeline?: BareRun;
  jobs?: JobsResult;
  bundles?: BundleRoute[];
  checks: Check[];
  errors: string[];
};

/**
 * What run.ts hands every phase: the profile and database it runs on, the results it fills in, the log, and
 * the product's processes. A phase that starts the product stops it before it ends, so the embedded
 * database has one owner at a time.
 */
export type PhaseContext = {
  profile: Profile;
  target: DatabaseTarget;
  results: Results;
  log: (text: string) => void;
  startProduct: (name: string, redisUrl?: string, env?: Record<string, string>) => Promise<RunningServer>;
  stopProducts: () => Promise<void>;
};
