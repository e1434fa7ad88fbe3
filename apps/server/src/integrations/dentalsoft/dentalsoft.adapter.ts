import { addDays, type DentalsoftConfig } from '@conversa/domain';
import { z } from 'zod';
import type { PulledAppointment, SchedulingAdapter, SchedulingOptions } from '../scheduling-adapter';
import { createSchedulingHttp, readAnswer, type SchedulingRequest } from '../scheduling-http';
import { appointmentOf, blockSchema, fullName, professionalSchema } from './dentalsoft-agenda';
import { createDentalsoftTokens } from './dentalsoft-tokens';

const PROVIDER = 'Dentalsoft';
/** Dentalsoft's state machine for an appointment is these two verbs. */
const VERBS = { confirm: 'confirmar', cancel: 'cancelar' } as const;

/**
 * Dentalsoft (API.md part 3 §1.2): an OAuth2 client-credentials token per clinic, the agenda read per day
 * and per configured branch, durations in the clinic's blocks, answers written with `cambia_estado`.
 * Dentalsoft has no branch list: the catalog names a branch as the pulled rows did, else by its id.
 */
export const createDentalsoftAdapter = (options: SchedulingOptions): SchedulingAdapter<DentalsoftConfig> => {
  const http = createSchedulingHttp({
    provider: PROVIDER,
    baseUrl: options.dentalsoftApiUrl,
    timeoutMs: options.timeoutMs,
  });
  const tokens = createDentalsoftTokens({ http, now: options.now ?? Date.now });
  const branchNames = new Map<string, string>();

  /** A call with the cached token; one Dentalsoft no longer honours is dropped and the call made once more. */
  const authorized = async (config: DentalsoftConfig, path: string, request: SchedulingRequest = {}) => {
    for (let attempt = 1; ; attempt += 1) {
      const token = await tokens.accessToken(config);
      const answer = await http(path, {
        ...request,
        headers: { authorization: `Bearer ${token}` },
        accept: attempt === 1 ? [401] : [],
      });
      if (answer.status !== 401) return answer;
      tokens.forget(config, token);
    }
  };

  const branchKey = (config: DentalsoftConfig, branch: string) => `${config.clinic_id}:${branch}`;

  return {
    async check(config) {
      await tokens.renew(config);
      return config;
    },

    async catalog(config) {
      const answer = await authorized(config, '/profesional/listado');
      const professionals = readAnswer(
        z.array(professionalSchema),
        answer.json,
        PROVIDER,
        'professional list',
      );
      return {
        states: [],
        professionals: professionals.map((professional) => ({
          id: professional.id,
          name: fullName(professional.nombre, professional.apellido_paterno, professional.apellido_materno),
        })),
        branches: config.branch_ids.map((id) => ({
          id: String(id),
          name: branchNames.get(branchKey(config, String(id))) ?? `Sucursal ${id}`,
        })),
      };
    },

    async pull(config, range, context) {
      const block = readAnswer(
        blockSchema,
        (await authorized(config, '/agenda/bloque/largo')).json,
        PROVIDER,
        'block length',
      );
      const appointments: PulledAppointment[] = [];
      for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
        for (const branch of config.branch_ids) {
          const answer = await authorized(config, `/agenda/dia_sucursal/${day}/${branch}`);
          const rows = readAnswer(z.array(z.unknown()), answer.json, PROVIDER, 'agenda');
          for (const row of rows) {
            const appointment = appointmentOf(row, { blockMinutes: block.largo, timeZone: context.timeZone });
            if (!appointment) continue;
            if (appointment.branchName)
              branchNames.set(branchKey(config, appointment.branch), appointment.branchName);
            appointments.push(appointment);
          }
        }
      }
      return appointments;
    },

    async writeBack(config, target, answer) {
      const id = /^\d+$/.test(target.externalId) ? Number(target.externalId) : target.externalId;
      await authorized(config, '/agenda/cita/cambia_estado', {
        method: 'PUT',
        json: { id, estado: VERBS[answer] },
      });
      return true;
    },
  };
};
