import { type FakeAnswer, type FakeServer, type ReceivedRequest, startFakeServer } from './fake-server';

export type HealthatomFakeKind = 'dentalink' | 'medilink';
export type FakeHealthatomState = { id: number; nombre: string; anulacion: 0 | 1 };
export type FakeHealthatomProfessional = { id: number; nombre: string; apellidos: string };
export type FakeHealthatomBranch = { id: number; nombre: string };
export type FakeHealthatomPatient = {
  id: number;
  nombre: string;
  apellidos: string;
  celular: string;
  telefono: string;
};

/** An appointment to serve; the fake fills in the names and the vendor's own field names. */
export type FakeCitaInput = {
  id: number;
  id_paciente: number;
  /** As the account answers it: `AAAA-MM-DD` or `DD/MM/AAAA`. */
  fecha: string;
  /** `HH:MM` or `HH:MM:SS`. */
  hora_inicio: string;
  duracion?: number;
  id_estado?: number;
  id_profesional: number;
  id_sucursal: number;
  id_tratamiento?: number;
  id_sillon?: number;
};

export type FakeHealthatomOptions = {
  kind: HealthatomFakeKind;
  token: string;
  states?: FakeHealthatomState[];
  professionals?: FakeHealthatomProfessional[];
  branches?: FakeHealthatomBranch[];
  patients?: FakeHealthatomPatient[];
  citas?: FakeCitaInput[];
  /** Rows per page of every list; small, so a client that ignores `links.next` misses some. */
  pageSize?: number;
};

export type FakeHealthatomUpdate = { id: string; body: Record<string, unknown> };

export type FakeHealthatom = FakeServer & {
  /** The v1 base URL (DENTALINK_API_URL, MEDILINK_API_URL). */
  apiUrl: string;
  /** The v5 base URL (MEDILINK_V5_API_URL); the same data. */
  v5ApiUrl: string;
  /** The citas as the vendor now answers them (a write-back changes `id_estado`). */
  citas: () => Record<string, unknown>[];
  /** The PUTs to /citas/{id} accepted, in order. */
  updates: () => FakeHealthatomUpdate[];
  /** How many times each patient was read. */
  patientReads: (patientId: number) => number;
  /** The next `count` requests whose path matches answer `status` (401, 429 with Retry-After 1, 500…). */
  failNext: (status: number, count?: number, path?: RegExp) => void;
};

export const FAKE_HEALTHATOM_STATES: FakeHealthatomState[] = [
  { id: 7, nombre: 'No confirmado', anulacion: 0 },
  { id: 3, nombre: 'Confirmado', anulacion: 0 },
  { id: 12, nombre: 'Confirmado por WhatsApp', anulacion: 0 },
  { id: 1, nombre: 'Anulado', anulacion: 1 },
  { id: 15, nombre: 'Anulado vía WhatsApp', anulacion: 1 },
];

const DEFAULT_PROFESSIONALS: FakeHealthatomProfessional[] = [
  { id: 1, nombre: 'Ana', apellidos: 'Rojas Soto' },
  { id: 2, nombre: 'Pedro', apellidos: 'Muñoz' },
];
const DEFAULT_BRANCHES: FakeHealthatomBranch[] = [
  { id: 1, nombre: 'Providencia' },
  { id: 2, nombre: 'Ñuñoa' },
];

const dayOf = (fecha: string) => {
  const slashed = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(fecha);
  return slashed ? `${slashed[3]}-${slashed[2]}-${slashed[1]}` : fecha.slice(0, 10);
};

const error = (status: number, message: string): FakeAnswer => ({
  status,
  json: { error: { code: status, message } },
});

/** `{"fecha":[{"gte":…},{"lte":…}]}`: each condition on the day, `eq neq gt gte lt lte` as Healthatom reads them. */
const matchesQuery = (day: string, query: Record<string, unknown>): boolean => {
  const conditions = query.fecha === undefined ? [] : [query.fecha].flat();
  return conditions.every((condition) =>
    Object.entries(condition as Record<string, string>).every(([operator, value]) => {
      const wanted = dayOf(value);
      if (operator === 'eq') return day === wanted;
      if (operator === 'neq') return day !== wanted;
      if (operator === 'gt') return day > wanted;
      if (operator === 'gte') return day >= wanted;
      if (operator === 'lt') return day < wanted;
      return operator === 'lte' ? day <= wanted : false;
    }),
  );
};

/**
 * Dentalink or Medilink (Healthatom) as the integration uses it, under `/api/v1` and `/api/v5`:
 * `Authorization: Token <token>` on every call (401 otherwise); `GET /citas/estados`, `/dentistas`
 * (Dentalink) or `/profesionales` (Medilink), `/sucursales`, `/citas?q=<JSON>` (fecha conditions), each
 * paged `{ data, links: { current, next, prev } }` with full URLs; `GET /pacientes/{id}`; `PUT /citas/{id}
 * { id_estado, comentarios | comentario }`. Citas carry the vendor's own field names.
 */
export const startFakeHealthatom = async (options: FakeHealthatomOptions): Promise<FakeHealthatom> => {
  const { kind } = options;
  const pageSize = options.pageSize ?? 2;
  const states = options.states ?? FAKE_HEALTHATOM_STATES;
  const professionals = options.professionals ?? DEFAULT_PROFESSIONALS;
  const branches = options.branches ?? DEFAULT_BRANCHES;
  const patients = options.patients ?? [];
  const citas = new Map((options.citas ?? []).map((input) => [String(input.id), { ...input }]));
  const updates: FakeHealthatomUpdate[] = [];
  const reads = new Map<number, number>();

  const rowOf = (cita: FakeCitaInput): Record<string, unknown> => {
    const state = states.find((entry) => entry.id === (cita.id_estado ?? 7));
    const professional = professionals.find((entry) => entry.id === cita.id_profesional);
    const patient = patients.find((entry) => entry.id === cita.id_paciente);
    const [hours = 0, minutes = 0] = cita.hora_inicio.split(':').map(Number);
    const end = hours * 60 + minutes + (cita.duracion ?? 30);
    const professionalName = professional ? `${professional.nombre} ${professional.apellidos}` : '';
    const common = {
      id: cita.id,
      id_paciente: cita.id_paciente,
      nombre_paciente: patient ? `${patient.nombre} ${patient.apellidos}` : '',
      id_estado: cita.id_estado ?? 7,
      estado_cita: state?.nombre ?? '',
      estado_anulacion: state?.anulacion ?? 0,
      fecha: cita.fecha,
      hora_inicio: cita.hora_inicio,
      hora_fin: `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}:00`,
      duracion: cita.duracion ?? 30,
      id_sucursal: cita.id_sucursal,
      nombre_sucursal: branches.find((entry) => entry.id === cita.id_sucursal)?.nombre ?? '',
      comentarios: '',
      fecha_actualizacion: '2026-01-01 10:00:00',
    };
    return kind === 'dentalink'
      ? {
          ...common,
          id_dentista: cita.id_profesional,
          nombre_dentista: professionalName,
          id_tratamiento: cita.id_tratamiento ?? 0,
          id_sillon: cita.id_sillon ?? 1,
        }
      : {
          ...common,
          id_profesional: cita.id_profesional,
          nombre_profesional: professionalName,
          id_atencion: cita.id_tratamiento ?? 0,
        };
  };

  const page = (request: ReceivedRequest, baseUrl: string, rows: unknown[]): FakeAnswer => {
    const number = Number(request.query.get('page') ?? '1');
    const linkTo = (target: number) => {
      if (target < 1 || (target - 1) * pageSize >= rows.length) return null;
      const query = new URLSearchParams(request.query);
      query.set('page', String(target));
      return `${baseUrl}${request.path}?${query.toString()}`;
    };
    return {
      json: {
        data: rows.slice((number - 1) * pageSize, number * pageSize),
        links: { current: linkTo(number), next: linkTo(number + 1), prev: linkTo(number - 1) },
      },
    };
  };

  const server = await startFakeServer((request, baseUrl) => {
    const version = /^\/api\/v[15]/.exec(request.path)?.[0];
    if (!version) return error(404, 'Not found');
    if (request.headers.authorization !== `Token ${options.token}`) return error(401, 'Unauthorized');
    const path = request.path.slice(version.length);
    const list = (rows: unknown[]) => page(request, baseUrl, rows);
    if (request.method === 'GET') {
      if (path === '/citas/estados') return list(states);
      if (path === (kind === 'dentalink' ? '/dentistas' : '/profesionales')) return list(professionals);
      if (path === '/sucursales') return list(branches);
      if (path === '/citas') {
        let query: Record<string, unknown>;
        try {
          query = JSON.parse(request.query.get('q') ?? '{}') as Record<string, unknown>;
        } catch {
          return error(400, 'El parámetro q no es un JSON válido');
        }
        const rows = [...citas.values()].filter((cita) => matchesQuery(dayOf(cita.fecha), query));
        return list(rows.map(rowOf));
      }
      const patientId = Number(/^\/pacientes\/(\d+)$/.exec(path)?.[1]);
      const patient = patients.find((entry) => entry.id === patientId);
      if (patient) {
        reads.set(patientId, (reads.get(patientId) ?? 0) + 1);
        return { json: { data: { ...patient, rut: '', email: '' } } };
      }
      return error(404, 'No encontrado');
    }
    const update = /^\/citas\/(\d+)$/.exec(path);
    if (request.method === 'PUT' && update) {
      const cita = citas.get(update[1] as string);
      if (!cita) return error(404, 'La cita no existe');
      const stateId = Number(request.json.id_estado);
      if (!states.some((state) => state.id === stateId)) return error(400, 'El estado no existe');
      cita.id_estado = stateId;
      updates.push({ id: update[1] as string, body: request.json });
      return { json: { data: rowOf(cita) } };
    }
    return error(404, 'Not found');
  });

  return {
    ...server,
    apiUrl: `${server.url}/api/v1`,
    v5ApiUrl: `${server.url}/api/v5`,
    citas: () => [...citas.values()].map(rowOf),
    updates: () => [...updates],
    patientReads: (patientId) => reads.get(patientId) ?? 0,
    failNext: (status, count = 1, path = /./) =>
      server.script(
        path,
        Array.from({ length: count }, () => ({
          ...error(status, status === 429 ? 'Too Many Requests' : 'Error'),
          ...(status === 429 ? { headers: { 'retry-after': '1' } } : {}),
        })),
      ),
  };
};
