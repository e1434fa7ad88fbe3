import { randomBytes } from 'node:crypto';
import { type FakeAnswer, type FakeServer, startFakeServer } from './fake-server';

export type FakeDentalsoftPatient = {
  id: number;
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  celular: string;
  email?: string;
};
export type FakeDentalsoftProfessional = {
  id: number;
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
};
export type FakeDentalsoftBranch = { id: number; nombre: string };

/** An appointment to serve; the fake fills in the names and the room. */
export type FakeDentalsoftCitaInput = {
  id: number;
  fecha: string;
  inicio: string;
  bloques: number;
  /** "Confirmada", "Anulada", "Cancelada", "No confirmada" (the default)… */
  estado_texto?: string;
  id_profesional: number;
  id_sucursal: number;
  id_sala?: number;
  paciente: FakeDentalsoftPatient;
};

export type FakeDentalsoftOptions = {
  clientId: string;
  clientSecret: string;
  clinicId: number;
  /** Seconds a token lasts (default 3600). */
  expiresIn?: number;
  /** The clinic's block length in minutes (default 15). */
  blockMinutes?: number;
  professionals?: FakeDentalsoftProfessional[];
  branches?: FakeDentalsoftBranch[];
  citas?: FakeDentalsoftCitaInput[];
};

export type FakeDentalsoftStateChange = { id: unknown; estado: string; authorization: string | undefined };

export type FakeDentalsoft = FakeServer & {
  /** The base URL (DENTALSOFT_API_URL). */
  apiUrl: string;
  /** Access tokens handed out so far. */
  tokensIssued: () => number;
  /** The accepted `cambia_estado` calls, in order. */
  stateChanges: () => FakeDentalsoftStateChange[];
  /** The rows of the agenda as Dentalsoft now answers them. */
  citas: () => Record<string, unknown>[];
  /** Moves the fake's clock (its tokens' expiry) forward. */
  advance: (ms: number) => void;
  /** Every token issued so far stops working (401), as when Dentalsoft restarts. */
  revokeTokens: () => void;
  /** The next `count` requests whose path matches answer `status` (429 with Retry-After 1, 500…). */
  failNext: (status: number, count?: number, path?: RegExp) => void;
};

const DEFAULT_PROFESSIONALS: FakeDentalsoftProfessional[] = [
  { id: 12345678, nombre: 'Camila', apellido_paterno: 'Fuentes', apellido_materno: 'Lagos' },
];
const DEFAULT_BRANCHES: FakeDentalsoftBranch[] = [
  { id: 1, nombre: 'Casa Matriz' },
  { id: 2, nombre: 'Viña del Mar' },
];
const STATES = { confirmar: 'Confirmada', cancelar: 'Anulada' } as const;
const PREFIX = '/external';

const refused = (status: number, error: string, description: string): FakeAnswer => ({
  status,
  json: { error, error_description: description },
});

/**
 * Dentalsoft's external API as the integration uses it, under `/external`: `POST /access_token` (form,
 * client credentials, the clinic as `scope`) answering `{ token_type, expires_in, access_token }` or 401
 * `invalid_client` / 400 `invalid_scope`; then with `Authorization: Bearer` (401 when unknown or
 * expired): `GET /agenda/bloque/largo`, `/profesional/listado`, `/agenda/dia_sucursal/{AAAA-MM-DD}/{branch}`
 * (the row of API.md part 3 §1.2) and `PUT /agenda/cita/cambia_estado { id, estado }`.
 */
export const startFakeDentalsoft = async (options: FakeDentalsoftOptions): Promise<FakeDentalsoft> => {
  const expiresIn = options.expiresIn ?? 3600;
  const professionals = options.professionals ?? DEFAULT_PROFESSIONALS;
  const branches = options.branches ?? DEFAULT_BRANCHES;
  const citas = new Map((options.citas ?? []).map((input) => [input.id, { ...input }]));
  const tokens = new Map<string, number>();
  const changes: FakeDentalsoftStateChange[] = [];
  let issued = 0;
  let offset = 0;
  const now = () => Date.now() + offset;

  const rowOf = (cita: FakeDentalsoftCitaInput): Record<string, unknown> => {
    const professional = professionals.find((entry) => entry.id === cita.id_profesional);
    const estadoTexto = cita.estado_texto ?? 'No confirmada';
    const sala = cita.id_sala ?? 1;
    return {
      id: cita.id,
      fecha: cita.fecha,
      inicio: cita.inicio,
      bloques: cita.bloques,
      estado: estadoTexto === 'Confirmada' ? 2 : estadoTexto === 'No confirmada' ? 1 : 3,
      estado_texto: estadoTexto,
      confirmable: estadoTexto === 'No confirmada',
      id_paciente: cita.paciente.id,
      id_profesional: cita.id_profesional,
      nombre_profesional: professional
        ? `${professional.nombre} ${professional.apellido_paterno} ${professional.apellido_materno}`
        : '',
      id_sucursal: cita.id_sucursal,
      nombre_sucursal: branches.find((entry) => entry.id === cita.id_sucursal)?.nombre ?? '',
      id_sala: sala,
      sala: { id: sala, nombre: `Box ${sala}` },
      paciente: { email: '', ...cita.paciente },
    };
  };

  const token = (raw: Buffer): FakeAnswer => {
    const form = new URLSearchParams(raw.toString('utf8'));
    if (form.get('grant_type') !== 'client_credentials') {
      return refused(400, 'unsupported_grant_type', 'The authorization grant type is not supported.');
    }
    if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) {
      return refused(401, 'invalid_client', 'Client authentication failed');
    }
    if (form.get('scope') !== String(options.clinicId)) {
      return refused(400, 'invalid_scope', 'The requested scope is invalid, unknown, or malformed');
    }
    issued += 1;
    const accessToken = `eyJ0eXAiOiJKV1Qi.${randomBytes(16).toString('hex')}`;
    tokens.set(accessToken, now() + expiresIn * 1000);
    return { json: { token_type: 'Bearer', expires_in: expiresIn, access_token: accessToken } };
  };

  const server = await startFakeServer((request) => {
    if (!request.path.startsWith(PREFIX)) return { status: 404, json: { message: 'Not Found' } };
    const path = request.path.slice(PREFIX.length);
    if (request.method === 'POST' && path === '/access_token') return token(request.raw);
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const expiresAt = tokens.get(bearer);
    if (!expiresAt || expiresAt <= now()) {
      return {
        status: 401,
        json: {
          error: 'access_denied',
          message: 'The resource owner or authorization server denied the request.',
        },
      };
    }
    if (request.method === 'GET' && path === '/agenda/bloque/largo') {
      return { json: { largo: options.blockMinutes ?? 15, unidad: 'minuto' } };
    }
    if (request.method === 'GET' && path === '/profesional/listado') return { json: professionals };
    const day = /^\/agenda\/dia_sucursal\/(\d{4}-\d{2}-\d{2})\/(\d+)$/.exec(path);
    if (request.method === 'GET' && day) {
      const rows = [...citas.values()].filter(
        (cita) => cita.fecha === day[1] && cita.id_sucursal === Number(day[2]),
      );
      return { json: rows.map(rowOf) };
    }
    if (request.method === 'PUT' && path === '/agenda/cita/cambia_estado') {
      const estado = request.json.estado;
      if (estado !== 'confirmar' && estado !== 'cancelar') {
        return { status: 400, json: { message: 'estado debe ser confirmar o cancelar' } };
      }
      const cita = citas.get(Number(request.json.id));
      if (!cita) return { status: 404, json: { message: 'La cita no existe' } };
      cita.estado_texto = STATES[estado];
      changes.push({ id: request.json.id, estado, authorization: request.headers.authorization });
      return { json: { id: cita.id, estado_texto: cita.estado_texto } };
    }
    return { status: 404, json: { message: 'Not Found' } };
  });

  return {
    ...server,
    apiUrl: `${server.url}${PREFIX}`,
    tokensIssued: () => issued,
    stateChanges: () => [...changes],
    citas: () => [...citas.values()].map(rowOf),
    advance: (ms) => {
      offset += ms;
    },
    revokeTokens: () => tokens.clear(),
    failNext: (status, count = 1, path = /./) =>
      server.script(
        path,
        Array.from({ length: count }, () => ({
          status,
          json: { message: status === 429 ? 'Too Many Requests' : 'Internal Server Error' },
          ...(status === 429 ? { headers: { 'retry-after': '1' } } : {}),
        })),
      ),
  };
};
