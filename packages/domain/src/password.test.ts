import { describe, expect, it } from 'vitest';
import { isStrongPassword } from './password';

describe('password rule', () => {
  it('accepts 8+ characters with a special, a digit, a lowercase and an uppercase letter', () => {
    expect(isStrongPassword('Secreta#1')).toBe(true);
    expect(isStrongPassword('aB3{xxxx')).toBe(true);
  });

  it.each([
    ['shorter than 8', 'aB3#xyz'],
    ['no special character', 'Abcdefg1'],
    ['no digit', 'Abcdefg#'],
    ['no lowercase', 'ABCDEFG#1'],
    ['no uppercase', 'abcdefg#1'],
    ['a special outside the allowed set', 'Abcdefg1~'],
  ])('refuses a password with %s', (_reason, password) => {
    expect(isStrongPassword(password)).toBe(false);
  });

  it('accepts every special character of the rule', () => {
    for (const special of '!@#$%^&*()-_=+{};:,<.>') expect(isStrongPassword(`Abcdef1${special}`)).toBe(true);
  });
});
