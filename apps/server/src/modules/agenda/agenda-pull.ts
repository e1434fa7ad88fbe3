import {
  countryOfPhone,
  DEFAULTS,
  isSchedulingIntegrationType,
  phoneDigits,
  type SchedulingIntegrationType,
  splitFullName,
} from '@conversa/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { companyTimeZone } from '../../core/company-clock';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database, Executor } from '../../core/db/database';
import { type AgendaAppointmentRow, contacts, type IntegrationRow } from '../../core/db/schema';
import type { PulledAppointment, SchedulingRegistry } from '../../integrations/scheduling-adapter';
import { bindScheduling } from '../../integrations/scheduling-binding';
import { createContactsRepository } from '../contacts/contacts.repository';
import { openIntegrationConfig } from '../integrations/integrations.mapper';
import { createAgendaRepository } from './agenda.repository';
import type { AgendaAnnouncer } from './agenda-announcer';

/** Appointments are written in transactions of at most this many, so a 10,000-row pull keeps memory flat. */
const BATCH = 500;

export type ContactLink = { phone: string; name: string };

/**
 * An appointment's contact (API.md part 3 §2.2): the company's contact with the same phone, digits only,
 * or one created with the patient's name. Answers contact ids by phone digits; a row without a phone has
 * none.
 */
export const linkContacts = async (
  tx: Executor,
  clientId: string,
  patients: ContactLink[],
): Promise<Map<string, string>> => {
  const byPhone = new Map<string, string>();
  for (const patient of patients) {
    const phone = phoneDigits(patient.phone);
    if (phone !== '' && !byPhone.has(phone)) byPhone.set(phone, patient.name);
  }
  const ids = new Map<string, string>();
  if (byPhone.size === 0) return ids;
  const found = await tx
    .select({ id: contacts.id, phone: contacts.phone })
    .from(contacts)
    .where(and(eq(contacts.client_id, clientId), inArray(contacts.phone, [...byPhone.keys()])));
  for (const row of found) ids.set(row.phone, row.id);
  const contactsRepo = createContactsRepository(tx);
  for (const [phone, name] of byPhone) {
    if (ids.has(phone)) continue;
    const created = await contactsRepo.findOrCreateByPhone(clientId, {
      ...splitFullName(name || phone),
      phone,
      country: countryOfPhone(phone) ?? DEFAULTS.country,
    });
    ids.set(phone, created.id);
  }
  return ids;
};

type Deps = { db: Database; box: SecretBox; adapters: SchedulingRegistry; announcer: AgendaAnnouncer };

/**
 * Pulling a scheduling system into the agenda: the provider's appointments of a range, each created or
 * updated in place by its external id, linked to its contact, and announced when it changed.
 */
export const createAgendaPull = ({ db, box, adapters, announcer }: Deps) => {
  /** Writes pulled appointments; answers how many changed. */
  const apply = async (integration: IntegrationRow, pulled: PulledAppointment[]): Promise<number> => {
    const type = integration.type as SchedulingIntegrationType;
    let changed = 0;
    for (let start = 0; start < pulled.length; start += BATCH) {
      const batch = pulled.slice(start, start + BATCH);
      const { rows, notifications } = await db.transaction(async (tx) => {
        const contactOf = await linkContacts(
          tx,
          integration.client_id,
          batch.map((row) => ({ phone: row.phone, name: row.patientName })),
        );
        const repo = createAgendaRepository(tx);
        const written: AgendaAppointmentRow[] = [];
        for (const row of batch) {
          const phone = phoneDigits(row.phone);
          const stored = await repo.upsertPulled({
            client_id: integration.client_id,
            integration_id: integration.id,
            type,
            external_id: row.externalId,
            agenda_id: row.agendaId,
            account_id: row.accountId,
            treatment_id: row.treatmentId,
            contact_id: contactOf.get(phone) ?? null,
            patient_name: row.patientName,
            phone,
            meet_date: row.meetDate,
            duration: row.duration,
            specialist: row.specialist,
            specialist_name: row.specialistName,
            branch: row.branch,
            branch_name: row.branchName,
            specialty: row.specialty,
            status: row.status,
          });
          if (stored) written.push(stored);
        }
        const announced = await announcer.record(
          tx,
          integration.client_id,
          'update',
          written,
          'info.agendaSynced',
        );
        return { rows: written, notifications: announced };
      });
      announcer.publish(integration.client_id, notifications);
      changed += rows.length;
    }
    return changed;
  };

  return {
    apply,

    /**
     * Reads the days `from`..`to` of an integration's system into the agenda (nothing for the Standard
     * agenda, which is its own). Throws the adapter's SchedulingCallError when the provider refused or failed.
     */
    async pull(integration: IntegrationRow, range: { from: string; to: string }): Promise<number> {
      if (!isSchedulingIntegrationType(integration.type) || integration.type === 'standard') return 0;
      const config = openIntegrationConfig(box, integration.type, integration.config);
      const timeZone = await companyTimeZone(db, integration.client_id);
      const pulled = await bindScheduling(adapters, integration.type, config).pull(range, {
        integrationId: integration.id,
        timeZone,
      });
      return apply(integration, pulled);
    },
  };
};

export type AgendaPull = ReturnType<typeof createAgendaPull>;
