import { randomUUID } from 'node:crypto';
import {
  auditChanges,
  DEFAULT_LOCALE,
  type Integration,
  type IntegrationStatus,
  type IntegrationType,
  type integrationCreateSchema,
  type integrationUpdateSchema,
  isBotIntegrationType,
  isCreatableIntegrationType,
  type SchedulingCatalog,
  type SearchBody,
} from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { ZodError, type z } from 'zod';
import { writeAuditLog } from '../../core/audit/audit-log';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database, Executor } from '../../core/db/database';
import { type IntegrationRow, integrations } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { AppError, badRequest, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { buildSearchQuery, NEWEST_FIRST, type SearchWhitelist } from '../../core/http/search-query';
import { type MessageKey, translate } from '../../core/i18n/i18n';
import {
  createRealtimeEventsRepository,
  type StoredNotification,
} from '../../core/realtime/realtime-events.repository';
import { SchedulingCallError } from '../../integrations/scheduling-adapter';
import type { CallOutcome, IntegrationKinds } from './integration-kinds';
import { createIntegrationProviderChecks } from './integration-provider-checks';
import { createIntegrationReferences } from './integration-references';
import {
  type IntegrationConfig,
  mergeIntegrationConfig,
  openIntegrationConfig,
  sealIntegrationConfig,
  toIntegration,
} from './integrations.mapper';
import { createIntegrationsRepository } from './integrations.repository';

type CreateInput = z.output<typeof integrationCreateSchema>;
type UpdateInput = z.output<typeof integrationUpdateSchema>;

export const INTEGRATION_MODULE = 'integration';

const INTEGRATION_KEYS: SearchWhitelist = {
  name: { column: integrations.name, type: 'text' },
  type: { column: integrations.type, type: 'text' },
  status: { column: integrations.status, type: 'text' },
  create_date: { column: integrations.create_date, type: 'date' },
};

/** What an audit row compares: the answer without what the provider's calls move. */
const AUDIT_IGNORED = ['status', 'last_sync_at', 'error', 'create_date'];

type Deps = { db: Database; events: EventBus; box: SecretBox; kinds: IntegrationKinds };

/**
 * Integrations (API.md part 2): the five routes, the provider test and sync. Secrets are stored encrypted
 * and answered masked; a device has at most one bot (the database's unique device holds it).
 */
export const createIntegrationsService = ({ db, events, box, kinds }: Deps) => {
  const repo = createIntegrationsRepository(db);

  const kindOf = (type: IntegrationType) => {
    if (!isCreatableIntegrationType(type)) throw new AppError(406, 'info.integrationTypeNotAvailable');
    return kinds[type];
  };

  const load = async (auth: AuthContext, id: string): Promise<IntegrationRow> => {
    const row = await repo.findById(auth.clientId, id);
    if (!row) throw notFound();
    return row;
  };

  const answer = async (executor: Executor, row: IntegrationRow): Promise<Integration> => {
    const found = await createIntegrationsRepository(executor).devicesOf(row.client_id, [row.id]);
    return toIntegration(box, row, found.get(row.id) ?? []);
  };

  const publish = (clientId: string, notifications: StoredNotification[]) => {
    if (notifications.length > 0)
      events.emit('record.changed', { clientId, module: INTEGRATION_MODULE, notifications });
  };

  const record = (
    tx: Executor,
    clientId: string,
    action: 'create' | 'update' | 'delete',
    data: (Integration | { id: string })[],
    info: MessageKey,
    locale = DEFAULT_LOCALE,
  ) =>
    createRealtimeEventsRepository(tx).record(clientId, {
      module: INTEGRATION_MODULE,
      action,
      data,
      msg: translate(locale, info),
      ref: data[0]?.id ?? '',
    });

  /** Checks a whole config against its type's rules; a problem names `config.<key>`. */
  const checkedConfig = (type: IntegrationType, config: IntegrationConfig) => {
    const parsed = kindOf(type).configSchema.safeParse(config);
    if (!parsed.success) {
      throw new ZodError(parsed.error.issues.map((issue) => ({ ...issue, path: ['config', ...issue.path] })));
    }
    return parsed.data as IntegrationConfig;
  };

  const { assertDevices, assertHandoffUser, guardDevices } = createIntegrationReferences(db, kindOf);

  /** One change with its audit row and notification, published after commit. */
  const write = async (
    auth: AuthContext,
    action: 'create' | 'update' | 'delete',
    info: MessageKey,
    before: Integration | null,
    work: (tx: Executor) => Promise<IntegrationRow>,
  ): Promise<Integration> => {
    const { integration, notification } = await db.transaction(async (tx) => {
      const row = await work(tx);
      const after = action === 'delete' ? null : await answer(tx, row);
      await writeAuditLog(tx, auth, [
        {
          action,
          module: INTEGRATION_MODULE,
          recordId: row.id,
          changes: auditChanges(before, after, AUDIT_IGNORED),
        },
      ]);
      const data = after ? [after] : [{ id: row.id }];
      return {
        integration: after ?? (before as Integration),
        notification: await record(tx, auth.clientId, action, data, info, auth.locale),
      };
    });
    publish(auth.clientId, [notification]);
    return integration;
  };

  /** The kind of a type that can be written; one without devices (a webhook) refuses them, naming the field. */
  const writableKind = (type: IntegrationType, deviceIds: string[] | undefined) => {
    const kind = kindOf(type);
    if (deviceIds && deviceIds.length > 0 && !kind.hasDevices) {
      throw badRequest([{ path: 'device_ids', message: 'validation.badValue' }]);
    }
    return kind;
  };

  const { checkOnSave, syncRange } = createIntegrationProviderChecks(db, kindOf);

  return {
    async search(auth: AuthContext, body: SearchBody) {
      const query = buildSearchQuery(body, INTEGRATION_KEYS, {
        defaultSort: NEWEST_FIRST,
        tieBreaker: integrations.id,
      });
      const { rows, total } = await repo.search(auth.clientId, query);
      const devicesOf = await repo.devicesOf(
        auth.clientId,
        rows.map((row) => row.id),
      );
      return {
        data: rows.map((row) => toIntegration(box, row, devicesOf.get(row.id) ?? [])),
        pagination: query.pagination(total),
      };
    },

    async findOne(auth: AuthContext, id: string): Promise<Integration> {
      return answer(db, await load(auth, id));
    },

    /**
     * A new integration; its answer carries the secrets its type shows once (a webhook's signing secret,
     * generated when not given), whole, while everything stored and announced has them masked.
     */
    async create(auth: AuthContext, input: CreateInput): Promise<Integration> {
      const kind = writableKind(input.type, input.device_ids);
      await assertDevices(auth, input.device_ids);
      await assertHandoffUser(auth, input.type, input.config);
      // A provider that calls back (Calendly) is told the integration's id before the row exists.
      const id = randomUUID();
      const checked = await checkOnSave(auth.clientId, id, input.type, kind.completeConfig(input.config));
      const config = checked.config;
      const integration = await guardDevices(input.device_ids, () =>
        write(auth, 'create', 'info.integrationCreated', null, async (tx) => {
          const txRepo = createIntegrationsRepository(tx);
          const row = await txRepo.insert({
            id,
            client_id: auth.clientId,
            type: input.type,
            name: input.name,
            answer_new_conversations: input.answer_new_conversations,
            config: sealIntegrationConfig(box, input.type, config),
            // A bot's credentials are only proved by its first Test (or answer); until then it says so.
            ...(isBotIntegrationType(input.type) ? { status: 'unchecked' as const } : checked.status),
          });
          await txRepo.setDevices(auth.clientId, row.id, input.device_ids);
          return row;
        }),
      );
      const shown = Object.fromEntries(kind.shownOnCreate.map((key) => [key, config[key]]));
      return { ...integration, config: { ...integration.config, ...shown } };
    },

    /** A change of what is given; `config` is checked whole (the stored one under the change). */
    async update(auth: AuthContext, id: string, input: UpdateInput): Promise<Integration> {
      const current = await load(auth, id);
      const type = current.type;
      writableKind(type, input.device_ids);
      const before = await answer(db, current);
      if (input.device_ids) await assertDevices(auth, input.device_ids, current.id);
      let config: IntegrationConfig | undefined;
      let status: { status?: IntegrationStatus; error?: string } = {};
      if (input.config) {
        const opened = openIntegrationConfig(box, type, current.config);
        config = checkedConfig(type, mergeIntegrationConfig(type, opened, input.config));
        await assertHandoffUser(auth, type, config);
        const checked = await checkOnSave(auth.clientId, id, type, config);
        config = checked.config;
        status = checked.status;
      }
      const deviceIds = input.device_ids;
      return guardDevices(deviceIds ?? [], () =>
        write(auth, 'update', 'info.integrationUpdated', before, async (tx) => {
          const txRepo = createIntegrationsRepository(tx);
          const row = await txRepo.update(auth.clientId, id, {
            ...(input.name === undefined ? {} : { name: input.name }),
            ...(input.answer_new_conversations === undefined
              ? {}
              : { answer_new_conversations: input.answer_new_conversations }),
            // New settings clear the error the old ones earned (a refused Zoho token waits for them); a
            // bot's new settings are unchecked until tested, like a new bot's.
            ...(config
              ? {
                  config: sealIntegrationConfig(box, type, config),
                  status: isBotIntegrationType(type) ? 'unchecked' : 'connected',
                  error: '',
                  ...status,
                }
              : {}),
          });
          if (!row) throw notFound();
          if (deviceIds) await txRepo.setDevices(auth.clientId, id, deviceIds);
          return row;
        }),
      );
    },

    async delete(auth: AuthContext, id: string): Promise<void> {
      const before = await answer(db, await load(auth, id));
      await write(auth, 'delete', 'info.integrationDeleted', before, async (tx) => {
        const row = await createIntegrationsRepository(tx).delete(auth.clientId, id);
        if (!row) throw notFound();
        return row;
      });
    },

    /**
     * Checks the stored credentials against the provider; the integration shows the outcome. A scheduling
     * system's check may renew its settings (Calendly's subscription and signing key): they are stored.
     */
    async test(auth: AuthContext, id: string): Promise<{ integration: Integration; outcome: CallOutcome }> {
      const row = await load(auth, id);
      const kind = kindOf(row.type);
      const opened = openIntegrationConfig(box, row.type, row.config);
      const context = { clientId: row.client_id, integrationId: row.id };
      const checked = kind.check ? await kind.check(opened, context) : undefined;
      const outcome = checked ? checked.outcome : await kind.test(opened, context);
      if (checked && checked.config !== opened) {
        await repo.update(row.client_id, row.id, {
          config: sealIntegrationConfig(box, row.type, checked.config),
        });
      }
      const integration = await this.noteCall(row.client_id, row.id, outcome, auth.locale);
      return { integration: integration ?? (await answer(db, row)), outcome };
    },

    /** A scheduling system's states, professionals and branches, read from it now (502 when it fails). */
    async catalog(auth: AuthContext, id: string): Promise<SchedulingCatalog> {
      const row = await load(auth, id);
      const catalog = kindOf(row.type).catalog;
      if (!catalog) throw new AppError(406, 'info.integrationNoCatalog');
      try {
        return await catalog(openIntegrationConfig(box, row.type, row.config), {
          clientId: row.client_id,
          integrationId: row.id,
        });
      } catch (error) {
        if (!(error instanceof SchedulingCallError)) throw error;
        throw new AppError(502, 'info.integrationProviderFailed', [], { error: error.message });
      }
    },

    /**
     * `integration/sync`: a type with a background sync (Zoho) starts it and answers at once, its progress
     * announced as it goes (`started` false when one is already running); the others run their Test.
     */
    async sync(
      auth: AuthContext,
      id: string,
      range: { from?: string; to?: string } = {},
    ): Promise<{ integration: Integration; outcome: CallOutcome; started?: boolean }> {
      const row = await load(auth, id);
      const kind = kindOf(row.type);
      if (kind.pull) {
        const outcome = await kind.pull(row, await syncRange(row.client_id, range));
        const integration = await this.noteCall(row.client_id, row.id, outcome, auth.locale);
        return { integration: integration ?? (await answer(db, row)), outcome };
      }
      if (!kind.startSync) return this.test(auth, id);
      const started = await kind.startSync({ clientId: row.client_id, integrationId: row.id });
      return { integration: await answer(db, row), outcome: { ok: true }, started };
    },

    /**
     * Records the outcome of a provider call (a test, a sync, a bot's answer): status, error and, when it
     * worked, last_sync_at; the company's screens hear of it when the status or the error changed, or
     * always when `announce` (a test someone asked for).
     */
    async noteCall(
      clientId: string,
      id: string,
      outcome: CallOutcome,
      locale = DEFAULT_LOCALE,
      announce = true,
    ): Promise<Integration | undefined> {
      const result = await db.transaction(async (tx) => {
        const txRepo = createIntegrationsRepository(tx);
        const before = await txRepo.findById(clientId, id);
        if (!before) return undefined;
        const row = await txRepo.update(
          clientId,
          id,
          outcome.ok
            ? { status: 'connected', error: '', last_sync_at: sql`now()` as unknown as Date }
            : { status: 'error', error: outcome.error.slice(0, 500) },
        );
        if (!row) return undefined;
        const integration = await answer(tx, row);
        const isChange = before.status !== row.status || before.error !== row.error;
        if (!announce && !isChange) return { integration, notification: undefined };
        const notification = await record(
          tx,
          clientId,
          'update',
          [integration],
          'info.integrationUpdated',
          locale,
        );
        return { integration, notification };
      });
      if (result?.notification) publish(clientId, [result.notification]);
      return result?.integration;
    },
  };
};

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
