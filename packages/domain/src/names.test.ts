import { describe, expect, it } from 'vitest';
import { contactLabel, initialsOf, splitFullName, truncateName } from './names';

describe('user name in the header', () => {
  it('keeps names of up to 16 characters', () => {
    expect(truncateName('Ana María Pérez')).toBe('Ana María Pérez');
    expect(truncateName('1234567890123456')).toBe('1234567890123456');
  });

  it('cuts longer names at 16 characters with an ellipsis', () => {
    expect(truncateName('Maximiliano Fernández')).toBe('Maximiliano Fern…');
  });

  it('takes initials from the first two words', () => {
    expect(initialsOf('ana maría pérez')).toBe('AM');
    expect(initialsOf('  Pedro  ')).toBe('P');
    expect(initialsOf('')).toBe('');
  });

  it('splits a new contact name into first and last name', () => {
    expect(splitFullName(' Ana  Pérez Soto ')).toEqual({
      first_name: 'Ana',
      last_name: 'Pérez',
      full_name: 'Ana Pérez Soto',
    });
  });

  it('names a contact by its name, else its number, and never "+undefined" when the phone is withheld', () => {
    expect(contactLabel({ full_name: 'Ana Rojas', phone: '56987654321' })).toBe('Ana Rojas');
    expect(contactLabel({ full_name: '', phone: '56987654321' })).toBe('+56987654321');
    expect(contactLabel({ full_name: '' })).toBe('');
  });
});
