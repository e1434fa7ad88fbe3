import type { MedilinkConfig } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeHealthatom, startFakeHealthatom } from '../../test/fakes/fake-healthatom';
import { SchedulingCallError, type SchedulingOptions } from '../scheduling-adapter';
import { createHealthatomAdapter } from './healthatom.adapter';

const TOKEN = 'healthatom-token-1234';
const CONTEXT = { integrationId: 'integration-1', timeZone: 'America/Santiago' };

const failureOf = async (work: Promise<unknown>): Promise<SchedulingCallError> => {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SchedulingCallError);
  return error as SchedulingCallError;
};

describe.each(['dentalink', 'medilink'] as const)('%s adapter', (kind) => {
  let fake: FakeHealthatom;
  const fields =
    kind === 'dentalink'
      ? { professional: 'id_dentista', treatment: 'id_tratamiento', comment: 'comentarios' }
      : { professional: 'id_profesional', treatment: 'id_atencion', comment: 'comentario' };

  beforeAll(async () => {
    fake = await startFakeHealthatom({
      kind,
      token: TOKEN,
      patients: [
        { id: 501, nombre: 'Rosa', apellidos: 'Díaz', celular: '+56 9 1111 2222', telefono: '22223333' },
        { id: 502, nombre: 'Luis', apellidos: 'Pérez', celular: '', telefono: '+56 2 2444 5555' },
      ],
      citas: [
        {
          id: 1,
          id_paciente: 501,
          fecha: '10/03/2026',
          hora_inicio: '09:30',
          duracion: 45,
          id_profesional: 1,
          id_sucursal: 1,
          id_tratamiento: 90,
          id_sillon: 4,
        },
        {
          id: 2,
          id_paciente: 501,
          fecha: '2026-03-11',
          hora_inicio: '16:00:00',
          id_estado: 12,
          id_profesional: 2,
          id_sucursal: 1,
        },
        {
          id: 3,
          id_paciente: 502,
          fecha: '2026-03-10',
          hora_inicio: '11:15:00',
          id_estado: 15,
          id_profesional: 1,
          id_sucursal: 1,
        },
        {
          id: 4,
          id_paciente: 502,
          fecha: '11/03/2026',
          hora_inicio: '12:00',
          id_estado: 3,
          id_profesional: 2,
          id_sucursal: 1,
        },
        {
          id: 5,
          id_paciente: 501,
          fecha: '2026-03-10',
          hora_inicio: '10:00',
          id_profesional: 1,
          id_sucursal: 2,
        },
        {
          id: 6,
          id_paciente: 599,
          fecha: '2026-03-11',
          hora_inicio: '08:00',
          id_profesional: 1,
          id_sucursal: 1,
        },
        {
          id: 7,
          id_paciente: 501,
          fecha: '12/03/2026',
          hora_inicio: '09:00',
          id_profesional: 1,
          id_sucursal: 1,
        },
      ],
    });
  });

  afterAll(async () => {
    await fake?.close();
  });

  const options = (): SchedulingOptions => ({
    dentalinkApiUrl: fake.apiUrl,
    medilinkApiUrl: fake.apiUrl,
    medilinkV5ApiUrl: fake.v5ApiUrl,
    dentalsoftApiUrl: 'http://127.0.0.1:1',
    calendlyApiUrl: 'http://127.0.0.1:1',
    publicUrl: 'http://127.0.0.1:1',
    timeoutMs: 2000,
  });
  const adapter = () => createHealthatomAdapter(kind, options());
  const config = (overrides: Partial<MedilinkConfig> = {}): MedilinkConfig => ({
    api_token: TOKEN,
    confirmed_state_id: 12,
    cancelled_state_id: 15,
    branch_ids: [],
    api_version: 'v1',
    ...overrides,
  });

  it('says a refused token is refused, not worth retrying', async () => {
    const error = await failureOf(adapter().check(config({ api_token: 'wrong' }), CONTEXT));
    expect(error.isRetryable).toBe(false);
    expect(error.message).toMatch(/refused the credentials \(401/);
    expect(error.field).toBeUndefined();
  });

  it("accepts the account's own state ids, read across every page of states", async () => {
    const seen = fake.requests.length;
    const checked = await adapter().check(config(), CONTEXT);
    expect(checked).toEqual(config());
    const estados = fake.requests.slice(seen);
    expect(estados.map((request) => [request.path, request.query.get('page')])).toEqual([
      ['/api/v1/citas/estados', null],
      ['/api/v1/citas/estados', '2'],
      ['/api/v1/citas/estados', '3'],
    ]);
    for (const request of estados) expect(request.headers.authorization).toBe(`Token ${TOKEN}`);
  });

  it('names the config key of a state id that is not the right kind of state of the account', async () => {
    const cases = [
      [{ confirmed_state_id: 1 }, 'config.confirmed_state_id'],
      [{ confirmed_state_id: 999 }, 'config.confirmed_state_id'],
      [{ cancelled_state_id: 3 }, 'config.cancelled_state_id'],
      [{ cancelled_state_id: 998 }, 'config.cancelled_state_id'],
    ] as const;
    for (const [overrides, field] of cases) {
      const error = await failureOf(adapter().check(config(overrides), CONTEXT));
      expect(error.field).toBe(field);
      expect(error.isRetryable).toBe(false);
    }
  });

  it("reads the catalog from the vendor's states, professionals and branches", async () => {
    const catalog = await adapter().catalog(config());
    expect(catalog.states).toHaveLength(5);
    expect(catalog.states).toContainEqual({ id: '15', name: 'Anulado vía WhatsApp', cancellation: true });
    expect(catalog.states).toContainEqual({ id: '12', name: 'Confirmado por WhatsApp', cancellation: false });
    expect(catalog.professionals).toEqual([
      { id: '1', name: 'Ana Rojas Soto' },
      { id: '2', name: 'Pedro Muñoz' },
    ]);
    expect(catalog.branches).toEqual([
      { id: '1', name: 'Providencia' },
      { id: '2', name: 'Ñuñoa' },
    ]);
    const professionalsPath = kind === 'dentalink' ? '/api/v1/dentistas' : '/api/v1/profesionales';
    expect(fake.received((request) => request.path === professionalsPath)).not.toHaveLength(0);
  });

  it('pulls every page of the range, both date formats read in the clinic time zone, the phone read once per patient', async () => {
    const before = { rosa: fake.patientReads(501), luis: fake.patientReads(502) };
    const pulled = await adapter().pull(config(), { from: '2026-03-10', to: '2026-03-11' }, CONTEXT);
    const query = fake
      .received((request) => request.path === '/api/v1/citas')
      .at(0)
      ?.query.get('q');
    expect(JSON.parse(query ?? '')).toEqual({ fecha: [{ gte: '2026-03-10' }, { lte: '2026-03-11' }] });
    expect(pulled.map((appointment) => appointment.externalId)).toEqual(['1', '2', '3', '4', '5', '6']);
    const [first, second, third, fourth, , unknownPatient] = pulled;
    expect(first).toEqual({
      externalId: '1',
      agendaId: kind === 'dentalink' ? '4' : '',
      accountId: '501',
      treatmentId: '90',
      patientName: 'Rosa Díaz',
      phone: '+56 9 1111 2222',
      meetDate: new Date('2026-03-10T12:30:00.000Z'),
      duration: 45,
      specialist: '1',
      specialistName: 'Ana Rojas Soto',
      branch: '1',
      branchName: 'Providencia',
      specialty: '',
      status: 'scheduled',
    });
    expect(second?.meetDate.toISOString()).toBe('2026-03-11T19:00:00.000Z');
    expect(second?.status).toBe('confirmed');
    expect(third?.status).toBe('cancelled');
    expect(third?.phone).toBe('+56 2 2444 5555');
    // "Confirmado" is a plain state of the account, but not the one configured as confirmed.
    expect(fourth?.status).toBe('scheduled');
    expect(fourth?.meetDate.toISOString()).toBe('2026-03-11T15:00:00.000Z');
    expect(unknownPatient?.phone).toBe('');
    expect(fake.patientReads(501) - before.rosa).toBe(1);
    expect(fake.patientReads(502) - before.luis).toBe(1);
  });

  it('keeps only the configured branches', async () => {
    const pulled = await adapter().pull(
      config({ branch_ids: [2] }),
      { from: '2026-03-10', to: '2026-03-12' },
      CONTEXT,
    );
    expect(pulled.map((appointment) => [appointment.externalId, appointment.branchName])).toEqual([
      ['5', 'Ñuñoa'],
    ]);
  });

  it("writes the answer back as the configured state with a comment in the vendor's field", async () => {
    expect(await adapter().writeBack(config(), { externalId: '1', agendaId: '' }, 'confirm')).toBe(true);
    expect(await adapter().writeBack(config(), { externalId: '7', agendaId: '' }, 'cancel')).toBe(true);
    expect(fake.updates().slice(-2)).toEqual([
      { id: '1', body: { id_estado: 12, [fields.comment]: 'Confirmada por WhatsApp' } },
      { id: '7', body: { id_estado: 15, [fields.comment]: 'Anulada por WhatsApp' } },
    ]);
    const rows = fake.citas();
    expect(rows.find((row) => row.id === 1)).toMatchObject({ id_estado: 12, [fields.professional]: 1 });
  });

  it('classifies 5xx and 429 as worth retrying, with the Retry-After, and a later 401 as not', async () => {
    const range = { from: '2026-03-10', to: '2026-03-11' };
    fake.failNext(500, 1, /\/citas$/);
    expect((await failureOf(adapter().pull(config(), range, CONTEXT))).isRetryable).toBe(true);
    fake.failNext(429, 1, /\/pacientes\//);
    const limited = await failureOf(adapter().pull(config(), range, CONTEXT));
    expect(limited.isRetryable).toBe(true);
    expect(limited.retryAfterMs).toBe(1000);
    fake.failNext(503, 1, /\/citas\/\d+$/);
    const writeBack = adapter().writeBack(config(), { externalId: '1', agendaId: '' }, 'confirm');
    expect((await failureOf(writeBack)).isRetryable).toBe(true);
    fake.failNext(401, 1, /\/citas$/);
    expect((await failureOf(adapter().pull(config(), range, CONTEXT))).isRetryable).toBe(false);
  });

  it('calls the v5 API only for a Medilink v5 account', async () => {
    const seen = fake.requests.length;
    await adapter().check(config({ api_version: 'v5' }), CONTEXT);
    const paths = fake.requests.slice(seen).map((request) => request.path);
    expect(paths).toHaveLength(3);
    const version = kind === 'medilink' ? 'v5' : 'v1';
    for (const path of paths) expect(path).toBe(`/api/${version}/citas/estados`);
  });
});
