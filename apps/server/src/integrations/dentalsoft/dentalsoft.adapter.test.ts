import type { DentalsoftConfig } from '@conversa/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeDentalsoft, startFakeDentalsoft } from '../../test/fakes/fake-dentalsoft';
import { SchedulingCallError } from '../scheduling-adapter';
import { createDentalsoftAdapter } from './dentalsoft.adapter';

const CREDENTIALS = { clientId: 'conversa-client', clientSecret: 'dentalsoft-secret-9876', clinicId: 77 };
const CONTEXT = { integrationId: 'integration-1', timeZone: 'America/Santiago' };
const EXPIRES_IN_SECONDS = 600;

const patient = (id: number, nombre: string, celular: string) => ({
  id,
  nombre,
  apellido_paterno: 'Vera',
  apellido_materno: 'Ruiz',
  celular,
});

let fake: FakeDentalsoft;
let clock = Date.now();

beforeAll(async () => {
  fake = await startFakeDentalsoft({
    ...CREDENTIALS,
    expiresIn: EXPIRES_IN_SECONDS,
    blockMinutes: 15,
    citas: [
      {
        id: 101,
        fecha: '2026-03-10',
        inicio: '09:30',
        bloques: 3,
        id_profesional: 12345678,
        id_sucursal: 1,
        id_sala: 4,
        paciente: patient(9001, 'Marta', '+56 9 8888 7777'),
      },
      {
        id: 102,
        fecha: '2026-03-10',
        inicio: '10:00',
        bloques: 2,
        estado_texto: 'Confirmada',
        id_profesional: 12345678,
        id_sucursal: 2,
        paciente: patient(9002, 'Jorge', ''),
      },
      {
        id: 103,
        fecha: '2026-03-11',
        inicio: '11:00',
        bloques: 1,
        estado_texto: 'Anulada',
        id_profesional: 12345678,
        id_sucursal: 1,
        paciente: patient(9001, 'Marta', '+56 9 8888 7777'),
      },
      {
        id: 104,
        fecha: '2026-03-11',
        inicio: '12:15',
        bloques: 4,
        estado_texto: 'Cancelada',
        id_profesional: 12345678,
        id_sucursal: 2,
        paciente: patient(9003, 'Inés', '56977776666'),
      },
      {
        id: 105,
        fecha: '2026-03-11',
        inicio: '13:00',
        bloques: 2,
        id_profesional: 12345678,
        id_sucursal: 3,
        paciente: patient(9004, 'Otra', ''),
      },
      {
        id: 106,
        fecha: '2026-03-12',
        inicio: '09:00',
        bloques: 2,
        id_profesional: 12345678,
        id_sucursal: 1,
        paciente: patient(9005, 'Luego', ''),
      },
    ],
  });
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  clock = Date.now();
});

const advance = (ms: number) => {
  clock += ms;
  fake.advance(ms);
};

const adapter = () =>
  createDentalsoftAdapter({
    dentalinkApiUrl: 'http://127.0.0.1:1',
    medilinkApiUrl: 'http://127.0.0.1:1',
    medilinkV5ApiUrl: 'http://127.0.0.1:1',
    dentalsoftApiUrl: fake.apiUrl,
    calendlyApiUrl: 'http://127.0.0.1:1',
    publicUrl: 'http://127.0.0.1:1',
    timeoutMs: 2000,
    now: () => clock,
  });

const config = (overrides: Partial<DentalsoftConfig> = {}): DentalsoftConfig => ({
  client_id: CREDENTIALS.clientId,
  client_secret: CREDENTIALS.clientSecret,
  clinic_id: CREDENTIALS.clinicId,
  branch_ids: [1, 2],
  ...overrides,
});

const failureOf = async (work: Promise<unknown>): Promise<SchedulingCallError> => {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SchedulingCallError);
  return error as SchedulingCallError;
};

const RANGE = { from: '2026-03-10', to: '2026-03-11' };

describe('Dentalsoft adapter', () => {
  it('asks for a token with the client credentials and the clinic as scope, and keeps it until shortly before it expires', async () => {
    const dentalsoft = adapter();
    const before = fake.tokensIssued();
    expect(await dentalsoft.check(config(), CONTEXT)).toEqual(config());
    const form = new URLSearchParams(
      fake
        .received((request) => request.path === '/external/access_token')
        .at(-1)
        ?.raw.toString(),
    );
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'client_credentials',
      client_id: CREDENTIALS.clientId,
      client_secret: CREDENTIALS.clientSecret,
      scope: '77',
    });
    await dentalsoft.pull(config(), RANGE, CONTEXT);
    advance((EXPIRES_IN_SECONDS - 70) * 1000);
    await dentalsoft.catalog(config());
    expect(fake.tokensIssued() - before).toBe(1);
    // Less than a minute before it expires, the token is renewed before the call leaves.
    advance(20_000);
    await dentalsoft.catalog(config());
    expect(fake.tokensIssued() - before).toBe(2);
    advance(EXPIRES_IN_SECONDS * 1000);
    await dentalsoft.catalog(config());
    expect(fake.tokensIssued() - before).toBe(3);
  });

  it('asks for one token when several calls need one at the same time', async () => {
    const dentalsoft = adapter();
    const before = fake.tokensIssued();
    await Promise.all([
      ...Array.from({ length: 5 }, () => dentalsoft.catalog(config())),
      dentalsoft.pull(config(), RANGE, CONTEXT),
    ]);
    expect(fake.tokensIssued() - before).toBe(1);
  });

  it('says refused credentials are refused, not worth retrying', async () => {
    const wrongSecret = await failureOf(adapter().check(config({ client_secret: 'wrong' }), CONTEXT));
    expect(wrongSecret.isRetryable).toBe(false);
    expect(wrongSecret.message).toMatch(/refused the credentials \(401: invalid_client/);
    const otherClinic = await failureOf(adapter().check(config({ clinic_id: 78 }), CONTEXT));
    expect(otherClinic.isRetryable).toBe(false);
    expect(otherClinic.message).toMatch(/invalid_scope/);
    const pull = await failureOf(adapter().pull(config({ client_secret: 'wrong' }), RANGE, CONTEXT));
    expect(pull.isRetryable).toBe(false);
  });

  it('drops a token Dentalsoft no longer honours and takes a new one once', async () => {
    const dentalsoft = adapter();
    await dentalsoft.catalog(config());
    const before = fake.tokensIssued();
    fake.revokeTokens();
    expect(await dentalsoft.pull(config(), RANGE, CONTEXT)).toHaveLength(4);
    expect(fake.tokensIssued() - before).toBe(1);
  });

  it('pulls each day of each configured branch, durations in the clinic blocks', async () => {
    const seen = fake.requests.length;
    const pulled = await adapter().pull(config(), RANGE, CONTEXT);
    const reads = fake.requests.slice(seen).filter((request) => request.method === 'GET');
    expect(reads.map((request) => request.path)).toEqual([
      '/external/agenda/bloque/largo',
      '/external/agenda/dia_sucursal/2026-03-10/1',
      '/external/agenda/dia_sucursal/2026-03-10/2',
      '/external/agenda/dia_sucursal/2026-03-11/1',
      '/external/agenda/dia_sucursal/2026-03-11/2',
    ]);
    for (const request of reads) expect(request.headers.authorization).toMatch(/^Bearer eyJ/);
    expect(pulled[0]).toEqual({
      externalId: '101',
      agendaId: '4',
      accountId: '9001',
      treatmentId: '',
      patientName: 'Marta Vera Ruiz',
      phone: '+56 9 8888 7777',
      meetDate: new Date('2026-03-10T12:30:00.000Z'),
      duration: 45,
      specialist: '12345678',
      specialistName: 'Camila Fuentes Lagos',
      branch: '1',
      branchName: 'Casa Matriz',
      specialty: '',
      status: 'scheduled',
    });
    expect(
      pulled.map((appointment) => [appointment.externalId, appointment.duration, appointment.status]),
    ).toEqual([
      ['101', 45, 'scheduled'],
      ['102', 30, 'confirmed'],
      ['103', 15, 'cancelled'],
      ['104', 60, 'cancelled'],
    ]);
    expect(pulled[1]?.phone).toBe('');
  });

  it('lists the professionals and the configured branches, named as the agenda names them', async () => {
    const dentalsoft = adapter();
    const catalog = await dentalsoft.catalog(config({ branch_ids: [1, 9] }));
    expect(catalog).toEqual({
      states: [],
      professionals: [{ id: '12345678', name: 'Camila Fuentes Lagos' }],
      branches: [
        { id: '1', name: 'Sucursal 1' },
        { id: '9', name: 'Sucursal 9' },
      ],
    });
    await dentalsoft.pull(config(), RANGE, CONTEXT);
    expect((await dentalsoft.catalog(config())).branches).toEqual([
      { id: '1', name: 'Casa Matriz' },
      { id: '2', name: 'Viña del Mar' },
    ]);
  });

  it('writes a confirmation as confirmar and a cancellation as cancelar', async () => {
    const dentalsoft = adapter();
    expect(await dentalsoft.writeBack(config(), { externalId: '101', agendaId: '4' }, 'confirm')).toBe(true);
    expect(await dentalsoft.writeBack(config(), { externalId: '106', agendaId: '1' }, 'cancel')).toBe(true);
    expect(fake.stateChanges().slice(-2)).toEqual([
      { id: 101, estado: 'confirmar', authorization: expect.stringMatching(/^Bearer /) },
      { id: 106, estado: 'cancelar', authorization: expect.stringMatching(/^Bearer /) },
    ]);
    expect(fake.citas().find((row) => row.id === 101)?.estado_texto).toBe('Confirmada');
  });

  it('classifies 5xx and 429 as worth retrying', async () => {
    const dentalsoft = adapter();
    fake.failNext(502, 1, /dia_sucursal/);
    expect((await failureOf(dentalsoft.pull(config(), RANGE, CONTEXT))).isRetryable).toBe(true);
    fake.failNext(429, 1, /cambia_estado/);
    const limited = await failureOf(
      dentalsoft.writeBack(config(), { externalId: '101', agendaId: '' }, 'confirm'),
    );
    expect(limited.isRetryable).toBe(true);
    expect(limited.retryAfterMs).toBe(1000);
  });
});
