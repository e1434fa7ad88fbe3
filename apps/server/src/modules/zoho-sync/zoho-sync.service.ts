import { randomUUID } from 'node:crypto';
import {
  type CrmzohoConfig,
  crmzohoConfigSchema,
  DEFAULT_LOCALE,
  type IntegrationLinkModule,
  type IntegrationSyncProgress,
  isLocale,
  LOCALES,
  type Locale,
  ZOHO_UPSERT_BATCH,
} from '@conversa/domain';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database, Executor } from '../../core/db/database';
import type { IntegrationRow } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { translate } from '../../core/i18n/i18n';
import { type JobContext, type JobQueue, Postpone, RetryLater } from '../../core/jobs/job-queue';
import { createRealtimeEventsRepository } from '../../core/realtime/realtime-events.repository';
import type { ZohoClient } from '../../integrations/zoho/zoho-client';
import { ZohoCallError } from '../../integrations/zoho/zoho-http';
import type { ZohoModule, ZohoSourceRecord } from '../../integrations/zoho/zoho-records';
import type { CallOutcome } from '../integrations/integration-kinds';
import { openIntegrationConfig } from '../integrations/integrations.mapper';
import { createIntegrationsRepository } from '../integrations/integrations.repository';
import { INTEGRATION_MODULE, type IntegrationsService } from '../integrations/integrations.service';
import { createZohoSyncRepository } from './zoho-sync.repository';

export const ZOHO_PUSH_JOB = 'zoho.push';
export const ZOHO_SYNC_JOB = 'zoho.sync';
/** Changes within this window go to Zoho together: a burst of edits is one call of up to 100 records. */
export const ZOHO_PUSH_COALESCE_MS = 2000;
/** A full sync's progress notification, on the integration's module. */
export const ZOHO_SYNC_ACTION = 'sync';

/** Our modules and Zoho's, each behind its switch. */
const MODULES: {
  module: IntegrationLinkModule;
  zoho: ZohoModule;
  isOn: (config: CrmzohoConfig) => boolean;
}[] = [
  { module: 'contact', zoho: 'Contacts', isOn: (config) => config.sync_contacts },
  { module: 'lead', zoho: 'Leads', isOn: (config) => config.sync_leads },
];
const zohoModuleOf = (module: IntegrationLinkModule): ZohoModule =>
  module === 'contact' ? 'Contacts' : 'Leads';

/** The reason a refused refresh token leaves, in every language: the integration waits for a person. */
const REFUSED_REASONS = new Set(LOCALES.map((locale) => translate(locale, 'info.zohoTokenRefused')));
export const isPausedByRefusal = (row: Pick<IntegrationRow, 'status' | 'error'>) =>
  row.status === 'error' && REFUSED_REASONS.has(row.error);

export type PushJobPayload = { clientId: string; integrationId: string };
export type SyncJobPayload = {
  clientId: string;
  integrationId: string;
  runId: string;
  /** The modules left, the first one in progress. */
  modules: IntegrationLinkModule[];
  afterId: string;
  done: number;
  total: number;
};

const syncKeyPrefix = (integrationId: string) => `${ZOHO_SYNC_JOB}:${integrationId}:`;

type Deps = { db: Database; events: EventBus; queue: JobQueue; box: SecretBox; zoho: ZohoClient };

/**
 * Zoho CRM sync (issue 17 item 3): changed contacts and leads are pushed by a coalescing job, a full sync
 * goes 100 records a call, one durable job per call, announcing its progress. A refused refresh token
 * turns the integration to error with the reason and stops every push until new settings or a Test.
 */
export const createZohoSync = ({ db, events, queue, box, zoho }: Deps) => {
  const repo = createZohoSyncRepository(db);
  /** The integrations this process is pushing now: a second push of one waits its turn. */
  const pushing = new Set<string>();
  let integrations: IntegrationsService | undefined;

  const localeOf = async (clientId: string): Promise<Locale> => {
    const language = await repo.companyLanguage(clientId);
    return isLocale(language) ? language : DEFAULT_LOCALE;
  };

  const load = async (clientId: string, integrationId: string) => {
    const row = await createIntegrationsRepository(db).findById(clientId, integrationId);
    if (row?.type !== 'crmzoho') return undefined;
    const config = crmzohoConfigSchema.safeParse(openIntegrationConfig(box, 'crmzoho', row.config));
    return config.success ? { row, config: config.data } : undefined;
  };

  /** The outcome a failed call leaves on the integration: Zoho's words, or the refusal's reason. */
  const outcomeOf = async (clientId: string, error: ZohoCallError): Promise<CallOutcome> => ({
    ok: false,
    error: error.isTokenRefused
      ? translate(await localeOf(clientId), 'info.zohoTokenRefused')
      : error.message,
  });

  const note = async (clientId: string, integrationId: string, outcome: CallOutcome) =>
    integrations?.noteCall(clientId, integrationId, outcome, await localeOf(clientId), false);

  /** A provider failure is noted; a passing one is tried again with backoff while attempts are left. */
  const failed = async (payload: PushJobPayload, error: unknown, job: JobContext) => {
    if (!(error instanceof ZohoCallError)) throw error;
    await note(payload.clientId, payload.integrationId, await outcomeOf(payload.clientId, error));
    if (error.isRetryable && !job.isLastAttempt) throw new RetryLater(error.message, error.retryAfterMs);
    return false;
  };

  const announce = async (executor: Executor, clientId: string, progress: IntegrationSyncProgress) =>
    createRealtimeEventsRepository(executor).record(clientId, {
      module: INTEGRATION_MODULE,
      action: ZOHO_SYNC_ACTION,
      data: [progress],
      ref: progress.id,
    });

  const publish = (clientId: string, notifications: Awaited<ReturnType<typeof announce>>[]) =>
    events.emit('record.changed', { clientId, module: INTEGRATION_MODULE, notifications });

  const upsert = async (
    config: CrmzohoConfig,
    module: IntegrationLinkModule,
    records: ZohoSourceRecord[],
  ) => {
    const results = await zoho.upsert(config, zohoModuleOf(module), records);
    return records.map((record, index) => {
      const result = results[index];
      return { recordId: record.id, externalId: result?.ok ? result.externalId : undefined };
    });
  };

  /** Sends the waiting links of one integration, 100 a call, until none is left. */
  const push = async (payload: PushJobPayload, job: JobContext) => {
    const { clientId, integrationId } = payload;
    const loaded = await load(clientId, integrationId);
    if (!loaded || isPausedByRefusal(loaded.row)) return;
    if (pushing.has(integrationId)) throw new Postpone('a push of this integration is running', 1000);
    pushing.add(integrationId);
    try {
      for (const { module, isOn } of MODULES) {
        if (!isOn(loaded.config)) continue;
        for (;;) {
          const records = await repo.takePending(clientId, integrationId, module, ZOHO_UPSERT_BATCH);
          if (records.length === 0) break;
          try {
            await repo.settle(clientId, integrationId, module, await upsert(loaded.config, module, records));
          } catch (error) {
            await repo.release(
              integrationId,
              module,
              records.map((record) => record.id),
            );
            throw error;
          }
          if (records.length < ZOHO_UPSERT_BATCH) break;
        }
      }
      await note(clientId, integrationId, { ok: true });
    } catch (error) {
      await failed(payload, error, job);
    } finally {
      pushing.delete(integrationId);
    }
  };

  /** One call of a full sync: the next 100 records, their links, the progress and the next call's job together. */
  const syncStep = async (payload: SyncJobPayload, job: JobContext) => {
    const { clientId, integrationId } = payload;
    const loaded = await load(clientId, integrationId);
    if (!loaded) return;
    let { modules, afterId } = payload;
    let records: ZohoSourceRecord[] = [];
    while (modules[0] && records.length === 0) {
      records = await repo.recordsAfter(clientId, modules[0], afterId, ZOHO_UPSERT_BATCH);
      if (records.length === 0) {
        modules = modules.slice(1);
        afterId = '';
      }
    }
    const module = modules[0];
    const progress = { id: integrationId, done: payload.done, total: payload.total, finished: false };
    if (!module) {
      await note(clientId, integrationId, { ok: true });
      const notification = await announce(db, clientId, { ...progress, finished: true });
      publish(clientId, [notification]);
      return;
    }
    let outcomes: Awaited<ReturnType<typeof upsert>>;
    try {
      outcomes = await upsert(loaded.config, module, records);
    } catch (error) {
      await failed(payload, error, job);
      const notification = await announce(db, clientId, { ...progress, finished: true });
      publish(clientId, [notification]);
      return;
    }
    const last = records[records.length - 1] as ZohoSourceRecord;
    const next: SyncJobPayload = {
      ...payload,
      modules,
      afterId: last.id,
      done: payload.done + records.length,
    };
    const notification = await db.transaction(async (tx) => {
      await createZohoSyncRepository(tx).settle(clientId, integrationId, module, outcomes);
      await queue.enqueue(tx, {
        name: ZOHO_SYNC_JOB,
        key: `${syncKeyPrefix(integrationId)}${payload.runId}:${module}:${last.id}`,
        payload: next,
      });
      return announce(tx, clientId, { ...progress, done: next.done });
    });
    publish(clientId, [notification]);
    queue.kick();
  };

  return {
    /** The Test: a token (the cached one while it lasts) and a read of the organization. */
    async test(clientId: string, stored: Record<string, unknown>): Promise<CallOutcome> {
      const config = crmzohoConfigSchema.safeParse(stored);
      if (!config.success) return { ok: false, error: 'the stored settings are not complete' };
      try {
        await zoho.check(config.data);
        return { ok: true };
      } catch (error) {
        if (error instanceof ZohoCallError) return outcomeOf(clientId, error);
        throw error;
      }
    },

    /** Starts a full sync unless one is on its way; answers whether this call started it. */
    async start(clientId: string, integrationId: string): Promise<boolean> {
      const loaded = await load(clientId, integrationId);
      if (!loaded || (await repo.isSyncing(syncKeyPrefix(integrationId)))) return false;
      const modules = MODULES.filter(({ isOn }) => isOn(loaded.config)).map(({ module }) => module);
      let total = 0;
      for (const module of modules) total += await repo.countRecords(clientId, module);
      const runId = randomUUID();
      const notification = await db.transaction(async (tx) => {
        await queue.enqueue(tx, {
          name: ZOHO_SYNC_JOB,
          key: `${syncKeyPrefix(integrationId)}${runId}:start`,
          payload: { clientId, integrationId, runId, modules, afterId: '', done: 0, total },
        });
        return announce(tx, clientId, { id: integrationId, done: 0, total, finished: false });
      });
      publish(clientId, [notification]);
      queue.kick();
      return true;
    },

    /** The records changed: their links wait for the integration's next push, which is enqueued. */
    async enqueuePush(row: IntegrationRow, module: IntegrationLinkModule, recordIds: string[]) {
      const bucket = Math.floor(Date.now() / ZOHO_PUSH_COALESCE_MS);
      await db.transaction(async (tx) => {
        await createZohoSyncRepository(tx).markPending(row.client_id, row.id, module, recordIds);
        await queue.enqueue(tx, {
          name: ZOHO_PUSH_JOB,
          key: `${ZOHO_PUSH_JOB}:${row.id}:${bucket}`,
          payload: { clientId: row.client_id, integrationId: row.id },
          runAt: new Date((bucket + 1) * ZOHO_PUSH_COALESCE_MS),
        });
      });
    },

    /** The jobs, once the integrations service (which records each call's outcome) exists. */
    define(service: IntegrationsService) {
      integrations = service;
      queue.define<PushJobPayload>(ZOHO_PUSH_JOB, { run: push });
      queue.define<SyncJobPayload>(ZOHO_SYNC_JOB, { run: syncStep });
    },

    configOf: (row: IntegrationRow) => {
      const parsed = crmzohoConfigSchema.safeParse(openIntegrationConfig(box, 'crmzoho', row.config));
      return parsed.success ? parsed.data : undefined;
    },
  };
};

export type ZohoSync = ReturnType<typeof createZohoSync>;
