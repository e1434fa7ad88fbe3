import {
  type Appointment,
  type agendaCreateSchema,
  type agendaUpdateSchema,
  auditChanges,
  phoneDigits,
  type SearchBody,
  type StandardConfig,
  standardConfigSchema,
} from '@conversa/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAuditLog } from '../../core/audit/audit-log';
import type { Database, Executor } from '../../core/db/database';
import {
  type AgendaAppointmentRow,
  agendaAppointments,
  contacts,
  type IntegrationRow,
} from '../../core/db/schema';
import { AppError, badRequest, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery, type SearchWhitelist } from '../../core/http/search-query';
import type { MessageKey } from '../../core/i18n/i18n';
import { createIntegrationsRepository } from '../integrations/integrations.repository';
import { toAppointment } from './agenda.mapper';
import { type AppointmentPatch, createAgendaRepository } from './agenda.repository';
import { AGENDA_MODULE, type AgendaAnnouncer } from './agenda-announcer';
import { linkContacts } from './agenda-pull';

type CreateInput = z.output<typeof agendaCreateSchema>;
type UpdateInput = z.output<typeof agendaUpdateSchema>;

/** Search keys of API.md part 3 §2.3 (plus the names the calendar shows). */
const AGENDA_KEYS: SearchWhitelist = {
  integration_id: { column: agendaAppointments.integration_id, type: 'text' },
  contact_id: { column: agendaAppointments.contact_id, type: 'text' },
  status: { column: agendaAppointments.status, type: 'text' },
  meet_date: { column: agendaAppointments.meet_date, type: 'date' },
  specialist: { column: agendaAppointments.specialist, type: 'text' },
  branch: { column: agendaAppointments.branch, type: 'text' },
  externalId: { column: agendaAppointments.external_id, type: 'text' },
  phone: { column: agendaAppointments.phone, type: 'text' },
  patient_name: { column: agendaAppointments.patient_name, type: 'text' },
  create_date: { column: agendaAppointments.create_date, type: 'date' },
};

/** The appointment's answer never moves because a pull re-read it: audit rows compare what people change. */
const AUDIT_IGNORED = ['create_date', 'update_date'];

type Deps = { db: Database; announcer: AgendaAnnouncer };

/**
 * The agenda's routes (API.md part 3 §2.3): everyone with agenda.view reads every integration's
 * appointments; only the Standard agenda's are written here (an outside system's are its own: 406).
 */
export const createAgendaService = ({ db, announcer }: Deps) => {
  const repo = createAgendaRepository(db);

  const load = async (auth: AuthContext, id: string): Promise<AgendaAppointmentRow> => {
    const row = await repo.findById(auth.clientId, id);
    if (!row) throw notFound();
    return row;
  };

  const integrationOf = (executor: Executor, clientId: string, integrationId: string) =>
    createIntegrationsRepository(executor).findById(clientId, integrationId);

  /** The Standard agenda's settings; an appointment of any other system is read-only here (406). */
  const assertStandard = (integration: IntegrationRow | undefined): StandardConfig => {
    if (!integration) throw notFound();
    if (integration.type !== 'standard') throw new AppError(406, 'info.agendaReadOnly');
    return standardConfigSchema.parse(integration.config);
  };

  /** The professional and branch must be the integration's; answers their names. */
  const namesIn = (config: StandardConfig, specialist: string, branch: string) => {
    const professional = config.professionals.find((entry) => entry.id === specialist);
    const place = config.branches.find((entry) => entry.id === branch);
    const issues = [
      ...(professional ? [] : [{ path: 'specialist', message: 'validation.badValue' as const }]),
      ...(place ? [] : [{ path: 'branch', message: 'validation.badValue' as const }]),
    ];
    if (issues.length > 0 || !professional || !place) throw badRequest(issues);
    return { professional, place };
  };

  /** One change with its audit row and notification, published after commit. */
  const write = async (
    auth: AuthContext,
    action: 'create' | 'update' | 'delete',
    info: MessageKey,
    before: Appointment | null,
    work: (tx: Executor) => Promise<AgendaAppointmentRow>,
  ): Promise<Appointment> => {
    const { row, notifications } = await db.transaction(async (tx) => {
      const changed = await work(tx);
      const after = action === 'delete' ? null : toAppointment(changed);
      await writeAuditLog(tx, auth, [
        {
          action,
          module: AGENDA_MODULE,
          recordId: changed.id,
          changes: auditChanges(before, after, AUDIT_IGNORED),
        },
      ]);
      const shown = action === 'delete' ? [{ id: changed.id }] : [changed];
      return {
        row: changed,
        notifications: await announcer.record(tx, auth.clientId, action, shown, info, auth.locale),
      };
    });
    announcer.publish(auth.clientId, notifications);
    return toAppointment(row);
  };

  return {
    async search(auth: AuthContext, body: SearchBody) {
      const query = buildSearchQuery(body, AGENDA_KEYS, {
        defaultSort: { key: 'meet_date', order: 'asc' },
      });
      const { rows, total } = await repo.search(auth.clientId, query);
      return { data: rows.map(toAppointment), pagination: query.pagination(total) };
    },

    async findOne(auth: AuthContext, id: string): Promise<Appointment> {
      return toAppointment(await load(auth, id));
    },

    /** A booking on the Standard agenda: the contact given, or found or created by phone. */
    async create(auth: AuthContext, input: CreateInput): Promise<Appointment> {
      const integration = await integrationOf(db, auth.clientId, input.integration_id);
      if (!integration) throw badRequest([{ path: 'integration_id', message: 'validation.badValue' }]);
      const config = assertStandard(integration);
      const { professional, place } = namesIn(config, input.specialist, input.branch);
      return write(auth, 'create', 'info.appointmentCreated', null, async (tx) => {
        let contact: { id: string; phone: string; name: string } | undefined;
        if (input.contact_id) {
          const found = isUuid(input.contact_id)
            ? await tx
                .select({ id: contacts.id, phone: contacts.phone, name: contacts.full_name })
                .from(contacts)
                .where(and(eq(contacts.client_id, auth.clientId), eq(contacts.id, input.contact_id)))
            : [];
          contact = found[0];
          if (!contact) throw badRequest([{ path: 'contact_id', message: 'validation.badValue' }]);
        } else {
          const phone = phoneDigits(input.phone ?? '');
          const name = input.name ?? '';
          const ids = await linkContacts(tx, auth.clientId, [{ phone, name }]);
          contact = { id: ids.get(phone) ?? '', phone, name };
        }
        return createAgendaRepository(tx).insert({
          client_id: auth.clientId,
          integration_id: integration.id,
          type: 'standard',
          contact_id: contact.id || null,
          patient_name: contact.name,
          phone: contact.phone,
          meet_date: new Date(input.meet_date),
          duration: input.duration ?? config.slot_minutes,
          specialist: professional.id,
          specialist_name: professional.name,
          branch: place.id,
          branch_name: place.name,
          specialty: input.specialty ?? professional.specialty ?? '',
          status: 'scheduled',
        });
      });
    },

    /** Moves, re-times, re-assigns or changes the status of a Standard appointment. */
    async update(auth: AuthContext, id: string, input: UpdateInput): Promise<Appointment> {
      const current = await load(auth, id);
      const config = assertStandard(await integrationOf(db, auth.clientId, current.integration_id));
      const patch: AppointmentPatch = {};
      if (input.specialist !== undefined || input.branch !== undefined) {
        const { professional, place } = namesIn(
          config,
          input.specialist ?? current.specialist,
          input.branch ?? current.branch,
        );
        Object.assign(patch, {
          specialist: professional.id,
          specialist_name: professional.name,
          branch: place.id,
          branch_name: place.name,
        });
      }
      if (input.meet_date !== undefined) patch.meet_date = new Date(input.meet_date);
      if (input.duration !== undefined) patch.duration = input.duration;
      if (input.status !== undefined) patch.status = input.status;
      return write(auth, 'update', 'info.appointmentUpdated', toAppointment(current), async (tx) => {
        const row = await createAgendaRepository(tx).update(auth.clientId, id, patch);
        if (!row) throw notFound();
        return row;
      });
    },

    async delete(auth: AuthContext, id: string): Promise<void> {
      const current = await load(auth, id);
      assertStandard(await integrationOf(db, auth.clientId, current.integration_id));
      await write(auth, 'delete', 'info.appointmentDeleted', toAppointment(current), async (tx) => {
        const row = await createAgendaRepository(tx).delete(auth.clientId, id);
        if (!row) throw notFound();
        return row;
      });
    },
  };
};

export type AgendaService = ReturnType<typeof createAgendaService>;
