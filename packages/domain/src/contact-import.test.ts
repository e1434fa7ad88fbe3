import { describe, expect, it } from 'vitest';
import { importColumns, importRows, parseCsv } from './contact-import';

describe('contact import files', () => {
  it('reads quoted fields with separators, quotes and line breaks', () => {
    expect(
      parseCsv('name,phone\r\n"Pérez, Ana","569 1234 5678"\n"Luis ""Lucho"" Soto",56987654321\n'),
    ).toEqual([
      ['name', 'phone'],
      ['Pérez, Ana', '569 1234 5678'],
      ['Luis "Lucho" Soto', '56987654321'],
    ]);
    expect(parseCsv('nota\n"dos\nlíneas"')).toEqual([['nota'], ['dos\nlíneas']]);
  });

  it('uses the semicolon when the header is written with it, and drops a byte-order mark', () => {
    expect(parseCsv('\uFEFFNombre;Teléfono;Correo\nAna Pérez;56912345678;ana@correo.cl')).toEqual([
      ['Nombre', 'Teléfono', 'Correo'],
      ['Ana Pérez', '56912345678', 'ana@correo.cl'],
    ]);
  });

  it('recognises Spanish and English column names and ignores the others', () => {
    expect(importColumns(['Nombre', 'PHONE', ' Correo electrónico ', 'Notas', 'RUT'])).toEqual([
      'name',
      'phone',
      'email',
      undefined,
      'document',
    ]);
  });

  it('numbers rows by their line in the file and skips empty ones', () => {
    expect(
      importRows([
        ['nombre', 'telefono'],
        ['Ana Pérez', '56912345678'],
        ['', ' '],
        ['Luis Soto', ''],
      ]),
    ).toEqual([
      { line: 2, fields: { name: 'Ana Pérez', phone: '56912345678' } },
      { line: 4, fields: { name: 'Luis Soto', phone: '' } },
    ]);
  });
});
