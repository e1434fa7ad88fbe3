import { constants, deflateRawSync } from 'node:zlib';
import { type Diffusion, XLSX_LIMITS } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxDevice, newPhone } from '../../test/messaging-fixtures';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';
import { DEMO_LOGINS } from '../db/seed-logins';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

type Packed = { deflated: Buffer; size: number };

const pack = (xml: string): Packed => ({ deflated: deflateRawSync(xml), size: Buffer.byteLength(xml) });

/**
 * XML whose `body` comes `times` times, deflated without ever being whole in memory: the body is
 * compressed once after a full flush (so it refers to nothing before it) and its bytes repeated.
 */
const packRepeated = (head: string, body: string, times: number, tail: string): Packed => {
  const flushed = (xml: string) => deflateRawSync(xml, { finishFlush: constants.Z_FULL_FLUSH });
  const segment = flushed(body);
  return {
    deflated: Buffer.concat([
      flushed(head),
      ...Array.from({ length: times }, () => segment),
      deflateRawSync(tail),
    ]),
    size: Buffer.byteLength(head) + Buffer.byteLength(body) * times + Buffer.byteLength(tail),
  };
};

/** A zip of deflated parts, declaring their true sizes (the server must not need to believe them). */
const zip = (parts: Record<string, Packed>): Buffer => {
  const records: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [path, { deflated, size }] of Object.entries(parts)) {
    const name = Buffer.from(path);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    records.push(local, name, deflated);
    directory.push(central, name);
    offset += local.length + name.length + deflated.length;
  }
  const listing = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(parts).length, 8);
  end.writeUInt16LE(Object.keys(parts).length, 10);
  end.writeUInt32LE(listing.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...records, listing, end]);
};

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** An XLSX file as Excel lays it out, whose shared strings and sheet are the ones given. */
const xlsx = ({ sharedStrings, sheet }: { sharedStrings?: Packed; sheet: Packed }): Buffer =>
  zip({
    '[Content_Types].xml': pack(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    ),
    '_rels/.rels': pack(
      `<Relationships xmlns="${PACKAGE_RELATIONS}"><Relationship Id="rId1" Type="${RELATIONS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': pack(
      `<workbook xmlns="${MAIN}" xmlns:r="${RELATIONS}"><sheets><sheet name="Hoja 1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': pack(
      `<Relationships xmlns="${PACKAGE_RELATIONS}"><Relationship Id="rId1" Type="${RELATIONS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    ...(sharedStrings ? { 'xl/sharedStrings.xml': sharedStrings } : {}),
    'xl/worksheets/sheet1.xml': sheet,
  });

/** A sheet whose header names the phone column, a first contact, then `rows` repeated. */
const sheetOf = (rows = '', times = 0) =>
  packRepeated(
    `<worksheet xmlns="${MAIN}"><sheetData>` +
      '<row r="1"><c r="A1" t="inlineStr"><is><t>telefono</t></is></c></row>' +
      `<row r="2"><c r="A2" t="inlineStr"><is><t>${newPhone()}</t></is></c></row>`,
    rows,
    times,
    '</sheetData></worksheet>',
  );

/** 400 MB of shared strings in a file of under 1 MB: the zip bomb of issue #28. */
const sharedStringsBomb = () => {
  const sharedStrings = packRepeated(
    `<sst xmlns="${MAIN}">`,
    `<si><t>${'A'.repeat(10_000)}</t></si>`.repeat(6),
    6_700,
    '</sst>',
  );
  expect(sharedStrings.size).toBeGreaterThan(400_000_000);
  const file = xlsx({ sharedStrings, sheet: sheetOf() });
  expect(file.length).toBeLessThan(1_000_000);
  return file;
};

const multipart = (fields: Record<string, string>, file: Buffer) => {
  const boundary = `----xlsx${Math.random().toString(36).slice(2)}`;
  const texts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(
      `${texts.join('')}--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="contactos.xlsx"\r\n` +
        'content-type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

const upload = async (
  session: Session,
  method: 'POST' | 'PUT',
  url: string,
  file: Buffer,
  fields: Record<string, string> = {},
) => {
  const form = multipart(fields, file);
  const response = await testApp.app.inject({
    method,
    url,
    headers: { ...form.headers, authorization: `Bearer ${session.token}` },
    payload: form.payload,
  });
  return { status: response.statusCode, body: response.json() };
};

/**
 * What `run` answers and how much the process's memory grew meanwhile, in MB: its resident size sampled
 * every few milliseconds and once more at the end (an unpacked file is held after the answer too).
 */
const measuringMemory = async <T>(run: () => Promise<T>) => {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
  };
  const sampler = setInterval(sample, 5);
  try {
    const answer = await run();
    sample();
    return { answer, grewMb: (peak - before) / 1_000_000 };
  } finally {
    clearInterval(sampler);
  }
};

const megabytes = (bytes: number) => bytes / 1_000_000;

/** The demo owner's new draft diffusion, the one a recipient file goes into. */
const draftDiffusion = async () => {
  const owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  const device = await createSandboxDevice(testApp.app, owner.token);
  const created = await call<Diffusion>(testApp.app, 'POST', '/api/v1/en/diffusion/create', {
    token: owner.token,
    body: {
      name: 'Bomb',
      device_id: device.id,
      message: { type: 'chat', body: 'Hola' },
      send_window: { from: '00:00', to: '23:59', days: [1, 2, 3, 4, 5, 6, 7] },
    },
  });
  return { owner, diffusion: created.body.data[0] as Diffusion };
};

describe('an XLSX file that unpacks past the limits', () => {
  it('is refused when an import starts, naming the limit in the language asked, without unpacking it in memory', async () => {
    const owner = await signupCompany(testApp.app);
    const bomb = sharedStringsBomb();
    const { answer, grewMb } = await measuringMemory(() =>
      upload(owner, 'POST', '/api/v1/es/imports/contact', bomb),
    );
    // Reading it whole holds over 400 MB; the bound is that loose so a loaded machine never trips it.
    expect(grewMb).toBeLessThan(100);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      status_codes: 400,
      info: 'Datos inválidos',
      errors: [
        {
          path: 'file',
          message: `Una parte del archivo XLSX (textos compartidos, estilos, libro) se descomprime en más de ${megabytes(XLSX_LIMITS.partBytes)} MB`,
        },
      ],
    });
    const history = await call(testApp.app, 'POST', '/api/v1/es/imports/search', {
      token: owner.token,
      body: {},
    });
    expect(history.body.pagination?.total).toBe(0);
  });

  it('is refused by a diffusion’s recipient import, which adds nobody', async () => {
    const { owner, diffusion } = await draftDiffusion();
    const { answer, grewMb } = await measuringMemory(() =>
      upload(owner, 'PUT', '/api/v1/fr/diffusionmsg/import', sharedStringsBomb(), {
        diffusion_id: diffusion.id,
      }),
    );
    expect(grewMb).toBeLessThan(100);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      status_codes: 400,
      info: 'Données non valides',
      errors: [
        {
          path: 'file',
          message: `Une partie du fichier XLSX (textes partagés, styles, classeur) se décompresse en plus de ${megabytes(XLSX_LIMITS.partBytes)} Mo`,
        },
      ],
    });
    const after = await call<Diffusion>(testApp.app, 'GET', `/api/v1/en/diffusion/search/${diffusion.id}`, {
      token: owner.token,
    });
    expect(after.body.data[0]?.totals.recipients).toBe(0);
  });

  it('is refused with more rows, cells or different texts than a sheet may have, each named', async () => {
    const owner = await signupCompany(testApp.app);
    const refusal = async (file: Buffer) => {
      const answer = await upload(owner, 'POST', '/api/v1/en/imports/contact', file);
      return { status: answer.status, errors: answer.body.errors };
    };
    // A thousand rows (or texts) per repeated piece keep each file a few hundred kilobytes.
    const thousandRows = '<row r="3"><c r="A3"><v>1</v></c></row>'.repeat(1000);
    expect(await refusal(xlsx({ sheet: sheetOf(thousandRows, XLSX_LIMITS.rows / 1000 + 1) }))).toEqual({
      status: 400,
      errors: [{ path: 'file', message: `The sheet has more than ${XLSX_LIMITS.rows} rows` }],
    });
    const thousandCells = `<row r="3">${'<c r="A3"/>'.repeat(10)}</row>`.repeat(100);
    expect(await refusal(xlsx({ sheet: sheetOf(thousandCells, XLSX_LIMITS.cells / 1000 + 1) }))).toEqual({
      status: 400,
      errors: [{ path: 'file', message: `The sheet has more than ${XLSX_LIMITS.cells} cells` }],
    });
    const thousandTexts = '<si><t>a</t></si>'.repeat(1000);
    const sharedStrings = packRepeated(
      `<sst xmlns="${MAIN}">`,
      thousandTexts,
      XLSX_LIMITS.sharedStrings / 1000 + 1,
      '</sst>',
    );
    expect(await refusal(xlsx({ sharedStrings, sheet: sheetOf() }))).toEqual({
      status: 400,
      errors: [
        {
          path: 'file',
          message: `The XLSX file holds more than ${XLSX_LIMITS.sharedStrings} different texts`,
        },
      ],
    });
  });

  // exceljs walks every column of a row up to its last cell: a cell in column XFD costs 16,384 of them.
  it('counts a row as wide as its last cell, so a few hundred cells far right are refused too', async () => {
    const { owner, diffusion } = await draftDiffusion();
    const widest = 16_384;
    const farRight = sheetOf(
      '<row r="3"><c r="XFD3"><v>1</v></c></row>',
      Math.ceil(XLSX_LIMITS.cells / widest),
    );
    const answer = await upload(owner, 'PUT', '/api/v1/en/diffusionmsg/import', xlsx({ sheet: farRight }), {
      diffusion_id: diffusion.id,
    });
    expect({ status: answer.status, errors: answer.body.errors }).toEqual({
      status: 400,
      errors: [{ path: 'file', message: `The sheet has more than ${XLSX_LIMITS.cells} cells` }],
    });
  });
});
