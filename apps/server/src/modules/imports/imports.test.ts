import type { Contact } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { multipartBody, newPhone, TINY_PNG } from '../../test/messaging-fixtures';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';

type ImportAnswer = {
  created: number;
  skipped: number;
  failed: number;
  errors: { line: number; path: string; message: string }[];
};

let testApp: TestApp;
let owner: Session;

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await signupCompany(testApp.app);
});
afterAll(() => testApp.close());

const importFile = async (session: Session, content: Buffer, name = 'contactos.csv') => {
  const form = multipartBody({}, { name, content });
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/es/imports/contact',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': form.contentType },
    payload: form.payload,
  });
  return { status: response.statusCode, body: response.json() as { data: ImportAnswer[]; info: string } };
};

const contactsByPhone = async (session: Session, phone: string) =>
  (
    await call<Contact>(testApp.app, 'POST', '/api/v1/es/contact/search', {
      token: session.token,
      body: { filters: [{ key: 'info.phone', condition: 'equalto', value: phone }] },
    })
  ).body.data;

describe('importing contacts', () => {
  it('creates valid rows of a Spanish CSV, skips known phones and reports bad rows by line', async () => {
    const [ana, luis, known] = [newPhone(), newPhone(), newPhone()];
    await call(testApp.app, 'POST', '/api/v1/es/contact/create', {
      token: owner.token,
      body: { name: 'Ya Existe', phone: known },
    });
    const csv = [
      'Nombre;Teléfono;Correo;Etiquetas',
      `Ana Pérez;+${ana};ana@correo.cl;vip,2026`,
      `"Soto, Luis";${luis};;`,
      `Repetido Uno;${known};;`,
      'Sin Teléfono;;;',
      `Correo Malo;${newPhone()};no-es-correo;`,
    ].join('\n');
    const answer = await importFile(owner, Buffer.from(csv));
    expect(answer.status).toBe(200);
    expect(answer.body.info).toBe('Importación terminada');
    expect(answer.body.data[0]).toEqual({
      created: 2,
      skipped: 1,
      failed: 2,
      errors: [
        expect.objectContaining({ line: 5, path: 'phone' }),
        expect.objectContaining({ line: 6, path: 'email' }),
      ],
    });
    const [imported] = await contactsByPhone(owner, ana);
    expect(imported?.info).toMatchObject({ first_name: 'Ana', last_name: 'Pérez', email: 'ana@correo.cl' });
    expect(imported?.tags).toEqual(['vip', '2026']);
    expect((await contactsByPhone(owner, known))[0]?.info.full_name).toBe('Ya Existe');
  });

  it('reads the first sheet of an XLSX file', async () => {
    const phone = newPhone();
    const sheet = [
      [{ value: 'name' }, { value: 'phone' }, { value: 'country' }],
      [{ value: 'Camila Rojas' }, { value: phone }, { value: 'CL' }],
    ];
    const xlsx = await writeXlsxFile(sheet).toBuffer();
    const answer = await importFile(owner, xlsx, 'contacts.xlsx');
    expect(answer.body.data[0]).toMatchObject({ created: 1, failed: 0 });
    expect((await contactsByPhone(owner, phone))[0]?.info.full_name).toBe('Camila Rojas');
  });

  it('refuses a file that is neither CSV nor XLSX, an empty one, and a missing one', async () => {
    const image = await importFile(owner, TINY_PNG, 'foto.png');
    expect(image.status).toBe(400);
    expect(await importFile(owner, Buffer.from('nombre;telefono\n'))).toMatchObject({ status: 400 });
    const none = await call(testApp.app, 'POST', '/api/v1/es/imports/contact', {
      token: owner.token,
      body: {},
    });
    expect(none.status).toBe(400);
  });

  it('needs contact.import and keeps each company to its own contacts', async () => {
    const viewer = await login(testApp.app, DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password);
    expect((await importFile(viewer, Buffer.from(`name,phone\nAna Pérez,${newPhone()}`))).status).toBe(403);
    const phone = newPhone();
    await importFile(owner, Buffer.from(`name,phone\nOtra Empresa,${phone}`));
    const demoOwner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
    expect(await contactsByPhone(demoOwner, phone)).toEqual([]);
  });
});
