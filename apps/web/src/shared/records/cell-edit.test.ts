import { describe, expect, it } from 'vitest';
import { editInputOf, editValueOf } from './cell-edit';

describe('inline edit values', () => {
  it('starts from the current value, lists for tags and users, minutes for datetimes', () => {
    expect(editInputOf('tags', ['t1', 't2'])).toEqual(['t1', 't2']);
    expect(editInputOf('users', null)).toEqual([]);
    expect(editInputOf('datetime', '2026-04-15T09:30:00.000Z')).toBe('2026-04-15T09:30');
    expect(editInputOf('text', undefined)).toBe('');
    expect(editInputOf('number', 12)).toBe('12');
  });

  it('refuses an e-mail the forms refuse, accepts an empty one and lowers the case', () => {
    expect(editValueOf('email', 'ana@')).toEqual({ error: 'validation.email' });
    expect(editValueOf('email', '')).toEqual({ value: '' });
    expect(editValueOf('email', ' Ana@Clinica.CL ')).toEqual({ value: 'ana@clinica.cl' });
  });

  it('saves a phone as its digits and refuses one without enough of them', () => {
    expect(editValueOf('phone', '+56 9 1234-5678')).toEqual({ value: '56912345678' });
    expect(editValueOf('phone', '+56')).toEqual({ error: 'validation.phone' });
  });

  it('saves numbers as numbers, a decimal comma included, and refuses text', () => {
    expect(editValueOf('money', '1500,5')).toEqual({ value: 1500.5 });
    expect(editValueOf('number', 'doce')).toEqual({ error: 'records.edit.invalidNumber' });
    expect(editValueOf('number', '')).toEqual({ value: null });
  });

  it('saves dates as the API reads them', () => {
    expect(editValueOf('date', '2026-04-15')).toEqual({ value: '2026-04-15' });
    expect(editValueOf('datetime', '2026-04-15T09:30')).toEqual({ value: '2026-04-15T09:30:00' });
    expect(editValueOf('date', '')).toEqual({ error: 'records.edit.invalidDate' });
  });

  it('saves yes and no as booleans and choices as they are', () => {
    expect(editValueOf('boolean', 'true')).toEqual({ value: true });
    expect(editValueOf('boolean', 'false')).toEqual({ value: false });
    expect(editValueOf('tags', ['t1'])).toEqual({ value: ['t1'] });
    expect(editValueOf('country', 'AR')).toEqual({ value: 'AR' });
  });
});
