import { createHash, timingSafeEqual } from 'node:crypto';
import {
  auditChanges,
  type Call,
  type CallDialInput,
  normalizePhone,
  type SearchBody,
  storableProviderValue,
  type YeastarConfig,
  yeastarConfigSchema,
} from '@conversa/domain';
import { writeAuditLog } from '../../core/audit/audit-log';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database, Executor } from '../../core/db/database';
import type { IntegrationRow } from '../../core/db/schema';
import { calls } from '../../core/db/schema/calls';
import type { EventBus } from '../../core/events';
import { AppError, notFound, preconditionFailed, unauthorized } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery } from '../../core/http/search-query';
import { createRealtimeEventsRepository } from '../../core/realtime/realtime-events.repository';
import { type YeastarClient, YeastarError } from '../../integrations/yeastar/yeastar.client';
import {
  instantOf,
  parseYeastarEvent,
  type YeastarCallReport,
} from '../../integrations/yeastar/yeastar.events';
import { createContactsRepository } from '../contacts/contacts.repository';
import { openIntegrationConfig } from '../integrations/integrations.mapper';
import type { IntegrationsService } from '../integrations/integrations.service';
import { spend } from '../quotas/quotas.service';
import { toCall } from './calls.mapper';
import { CALL_SEARCH_FIELDS, type CallValues, createCallsRepository } from './calls.repository';

export const CALL_MODULE = 'call';

const NEWEST_CALL_FIRST = { key: 'started_at', order: 'desc' } as const;

/** Compares two secrets in constant time (their digests have the same length whatever was sent). */
const isSameSecret = (given: string, expected: string): boolean =>
  expected !== '' &&
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );

/** The number as contacts store it: digits only, the country code first. */
const phoneKey = (phone: string): string => normalizePhone(phone).replace(/\D/g, '');

type Deps = {
  db: Database;
  events: EventBus;
  box: SecretBox;
  yeastar: YeastarClient;
  integrations: Pick<IntegrationsService, 'noteCall'>;
};

/**
 * Phone calls from a PBX integration (Yeastar): the PBX's webhook stores each call on the contact's
 * timeline, matched by phone, and a user rings a contact from their own extension (click-to-call).
 */
export const createCallsService = ({ db, events, box, yeastar, integrations: integrationsService }: Deps) => {
  const repo = createCallsRepository(db);

  const configOf = (row: IntegrationRow): YeastarConfig =>
    yeastarConfigSchema.parse(openIntegrationConfig(box, 'yeastar', row.config));

  const announce = async (tx: Executor, clientId: string, action: 'create' | 'update', call: Call) =>
    createRealtimeEventsRepository(tx).record(clientId, {
      module: CALL_MODULE,
      action,
      data: [call],
      ref: call.contact_id ?? call.id,
    });

  const startedAt = async (clientId: string, report: YeastarCallReport): Promise<Date> => {
    if (!report.startedAt) return new Date();
    try {
      // The PBX's CDR gives local wall times without a zone: the company's.
      return instantOf(report.startedAt, await repo.timeZoneOf(clientId));
    } catch {
      return new Date();
    }
  };

  /** The report as a row: its contact by phone, its agent by the extension mapping (users of the company). */
  const valuesOf = async (
    integration: IntegrationRow,
    config: YeastarConfig,
    report: YeastarCallReport,
  ): Promise<CallValues> => {
    const clientId = integration.client_id;
    const phone = phoneKey(report.phone);
    const mapped = report.extensions.flatMap((extension) => {
      const entry = config.extensions.find((row) => row.extension === extension);
      return entry ? [entry] : [];
    });
    const known = await repo.usersOf(clientId, mapped.map((entry) => entry.user_id).filter(isUuid));
    const agent = mapped.find((entry) => known.has(entry.user_id));
    return {
      client_id: clientId,
      integration_id: integration.id,
      external_id: report.externalId,
      contact_id: await repo.contactByPhone(clientId, phone),
      phone,
      direction: report.direction,
      result: report.result,
      duration: report.duration,
      extension: agent?.extension ?? report.extensions[0] ?? '',
      user_id: agent?.user_id ?? null,
      started_at: await startedAt(clientId, report),
    };
  };

  /** The company's PBX integrations, oldest first, their settings opened. */
  const pbxesOf = async (clientId: string) =>
    (await repo.pbxIntegrations(clientId)).map((row) => ({ row, config: configOf(row) }));

  return {
    async search(auth: AuthContext, body: SearchBody) {
      const query = buildSearchQuery(body, CALL_SEARCH_FIELDS, {
        defaultSort: NEWEST_CALL_FIRST,
        tieBreaker: calls.id,
      });
      const { rows, total } = await repo.search(auth.clientId, query);
      return { data: rows.map(toCall), pagination: query.pagination(total) };
    },

    /**
     * One webhook delivery from the PBX. 404 for an integration that does not exist (or is not a PBX), 401
     * without its secret. A call report is stored (a repeated or late one updates the same row) and the
     * company hears of it; anything else is acknowledged and dropped.
     */
    async receive(integrationId: string, secret: string, body: unknown): Promise<Call | null> {
      const integration = isUuid(integrationId) ? await repo.pbxIntegration(integrationId) : undefined;
      if (!integration) throw notFound();
      const config = configOf(integration);
      if (!isSameSecret(secret, config.webhook_secret ?? '')) throw unauthorized();
      // The PBX's texts as PostgreSQL can store them (its `msg` is JSON inside a string: read, then cleaned).
      const parsed = parseYeastarEvent(body);
      const report = parsed && (storableProviderValue(parsed) as YeastarCallReport);
      if (!report) return null;
      const values = await valuesOf(integration, config, report);
      const clientId = integration.client_id;
      const stored = await db.transaction(async (tx) => {
        const txRepo = createCallsRepository(tx);
        const written = report.isFinal
          ? await txRepo.upsertFinal(values)
          : await txRepo.insertIfAbsent(values);
        if (!written) return null;
        const call = toCall(written.row);
        const action = written.isNew ? 'create' : 'update';
        return { call, notification: await announce(tx, clientId, action, call) };
      });
      if (!stored) return null;
      events.emit('record.changed', { clientId, module: CALL_MODULE, notifications: [stored.notification] });
      return stored.call;
    },

    /** Whether the company has a PBX and the caller's extension on it ('' when none): the call button's state. */
    async setup(auth: AuthContext): Promise<{ has_pbx: boolean; extension: string }> {
      const found = await pbxesOf(auth.clientId);
      const mine = found.flatMap(({ config }) =>
        config.extensions.filter((mapping) => mapping.user_id === auth.userId),
      )[0];
      return { has_pbx: found.length > 0, extension: mine?.extension ?? '' };
    },

    /**
     * Click-to-call: the PBX rings the user's own extension, then dials the contact. 412 when the company
     * has no PBX connected, the user has no extension there or the plan's Yeastar quota is used up; 502
     * with the PBX's words when it refuses.
     */
    async dial(auth: AuthContext, input: CallDialInput): Promise<{ call_id: string; extension: string }> {
      const contact = isUuid(input.contact_id)
        ? await createContactsRepository(db).findById(auth.clientId, input.contact_id)
        : undefined;
      if (!contact) throw notFound();
      const pbxes = await pbxesOf(auth.clientId);
      if (pbxes.length === 0) throw preconditionFailed('info.callNoPbx');
      const found = pbxes.flatMap(({ row, config }) => {
        const entry = config.extensions.find((mapping) => mapping.user_id === auth.userId);
        return entry ? [{ row, config, extension: entry.extension }] : [];
      })[0];
      if (!found) throw preconditionFailed('info.callNoExtension');
      const { row, config, extension } = found;
      // The call spends one unit of the plan's Yeastar quota; the transaction stays open across the PBX's
      // answer so a refused call spends nothing (a company's clicks wait for each other, at human pace).
      const callId = await db.transaction(async (tx) => {
        await spend(tx, auth.clientId, 'yeastar');
        let placed: string;
        try {
          ({ callId: placed } = await yeastar.dial(
            row.id,
            { pbxUrl: config.pbx_url, clientId: config.client_id, clientSecret: config.client_secret },
            { caller: extension, callee: contact.phone },
          ));
        } catch (error) {
          if (!(error instanceof YeastarError)) throw error;
          await integrationsService.noteCall(
            row.client_id,
            row.id,
            { ok: false, error: error.message },
            auth.locale,
            false,
          );
          throw new AppError(502, 'info.callFailed', undefined, { error: error.message });
        }
        await writeAuditLog(tx, auth, [
          {
            action: 'create',
            module: CALL_MODULE,
            recordId: placed || contact.id,
            changes: auditChanges(null, { contact_id: contact.id, phone: contact.phone, extension }, []),
          },
        ]);
        return placed;
      });
      await integrationsService.noteCall(row.client_id, row.id, { ok: true }, auth.locale, false);
      return { call_id: callId, extension };
    },
  };
};

export type CallsService = ReturnType<typeof createCallsService>;
