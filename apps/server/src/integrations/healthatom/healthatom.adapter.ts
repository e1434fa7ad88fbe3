import type { DentalinkConfig, MedilinkConfig } from '@conversa/domain';
import type { ZodType } from 'zod';
import {
  type PulledAppointment,
  type SchedulingAdapter,
  SchedulingCallError,
  type SchedulingConfigs,
  type SchedulingOptions,
} from '../scheduling-adapter';
import { createSchedulingHttp, followPages, readAnswer, type SchedulingHttp } from '../scheduling-http';
import {
  appointmentOf,
  branchSchema,
  type HealthatomKind,
  type HealthatomState,
  pageSchema,
  patientSchema,
  professionalSchema,
  readCita,
  stateSchema,
  statusOf,
} from './healthatom-records';

/** Either vendor's settings; only Medilink has `api_version`. */
type HealthatomConfig = DentalinkConfig & Partial<Pick<MedilinkConfig, 'api_version'>>;

/** What the clinic's staff read on the appointment after a patient's answer. */
const COMMENTS = { confirm: 'Confirmada por WhatsApp', cancel: 'Anulada por WhatsApp' } as const;

const PROVIDER_NAMES: Record<HealthatomKind, string> = { dentalink: 'Dentalink', medilink: 'Medilink' };

/**
 * Dentalink and Medilink (Healthatom's one API, API.md part 3 §1.2): `Authorization: Token`, lists paged by
 * `links.next`, the account's own state ids checked and used, and the patient's phone read once per pull.
 * Medilink names the professionals `/profesionales` and the write-back's comment `comentario`; its v5
 * accounts live at MEDILINK_V5_API_URL.
 */
export const createHealthatomAdapter = <K extends HealthatomKind>(
  kind: K,
  options: SchedulingOptions,
): SchedulingAdapter<SchedulingConfigs[K]> => {
  const provider = PROVIDER_NAMES[kind];
  const professionalsPath = kind === 'dentalink' ? '/dentistas' : '/profesionales';
  const commentField = kind === 'dentalink' ? 'comentarios' : 'comentario';

  const httpOf = (config: HealthatomConfig): SchedulingHttp => {
    const baseUrl =
      kind === 'dentalink'
        ? options.dentalinkApiUrl
        : config.api_version === 'v5'
          ? options.medilinkV5ApiUrl
          : options.medilinkApiUrl;
    const http = createSchedulingHttp({ provider, baseUrl, timeoutMs: options.timeoutMs });
    const headers = { authorization: `Token ${config.api_token}` };
    return (target, request = {}) =>
      http(target, { ...request, headers: { ...request.headers, ...headers } });
  };

  const list = <T>(http: SchedulingHttp, path: string, schema: ZodType<T>, what: string): Promise<T[]> =>
    followPages(path, async (target) => {
      const page = readAnswer(pageSchema, (await http(target)).json, provider, what);
      return {
        items: page.data.map((row) => readAnswer(schema, row, provider, what)),
        next: page.links?.next,
      };
    });

  const states = (http: SchedulingHttp) => list(http, '/citas/estados', stateSchema, 'state list');

  /** The configured state ids must be the account's: confirmed a plain state, cancelled a cancellation. */
  const checkStates = (config: HealthatomConfig, known: HealthatomState[]) => {
    const find = (id: number) => known.find((state) => state.id === String(id));
    if (find(config.confirmed_state_id)?.anulacion !== false) {
      throw new SchedulingCallError(
        `the ${provider} account has no state ${config.confirmed_state_id} that is not a cancellation`,
        false,
        { field: 'config.confirmed_state_id' },
      );
    }
    if (find(config.cancelled_state_id)?.anulacion !== true) {
      throw new SchedulingCallError(
        `the ${provider} account has no cancellation state ${config.cancelled_state_id}`,
        false,
        { field: 'config.cancelled_state_id' },
      );
    }
  };

  /** The patient's phone: `celular`, else `telefono`; '' for a patient the system no longer has. */
  const phoneOf = async (http: SchedulingHttp, patientId: string): Promise<string> => {
    if (!patientId) return '';
    const answer = await http(`/pacientes/${encodeURIComponent(patientId)}`, { accept: [404] });
    if (answer.status === 404) return '';
    const patient = readAnswer(patientSchema, answer.json, provider, 'patient').data;
    return patient.celular || patient.telefono;
  };

  const adapter = {
    async check<C extends HealthatomConfig>(config: C): Promise<C> {
      checkStates(config, await states(httpOf(config)));
      return config;
    },

    async catalog(config: HealthatomConfig) {
      const http = httpOf(config);
      const known = await states(http);
      const professionals = await list(http, professionalsPath, professionalSchema, 'professional list');
      const branches = await list(http, '/sucursales', branchSchema, 'branch list');
      return {
        states: known.map((state) => ({ id: state.id, name: state.nombre, cancellation: state.anulacion })),
        professionals: professionals.map((professional) => ({
          id: professional.id,
          name: [professional.nombre, professional.apellidos].filter(Boolean).join(' '),
        })),
        branches: branches.map((branch) => ({ id: branch.id, name: branch.nombre })),
      };
    },

    async pull(
      config: HealthatomConfig,
      range: { from: string; to: string },
      context: { timeZone: string },
    ): Promise<PulledAppointment[]> {
      const http = httpOf(config);
      const cancellationStates = new Set(
        (await states(http)).filter((state) => state.anulacion).map((state) => state.id),
      );
      const query = encodeURI(JSON.stringify({ fecha: [{ gte: range.from }, { lte: range.to }] }));
      const rows = await followPages(`/citas?q=${query}`, async (target) => {
        const page = readAnswer(pageSchema, (await http(target)).json, provider, 'appointment list');
        return { items: page.data, next: page.links?.next };
      });
      const branches = new Set(config.branch_ids.map(String));
      const phones = new Map<string, string>();
      const appointments: PulledAppointment[] = [];
      // One at a time: the vendor's rate limit is undocumented, and integrators keep to about 20 a minute.
      for (const row of rows) {
        const cita = readCita(row);
        if (!cita || (branches.size > 0 && !branches.has(cita.id_sucursal))) continue;
        let phone = phones.get(cita.id_paciente);
        if (phone === undefined) {
          phone = await phoneOf(http, cita.id_paciente);
          phones.set(cita.id_paciente, phone);
        }
        const status = statusOf(cita.id_estado, config.confirmed_state_id, cancellationStates);
        appointments.push(appointmentOf(kind, cita, { phone, status, timeZone: context.timeZone }));
      }
      return appointments;
    },

    async writeBack(config: HealthatomConfig, target: { externalId: string }, answer: 'confirm' | 'cancel') {
      await httpOf(config)(`/citas/${encodeURIComponent(target.externalId)}`, {
        method: 'PUT',
        json: {
          id_estado: answer === 'confirm' ? config.confirmed_state_id : config.cancelled_state_id,
          [commentField]: COMMENTS[answer],
        },
      });
      return true;
    },
  };
  return adapter;
};
