import { describe, expect, it } from 'vitest';
import { isStatusAdvance, newTempId, parseLocationBody, TEMP_ID_PATTERN } from './message';
import { fillPlaceholders } from './template';

describe('message status', () => {
  it('only moves forward', () => {
    expect(isStatusAdvance('queue', 'sent')).toBe(true);
    expect(isStatusAdvance('sent', 'read')).toBe(true);
    expect(isStatusAdvance('read', 'recive')).toBe(false);
    expect(isStatusAdvance('sent', 'sent')).toBe(false);
  });

  it('keeps error and cancel final', () => {
    expect(isStatusAdvance('sent', 'error')).toBe(true);
    expect(isStatusAdvance('error', 'read')).toBe(false);
    expect(isStatusAdvance('cancel', 'sent')).toBe(false);
  });
});

describe('location body', () => {
  it('reads lat;lng', () => {
    expect(parseLocationBody('-33.45;-70.66')).toEqual({ lat: -33.45, lng: -70.66 });
  });

  it('refuses anything else', () => {
    expect(parseLocationBody('hola')).toBeNull();
    expect(parseLocationBody('91;0')).toBeNull();
    expect(parseLocationBody('1')).toBeNull();
  });
});

describe('temp id', () => {
  it('is a UUID without hyphens', () => {
    expect(newTempId()).toMatch(TEMP_ID_PATTERN);
  });
});

describe('template parameters', () => {
  it('fills the placeholders from the contact and the user and keeps other text literal', () => {
    const context = {
      contact: { first_name: 'Ana', last_name: 'Pérez', full_name: 'Ana Pérez' },
      user: { name: 'Luis' },
    };
    expect(fillPlaceholders('Hola $firstname $lastname ($fullname), soy $username. $5 USD', context)).toBe(
      'Hola Ana Pérez (Ana Pérez), soy Luis. $5 USD',
    );
  });
});
