import { describe, expect, it } from 'vitest';
import { importHeader, importTagNames } from './contact-import';

describe('import file headers', () => {
  it('recognises Spanish and English column names and keeps the others as written', () => {
    expect(
      ['Nombre', 'PHONE', ' Correo electrónico ', 'Notas', 'RUT', 'Apellidos'].map(importHeader),
    ).toEqual(['name', 'phone', 'email', 'notas', 'document', 'last_name']);
  });

  it('reads the column keys of an export', () => {
    expect(['info.phone', 'info.first_name', 'tags'].map(importHeader)).toEqual([
      'phone',
      'first_name',
      'tags',
    ]);
  });

  it('splits a tags cell on commas and bars, once each', () => {
    expect(importTagNames(' vip, 2026|vip ,, ')).toEqual(['vip', '2026']);
  });
});
