import type { WebhookFormat } from '../workers/http-load';

/** The three sizes of the benchmark: `npm run test:bench-smoke`, `npm run bench`, `npm run bench:full`. */
export type ProfileName = 'smoke' | 'quick' | 'full';

export type Profile = {
  name: ProfileName;
  database: 'embedded' | 'postgres';
  tenant: { contacts: number; messages: number; devices: number; agents: number };
  smallTenant: { contacts: number; messages: number; devices: number; agents: number };
  ingest: {
    /**
     * The open-loop rates of each webhook format; each format also gets one closed-loop run for its max (the
     * providers beside the Cloud API, whose paths differ only in their adapters, that run alone).
     */
    rates: Record<WebhookFormat, number[]>;
    seconds: number;
    maxSeconds: number;
    /**
     * Unmeasured seconds of the same format at full speed before each max run: a run's rate rose with its
     * place in the run (the server's code and the database's pages warming), and the raw limit it is read
     * against is measured on a warm database.
     */
    maxWarmSeconds: number;
    maxConnections: number;
  };
  inbox: { requests: number; warmup: number };
  realtime: {
    sockets: number;
    otherSockets: number;
    eventsPerSecond: number;
    seconds: number;
    twoProcesses: boolean;
  };
  limits: { rawSeconds: number; rawConnections: number };
  /** Enqueues timed inside transactions, and no-op jobs drained by one then two queue workers. */
  jobs: { enqueues: number; claimJobs: number };
};

export const PROFILES: Record<ProfileName, Profile> = {
  smoke: {
    name: 'smoke',
    database: 'embedded',
    tenant: { contacts: 200, messages: 2_000, devices: 2, agents: 5 },
    smallTenant: { contacts: 20, messages: 100, devices: 1, agents: 2 },
    ingest: {
      rates: { sandbox: [50], whatsapp: [50], dialog360: [], twilio: [], maytapi: [] },
      seconds: 1.5,
      maxSeconds: 1.5,
      maxWarmSeconds: 0,
      maxConnections: 8,
    },
    inbox: { requests: 5, warmup: 1 },
    realtime: { sockets: 20, otherSockets: 5, eventsPerSecond: 20, seconds: 1.5, twoProcesses: false },
    limits: { rawSeconds: 1, rawConnections: 1 },
    jobs: { enqueues: 200, claimJobs: 300 },
  },
  quick: {
    name: 'quick',
    database: 'embedded',
    tenant: { contacts: 5_000, messages: 50_000, devices: 3, agents: 20 },
    smallTenant: { contacts: 200, messages: 2_000, devices: 1, agents: 3 },
    ingest: {
      rates: { sandbox: [100, 300], whatsapp: [300], dialog360: [], twilio: [], maytapi: [] },
      seconds: 5,
      maxSeconds: 5,
      maxWarmSeconds: 2,
      maxConnections: 32,
    },
    inbox: { requests: 60, warmup: 5 },
    realtime: { sockets: 250, otherSockets: 25, eventsPerSecond: 200, seconds: 5, twoProcesses: false },
    limits: { rawSeconds: 4, rawConnections: 1 },
    jobs: { enqueues: 2_000, claimJobs: 5_000 },
  },
  full: {
    name: 'full',
    database: 'postgres',
    tenant: { contacts: 100_000, messages: 2_000_000, devices: 4, agents: 20 },
    smallTenant: { contacts: 1_000, messages: 10_000, devices: 1, agents: 3 },
    ingest: {
      rates: { sandbox: [100, 300, 1_000], whatsapp: [300, 1_000], dialog360: [], twilio: [], maytapi: [] },
      seconds: 10,
      maxSeconds: 10,
      maxWarmSeconds: 3,
      maxConnections: 64,
    },
    inbox: { requests: 200, warmup: 10 },
    realtime: { sockets: 1_000, otherSockets: 100, eventsPerSecond: 200, seconds: 10, twoProcesses: true },
    limits: { rawSeconds: 8, rawConnections: 8 },
    jobs: { enqueues: 5_000, claimJobs: 20_000 },
  },
};
