import {
  type Diffusion,
  type DiffusionPreviewRecipient,
  type DiffusionRecipient,
  type DiffusionStatus,
  type diffusionCreateSchema,
  type diffusionUpdateSchema,
  nextWindowOpening,
  type SearchBody,
} from '@conversa/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAuditLog } from '../../core/audit/audit-log';
import type { Database, Executor } from '../../core/db/database';
import { clients, type DiffusionRow, diffusionRecipients, diffusions, jobs } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { AppError, badRequest, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { buildSearchQuery, NEWEST_FIRST, type SearchWhitelist } from '../../core/http/search-query';
import type { MessageKey } from '../../core/i18n/i18n';
import type { JobQueue } from '../../core/jobs/job-queue';
import type { StoredNotification } from '../../core/realtime/realtime-events.repository';
import { createDiffusionAnnouncer } from './diffusion-announcer';
import {
  type AudienceWhitelists,
  assertAudienceLists,
  audienceWhere,
  firstRecipient,
  freezeAudience,
} from './diffusion-audience';
import { importedRecipients } from './diffusion-import';
import { createRecipientStore } from './diffusion-recipients';
import { DIFFUSION_SEND_JOB, diffusionJobKey } from './diffusion-sender';
import { toDiffusion, toRecipient } from './diffusions.mapper';
import { createDiffusionsRepository, type DiffusionPatch, emptyTotals } from './diffusions.repository';

type CreateInput = z.output<typeof diffusionCreateSchema>;
type UpdateInput = z.output<typeof diffusionUpdateSchema>;

const DIFFUSION_KEYS: SearchWhitelist = {
  name: { column: diffusions.name, type: 'text' },
  status: { column: diffusions.status, type: 'text' },
  device_id: { column: sql`${diffusions.device_id}::text`, type: 'text' },
  scheduled_at: { column: diffusions.scheduled_at, type: 'date' },
  create_date: { column: diffusions.create_date, type: 'date' },
};

const RECIPIENT_KEYS: SearchWhitelist = {
  state: { column: diffusionRecipients.state, type: 'text' },
  reason: { column: diffusionRecipients.reason, type: 'text' },
  phone: { column: diffusionRecipients.phone, type: 'text' },
  name: { column: diffusionRecipients.name, type: 'text' },
  replied: { column: diffusionRecipients.replied, type: 'boolean' },
  sent_at: { column: diffusionRecipients.sent_at, type: 'date' },
};

const EDITABLE = ['draft', 'scheduled', 'paused'] as const;

type Deps = { db: Database; events: EventBus; queue: JobQueue; whitelists: AudienceWhitelists };

/** Diffusions: the five routes, start, pause, resume, cancel, recipients and the CSV import. */
export const createDiffusionsService = ({ db, events, queue, whitelists }: Deps) => {
  const announcer = createDiffusionAnnouncer({ db, events });
  const repo = createDiffusionsRepository(db);

  const load = async (auth: AuthContext, id: string): Promise<DiffusionRow> => {
    const row = await repo.findById(auth.clientId, id);
    if (!row) throw notFound();
    return row;
  };

  /** The device must be the company's; a template needs an official WhatsApp device and its APPROVED template. */
  const assertSendable = async (
    auth: AuthContext,
    deviceId: string,
    message: Diffusion['message'],
  ): Promise<void> => {
    const device = await repo.deviceOf(auth.clientId, deviceId);
    if (!device) throw notFound();
    if (message.type !== 'template') return;
    if (device.type !== 'whatsapp' || device.mode !== 'official') {
      throw badRequest([{ path: 'message.type', message: 'validation.badValue' }]);
    }
    const template = await repo.templateOf(auth.clientId, message.template_id);
    if (!template) throw notFound();
    if (template.device_id !== deviceId || template.status !== 'APPROVED') {
      throw badRequest([{ path: 'message.template_id', message: 'validation.badValue' }]);
    }
  };

  const assertAudience = async (auth: AuthContext, audience: Diffusion['audience']) => {
    audienceWhere(audience, whitelists);
    await assertAudienceLists(db, auth.clientId, audience);
  };

  /** One change of a diffusion with its audit row and notification, published after commit. */
  const write = async (
    auth: AuthContext,
    action: 'create' | 'update' | 'delete',
    info: MessageKey,
    work: (tx: Executor) => Promise<DiffusionRow | undefined>,
  ): Promise<DiffusionRow> => {
    const outcome = await db.transaction(async (tx) => {
      const row = await work(tx);
      if (!row) return undefined;
      await writeAuditLog(tx, auth, [
        {
          action,
          module: 'diffusion',
          recordId: row.id,
          changes: action === 'delete' ? {} : { status: [null, row.status] },
        },
      ]);
      const notification: StoredNotification = await announcer.record(tx, row, action, info, auth.locale);
      return { row, notification };
    });
    if (!outcome) throw new AppError(406, 'info.diffusionFinished');
    announcer.publish(auth.clientId, [outcome.notification]);
    return outcome.row;
  };

  const answer = (row: DiffusionRow) => announcer.withTotals(db, row);

  /** Moves the status from one of `from` in one conditional statement: a concurrent change answers 406. */
  const moveStatus = (
    tx: Executor,
    row: DiffusionRow,
    from: readonly DiffusionStatus[],
    patch: DiffusionPatch,
  ) =>
    createDiffusionsRepository(tx).update(
      row.client_id,
      row.id,
      patch,
      inArray(diffusions.status, [...from] as DiffusionStatus[]),
    );

  /** Arms the diffusion's sender now (a resumed or started diffusion), replacing a finished job row. */
  const armSender = (tx: Executor, row: DiffusionRow) =>
    queue.enqueue(tx, {
      name: DIFFUSION_SEND_JOB,
      key: diffusionJobKey(row.id),
      payload: { clientId: row.client_id, diffusionId: row.id },
      maxAttempts: 10,
      replace: true,
    });

  const statusAfterStart = (row: DiffusionRow) =>
    row.scheduled_at && row.scheduled_at.getTime() > Date.now() ? 'scheduled' : 'running';

  return {
    announcer,

    async search(auth: AuthContext, body: SearchBody) {
      const query = buildSearchQuery(body, DIFFUSION_KEYS, {
        defaultSort: NEWEST_FIRST,
        tieBreaker: diffusions.id,
      });
      const { rows, total } = await repo.search(auth.clientId, query);
      const totals = await repo.totals(
        auth.clientId,
        rows.map((row) => row.id),
      );
      return {
        data: rows.map((row) => toDiffusion(row, totals.get(row.id) ?? emptyTotals())),
        pagination: query.pagination(total),
      };
    },

    async findOne(auth: AuthContext, id: string): Promise<Diffusion> {
      return answer(await load(auth, id));
    },

    async create(auth: AuthContext, input: CreateInput): Promise<Diffusion> {
      await assertSendable(auth, input.device_id, input.message);
      await assertAudience(auth, input.audience);
      const row = await write(auth, 'create', 'info.diffusionCreated', (tx) =>
        createDiffusionsRepository(tx).insert({
          client_id: auth.clientId,
          name: input.name,
          device_id: input.device_id,
          audience: input.audience,
          message: input.message,
          scheduled_at: input.scheduled_at ? new Date(input.scheduled_at) : null,
          send_window: input.send_window,
          pacing: input.pacing,
          max_monthly_responses: input.max_monthly_responses,
          user_id: auth.userId,
        }),
      );
      return answer(row);
    },

    async update(auth: AuthContext, id: string, input: UpdateInput): Promise<Diffusion> {
      const current = await load(auth, id);
      if (current.status === 'running') throw new AppError(406, 'info.diffusionRunning');
      if (!EDITABLE.includes(current.status as (typeof EDITABLE)[number]))
        throw new AppError(406, 'info.diffusionFinished');
      const deviceId = input.device_id ?? current.device_id;
      const message = input.message ?? current.message;
      if (input.device_id !== undefined || input.message !== undefined)
        await assertSendable(auth, deviceId, message);
      if (input.audience) await assertAudience(auth, input.audience);
      const { scheduled_at, ...rest } = input;
      const row = await write(auth, 'update', 'info.diffusionUpdated', (tx) =>
        moveStatus(tx, current, EDITABLE, {
          ...rest,
          ...(scheduled_at === undefined
            ? {}
            : { scheduled_at: scheduled_at ? new Date(scheduled_at) : null }),
        }),
      );
      return answer(row);
    },

    async delete(auth: AuthContext, id: string): Promise<void> {
      const current = await load(auth, id);
      if (current.status === 'running') throw new AppError(406, 'info.diffusionRunning');
      await write(auth, 'delete', 'info.diffusionDeleted', async (tx) => {
        const rows = await tx
          .delete(diffusions)
          .where(
            and(
              eq(diffusions.client_id, auth.clientId),
              eq(diffusions.id, id),
              sql`${diffusions.status} <> 'running'`,
            ),
          )
          .returning();
        await queue.cancel(tx, diffusionJobKey(id));
        return rows[0];
      });
    },

    /**
     * Freezes the audience (unless recipients were imported into the draft) and starts now or at
     * `scheduled_at`; a scheduled diffusion is started by the due sweep, even one due while every server
     * was down.
     */
    async start(auth: AuthContext, id: string): Promise<Diffusion> {
      const current = await load(auth, id);
      if (current.status !== 'draft') throw new AppError(406, 'info.diffusionCannotStart');
      // A template that lost its approval since is the sender's to find: it pauses with the reason shown.
      const row = await write(auth, 'update', 'info.diffusionStarted', async (tx) => {
        const locked = await createDiffusionsRepository(tx).lockById(auth.clientId, id);
        if (locked?.status !== 'draft') return undefined;
        const imported = await createRecipientStore(tx).hasPending(id);
        if (!imported) await freezeAudience(tx, locked, whitelists);
        const status = statusAfterStart(locked);
        const started = await moveStatus(tx, locked, ['draft'], {
          status,
          pause_reason: '',
          ...(status === 'running' ? { started_at: new Date() } : {}),
        });
        if (started?.status === 'running') await armSender(tx, started);
        return started;
      });
      queue.kick();
      return answer(row);
    },

    /** A real recipient of an audience not yet saved (the form's), for the preview of its text. */
    async previewRecipient(
      auth: AuthContext,
      audience: Diffusion['audience'],
    ): Promise<DiffusionPreviewRecipient | undefined> {
      await assertAudienceLists(db, auth.clientId, audience);
      return firstRecipient(db, auth.clientId, audience, whitelists);
    },

    /**
     * When a started diffusion will really send its first message, when that is later than it asked for
     * (now, or its `scheduled_at`) because its send window is closed then: the moment, in the company's
     * time zone. Undefined when it sends as asked (or never will: a window that never opens).
     */
    async delayedStart(
      auth: AuthContext,
      diffusion: Diffusion,
    ): Promise<{ at: Date; timeZone: string } | undefined> {
      if (diffusion.status !== 'running' && diffusion.status !== 'scheduled') return undefined;
      const found = await db
        .select({ timezone: clients.timezone })
        .from(clients)
        .where(eq(clients.id, auth.clientId));
      const timeZone = found[0]?.timezone || 'UTC';
      const asked = new Date(Math.max(Date.now(), Date.parse(diffusion.scheduled_at ?? '') || 0));
      const at = nextWindowOpening(diffusion.send_window, asked, timeZone);
      return at && at > asked ? { at, timeZone } : undefined;
    },

    async pause(auth: AuthContext, id: string): Promise<Diffusion> {
      const current = await load(auth, id);
      if (current.status !== 'running' && current.status !== 'scheduled')
        throw new AppError(406, 'info.diffusionNotRunning');
      return answer(
        await write(auth, 'update', 'info.diffusionPaused', (tx) =>
          moveStatus(tx, current, ['running', 'scheduled'], { status: 'paused', pause_reason: 'manual' }),
        ),
      );
    },

    async resume(auth: AuthContext, id: string): Promise<Diffusion> {
      const current = await load(auth, id);
      if (current.status !== 'paused') throw new AppError(406, 'info.diffusionNotPaused');
      const row = await write(auth, 'update', 'info.diffusionResumed', async (tx) => {
        const status = statusAfterStart(current);
        const resumed = await moveStatus(tx, current, ['paused'], {
          status,
          pause_reason: '',
          ...(status === 'running' && !current.started_at ? { started_at: new Date() } : {}),
        });
        if (resumed?.status === 'running') await armSender(tx, resumed);
        return resumed;
      });
      queue.kick();
      return answer(row);
    },

    /** Cancels at once: pending recipients are skipped (cancelled); the sender drops a queued, unsent message. */
    async cancel(auth: AuthContext, id: string): Promise<Diffusion> {
      const current = await load(auth, id);
      if (current.status === 'completed' || current.status === 'cancelled')
        throw new AppError(406, 'info.diffusionFinished');
      const row = await write(auth, 'update', 'info.diffusionCancelled', async (tx) => {
        const cancelled = await moveStatus(tx, current, ['draft', 'scheduled', 'running', 'paused'], {
          status: 'cancelled',
          completed_at: new Date(),
        });
        if (!cancelled) return undefined;
        await createRecipientStore(tx).skipPending(id, 'cancelled');
        await armSender(tx, cancelled);
        return cancelled;
      });
      queue.kick();
      return answer(row);
    },

    async recipients(auth: AuthContext, id: string, body: SearchBody) {
      await load(auth, id);
      const query = buildSearchQuery(body, RECIPIENT_KEYS, {});
      const { rows, total } = await repo.searchRecipients(auth.clientId, id, query);
      return { data: rows.map(toRecipient) as DiffusionRecipient[], pagination: query.pagination(total) };
    },

    /** A CSV (or XLSX) of phones and template values into a draft's recipients (diffusion-import.ts). */
    async import(auth: AuthContext, diffusionId: string, content: Buffer): Promise<number> {
      const current = await load(auth, diffusionId);
      if (current.status !== 'draft') throw new AppError(406, 'info.diffusionNotDraft');
      let added = 0;
      for await (const batch of importedRecipients(content)) {
        added += await repo.insertRecipients(auth.clientId, diffusionId, batch);
      }
      await write(auth, 'update', 'info.diffusionUpdated', async () => current);
      return added;
    },

    /**
     * The once-per-cluster sweep: scheduled diffusions that are due start (even ones due while every
     * server was down), and a running diffusion whose sender job is gone (finished by a stale read, failed)
     * gets one again.
     */
    async sweepDue(): Promise<void> {
      const due = await db
        .update(diffusions)
        .set({ status: 'running', started_at: sql`coalesce(${diffusions.started_at}, now())` })
        .where(and(eq(diffusions.status, 'scheduled'), sql`${diffusions.scheduled_at} <= now()`))
        .returning();
      const orphans = await db
        .select()
        .from(diffusions)
        .where(
          and(
            eq(diffusions.status, 'running'),
            sql`not exists (select 1 from ${jobs} where ${jobs.key} = ${DIFFUSION_SEND_JOB} || ':' || ${diffusions.id}::text
              and ${jobs.status} in ('pending', 'running'))`,
          ),
        );
      const byId = new Map([...due, ...orphans].map((row) => [row.id, row]));
      for (const row of byId.values()) await armSender(db, row);
      for (const row of due) {
        const notification = await announcer.record(db, row, 'update', 'info.diffusionStarted');
        announcer.publish(row.client_id, [notification]);
      }
      if (byId.size > 0) queue.kick();
    },
  };
};

export type DiffusionsService = ReturnType<typeof createDiffusionsService>;
