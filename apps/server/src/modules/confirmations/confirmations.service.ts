import {
  auditChanges,
  type ConfirmationRun,
  type ConfirmationRunStatus,
  canSendTemplates,
  type confirmationCreateSchema,
  type confirmationUpdateSchema,
  isSchedulingIntegrationType,
  localDayOf,
  type SearchBody,
  zonedInstant,
} from '@conversa/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAuditLog } from '../../core/audit/audit-log';
import { companyTimeZone } from '../../core/company-clock';
import { type Database, type Executor, isUniqueViolation } from '../../core/db/database';
import {
  type ConfirmationRunRow,
  confirmationRows,
  confirmationRuns,
  devices,
  templates,
} from '../../core/db/schema';
import { AppError, badRequest, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery, NEWEST_FIRST, type SearchWhitelist } from '../../core/http/search-query';
import type { MessageKey } from '../../core/i18n/i18n';
import { createIntegrationsRepository } from '../integrations/integrations.repository';
import { CONFIRMATION_MODULE, type ConfirmationAnnouncer } from './confirmation-announcer';
import type { ConfirmationStarter } from './confirmation-starter';
import { toRow } from './confirmations.mapper';
import { createConfirmationsRepository, type RunPatch } from './confirmations.repository';

type CreateInput = z.output<typeof confirmationCreateSchema>;
type UpdateInput = z.output<typeof confirmationUpdateSchema>;

const RUN_KEYS: SearchWhitelist = {
  integration_id: { column: confirmationRuns.integration_id, type: 'text' },
  device_id: { column: confirmationRuns.device_id, type: 'text' },
  date: { column: confirmationRuns.date, type: 'text' },
  status: { column: confirmationRuns.status, type: 'text' },
  create_date: { column: confirmationRuns.create_date, type: 'date' },
};

const ROW_KEYS: SearchWhitelist = {
  state: { column: confirmationRows.state, type: 'text' },
  phone: { column: confirmationRows.phone, type: 'text' },
  contact_id: { column: confirmationRows.contact_id, type: 'text' },
  specialist: { column: confirmationRows.specialist, type: 'text' },
  branch: { column: confirmationRows.branch, type: 'text' },
  meet_date: { column: confirmationRows.meet_date, type: 'date' },
};

const EDITABLE: readonly ConfirmationRunStatus[] = ['draft', 'scheduled'];
const AUDIT_IGNORED = ['totals', 'error', 'started_at', 'completed_at', 'create_date'];

type Deps = { db: Database; announcer: ConfirmationAnnouncer; starter: ConfirmationStarter };

/** A run's settings as checked: what create and updateone store. */
type Settings = Pick<
  RunPatch,
  'device_id' | 'message' | 'template_id' | 'parameters' | 'send_at' | 'reply_deadline'
>;

/**
 * Confirmation runs' routes (API.md part 3 §3.1): the rules of a run's settings, one run per integration
 * and day (409), and the changes its status allows. Sending and answers are the starter's and the
 * answers' work.
 */
export const createConfirmationsService = ({ db, announcer, starter }: Deps) => {
  const repo = createConfirmationsRepository(db);

  const load = async (auth: AuthContext, id: string): Promise<ConfirmationRunRow> => {
    const row = await repo.findRun(auth.clientId, id);
    if (!row) throw notFound();
    return row;
  };

  const answer = async (executor: Executor, clientId: string, row: ConfirmationRunRow) => {
    const [run] = await announcer.runs(executor, clientId, [row]);
    if (!run) throw notFound();
    return run;
  };

  /** The integration must be a connected scheduling integration of the company. */
  const assertIntegration = async (auth: AuthContext, id: string) => {
    const found = await createIntegrationsRepository(db).findById(auth.clientId, id);
    if (!found || !isSchedulingIntegrationType(found.type) || found.status !== 'connected') {
      throw badRequest([{ path: 'integration_id', message: 'validation.badValue' }]);
    }
    return found;
  };

  /** The device must be the company's (400) and connected (412). */
  const assertDevice = async (auth: AuthContext, id: string) => {
    const found = isUuid(id)
      ? await db
          .select()
          .from(devices)
          .where(and(eq(devices.client_id, auth.clientId), eq(devices.id, id)))
      : [];
    const device = found[0];
    if (!device) throw badRequest([{ path: 'device_id', message: 'validation.badValue' }]);
    if (device.status !== 'connected') throw new AppError(412, 'info.deviceDisconnected');
    return device;
  };

  /** Checks a run's settings against its day, in the company's time zone; answers what to store. */
  const checkedSettings = async (
    auth: AuthContext,
    date: string,
    input: UpdateInput,
    current?: ConfirmationRunRow,
  ): Promise<Settings & { status: ConfirmationRunStatus }> => {
    const now = new Date();
    const deviceId = input.device_id ?? current?.device_id ?? '';
    const device = await assertDevice(auth, deviceId);
    const message = input.message ?? current?.message ?? '';
    const templateId = input.template_id === undefined ? (current?.template_id ?? null) : input.template_id;
    if (!templateId && message.trim() === '')
      throw badRequest([{ path: 'message', message: 'validation.required' }]);
    if (templateId) {
      const found = isUuid(templateId)
        ? await db
            .select({ status: templates.status })
            .from(templates)
            .where(and(eq(templates.client_id, auth.clientId), eq(templates.id, templateId)))
        : [];
      if (found[0]?.status !== 'APPROVED' || !canSendTemplates(device)) {
        throw badRequest([{ path: 'template_id', message: 'validation.badValue' }]);
      }
    }
    const sendAt = input.send_at === undefined ? (current?.send_at ?? null) : input.send_at;
    if (sendAt && sendAt.getTime() <= now.getTime()) {
      throw badRequest([{ path: 'send_at', message: 'validation.past' }]);
    }
    const timeZone = await companyTimeZone(db, auth.clientId);
    const deadline = input.reply_deadline ?? current?.reply_deadline ?? zonedInstant(date, '00:00', timeZone);
    if (deadline.getTime() <= now.getTime() || (sendAt && deadline.getTime() <= sendAt.getTime())) {
      throw badRequest([{ path: 'reply_deadline', message: 'validation.range' }]);
    }
    return {
      device_id: device.id,
      message,
      template_id: templateId,
      parameters: input.parameters ?? current?.parameters ?? [],
      send_at: sendAt,
      reply_deadline: deadline,
      status: sendAt ? 'scheduled' : 'draft',
    };
  };

  /** One change with its audit row and notification, published after commit. */
  const write = async (
    auth: AuthContext,
    action: 'create' | 'update' | 'delete',
    info: MessageKey,
    before: ConfirmationRun | null,
    work: (tx: Executor) => Promise<ConfirmationRunRow>,
  ): Promise<ConfirmationRun> => {
    const { run, notification } = await db.transaction(async (tx) => {
      const row = await work(tx);
      const after = action === 'delete' ? null : await answer(tx, auth.clientId, row);
      await writeAuditLog(tx, auth, [
        {
          action,
          module: CONFIRMATION_MODULE,
          recordId: row.id,
          changes: auditChanges(before, after, AUDIT_IGNORED),
        },
      ]);
      return {
        run: after ?? (before as ConfirmationRun),
        notification: await announcer.record(
          tx,
          auth.clientId,
          action,
          [after ?? { id: row.id }],
          info,
          auth.locale,
        ),
      };
    });
    announcer.publish(auth.clientId, [notification]);
    return run;
  };

  /** The partial unique index holds "one run per integration and day that is not cancelled". */
  const guardDuplicate = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, 'info.confirmationRunExists');
      throw error;
    }
  };

  return {
    async search(auth: AuthContext, body: SearchBody) {
      const query = buildSearchQuery(body, RUN_KEYS, { defaultSort: NEWEST_FIRST });
      const { rows, total } = await repo.searchRuns(auth.clientId, query);
      return { data: await announcer.runs(db, auth.clientId, rows), pagination: query.pagination(total) };
    },

    async findOne(auth: AuthContext, id: string): Promise<ConfirmationRun> {
      return answer(db, auth.clientId, await load(auth, id));
    },

    async create(auth: AuthContext, input: CreateInput): Promise<ConfirmationRun> {
      await assertIntegration(auth, input.integration_id);
      const today = localDayOf(new Date(), await companyTimeZone(db, auth.clientId));
      if (input.date < today) throw badRequest([{ path: 'date', message: 'validation.past' }]);
      const settings = await checkedSettings(auth, input.date, input);
      return guardDuplicate(() =>
        write(auth, 'create', 'info.confirmationCreated', null, (tx) =>
          createConfirmationsRepository(tx).insertRun({
            client_id: auth.clientId,
            integration_id: input.integration_id,
            date: input.date,
            user_id: auth.userId || null,
            ...settings,
            device_id: settings.device_id ?? input.device_id,
            reply_deadline: settings.reply_deadline as Date,
          }),
        ),
      );
    },

    /** Only a draft or scheduled run changes (406 otherwise). */
    async update(auth: AuthContext, id: string, input: UpdateInput): Promise<ConfirmationRun> {
      const current = await load(auth, id);
      if (!EDITABLE.includes(current.status)) throw new AppError(406, 'info.confirmationNotEditable');
      const settings = await checkedSettings(auth, current.date, input, current);
      return write(
        auth,
        'update',
        'info.confirmationUpdated',
        await answer(db, auth.clientId, current),
        async (tx) => {
          const row = await createConfirmationsRepository(tx).updateRun(
            auth.clientId,
            id,
            settings,
            EDITABLE,
          );
          if (!row) throw new AppError(406, 'info.confirmationNotEditable');
          return row;
        },
      );
    },

    /** A run that is not running may be deleted (406 while running). */
    async delete(auth: AuthContext, id: string): Promise<void> {
      const current = await load(auth, id);
      if (current.status === 'running') throw new AppError(406, 'info.confirmationRunning');
      await write(
        auth,
        'delete',
        'info.confirmationDeleted',
        await answer(db, auth.clientId, current),
        async (tx) => {
          const row = await createConfirmationsRepository(tx).deleteRun(auth.clientId, id);
          if (!row) throw notFound();
          return row;
        },
      );
    },

    /** Starts a draft or scheduled run now; a running one is left as it is (200); the others answer 406. */
    async start(auth: AuthContext, id: string): Promise<ConfirmationRun> {
      const current = await load(auth, id);
      if (current.status === 'running') return answer(db, auth.clientId, current);
      if (!EDITABLE.includes(current.status)) throw new AppError(406, 'info.confirmationNotStartable');
      const started = await starter.start(current);
      return answer(db, auth.clientId, started ?? (await load(auth, id)));
    },

    /** Nothing more is sent and answers stop being matched. */
    async cancel(auth: AuthContext, id: string): Promise<ConfirmationRun> {
      const current = await load(auth, id);
      if (current.status === 'cancelled') return answer(db, auth.clientId, current);
      if (current.status === 'completed' || current.status === 'failed') {
        throw new AppError(406, 'info.confirmationFinished');
      }
      return write(
        auth,
        'update',
        'info.confirmationCancelled',
        await answer(db, auth.clientId, current),
        async (tx) => {
          const row = await createConfirmationsRepository(tx).updateRun(
            auth.clientId,
            id,
            { status: 'cancelled', completed_at: new Date() },
            ['draft', 'scheduled', 'running'],
          );
          if (!row) throw new AppError(406, 'info.confirmationFinished');
          return row;
        },
      );
    },

    /** The run's table: one row per appointment asked. */
    async appointments(auth: AuthContext, id: string, body: SearchBody) {
      await load(auth, id);
      const query = buildSearchQuery(body, ROW_KEYS);
      const { rows, total } = await repo.searchRows(auth.clientId, id, query);
      return { data: rows.map(toRow), pagination: query.pagination(total) };
    },
  };
};

export type ConfirmationsService = ReturnType<typeof createConfirmationsService>;
