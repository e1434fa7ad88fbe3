import { phoneDigits } from '@conversa/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/database';
import { type IntegrationRow, integrations } from '../../core/db/schema';
import type { CalendlyDelivery } from '../../integrations/calendly/calendly-webhook';
import type { PulledAppointment } from '../../integrations/scheduling-adapter';
import { createAgendaRepository } from './agenda.repository';
import type { AgendaAnnouncer } from './agenda-announcer';
import type { AgendaPull } from './agenda-pull';
import { linkContacts } from './agenda-pull';

type Deps = { db: Database; pull: AgendaPull; announcer: AgendaAnnouncer };

/**
 * What Calendly's deliveries do to the agenda (API.md part 3 §5). A reschedule comes as two deliveries in
 * either order: the new invitee's `invitee.created` (naming `old_invitee`) moves the old appointment onto
 * the new invitee; the old invitee's `invitee.canceled` with `rescheduled` changes nothing, so the result
 * is one appointment, moved, whatever arrives first. A repeated delivery finds nothing left to change, and a
 * late retry of the old invitee's own creation finds it among the appointment's former ids.
 */
export const createCalendlyDeliveries = ({ db, pull, announcer }: Deps) => {
  const moveOld = moveOldWith(db, announcer);
  return {
    async integration(id: string): Promise<IntegrationRow | undefined> {
      const rows = await db
        .select()
        .from(integrations)
        .where(and(eq(integrations.id, id), eq(integrations.type, 'calendly')));
      return rows[0];
    },

    async apply(
      integration: IntegrationRow,
      delivery: CalendlyDelivery,
      appointment: PulledAppointment,
    ): Promise<void> {
      const clientId = integration.client_id;
      if (delivery.event === 'invitee.canceled') {
        if (delivery.rescheduled) return;
        await pull.apply(integration, [{ ...appointment, status: 'cancelled' }]);
        // A cancelled appointment's confirmation request stops waiting for an answer.
        await db.execute(sql`update confirmation_rows set state = 'cancelled', writeback = 'none'
        where client_id = ${clientId} and state = 'sent' and agenda_id in (
          select id from agenda_appointments where integration_id = ${integration.id}
            and external_id = ${appointment.externalId})`);
        return;
      }
      if (delivery.oldInvitee) await moveOld(integration, delivery.oldInvitee, appointment);
      // A late retry of a rescheduled invitee's own creation: its appointment lives on under the new one.
      const repo = createAgendaRepository(db);
      if (await repo.isFormerExternalId(clientId, integration.id, appointment.externalId)) return;
      await pull.apply(integration, [appointment]);
    },
  };
};

export type CalendlyDeliveries = ReturnType<typeof createCalendlyDeliveries>;

/** The old invitee's appointment becomes the new invitee's (same record); a copy of the new one made meanwhile goes. */
const moveOldWith =
  (db: Database, announcer: AgendaAnnouncer) =>
  async (integration: IntegrationRow, oldInvitee: string, appointment: PulledAppointment) => {
    const clientId = integration.client_id;
    const notifications = await db.transaction(async (tx) => {
      const repo = createAgendaRepository(tx);
      const old = await repo.findByExternalId(clientId, integration.id, oldInvitee);
      if (!old) return [];
      const copy = await repo.findByExternalId(clientId, integration.id, appointment.externalId);
      if (copy) await repo.delete(clientId, copy.id);
      const phone = phoneDigits(appointment.phone);
      const contactOf = await linkContacts(tx, clientId, [{ phone, name: appointment.patientName }]);
      const moved = await repo.update(clientId, old.id, {
        external_id: appointment.externalId,
        former_external_ids: [...old.former_external_ids, old.external_id],
        agenda_id: appointment.agendaId,
        meet_date: appointment.meetDate,
        duration: appointment.duration,
        patient_name: appointment.patientName,
        phone,
        contact_id: contactOf.get(phone) ?? old.contact_id,
        status: 'scheduled',
      });
      return [
        ...(copy
          ? await announcer.record(tx, clientId, 'delete', [{ id: copy.id }], 'info.appointmentDeleted')
          : []),
        ...(moved ? await announcer.record(tx, clientId, 'update', [moved], 'info.appointmentUpdated') : []),
      ];
    });
    announcer.publish(clientId, notifications);
  };
