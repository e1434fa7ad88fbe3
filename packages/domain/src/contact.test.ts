import { describe, expect, it } from 'vitest';
import { chatListSchema, contactCreateSchema } from './contact';

const issuesOf = (input: unknown) => {
  const result = contactCreateSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('the new-contact form', () => {
  it('strips + and spaces from the phone and defaults the country to CL', () => {
    expect(contactCreateSchema.parse({ name: 'Ana Pérez', phone: '+56 9 1234 5678' })).toMatchObject({
      phone: '56912345678',
      country: 'CL',
      email: '',
      document: '',
    });
  });

  it('needs a name of at least 3 characters', () => {
    expect(issuesOf({ name: 'Al', phone: '56912345678' })).toEqual(['name']);
  });

  it('checks the phone against the country (Chile: 569 and 8 digits)', () => {
    expect(issuesOf({ name: 'Ana', phone: '56812345678' })).toEqual(['phone']);
    expect(issuesOf({ name: 'Ana', phone: '14155550100', country: 'US' })).toEqual([]);
  });

  it('accepts an empty e-mail and refuses a malformed one', () => {
    expect(issuesOf({ name: 'Ana', phone: '56912345678', email: '' })).toEqual([]);
    expect(issuesOf({ name: 'Ana', phone: '56912345678', email: 'ana@' })).toEqual(['email']);
  });

  it('refuses half an emoji (a lone surrogate), as a row of an imported file, naming the field', () => {
    const result = contactCreateSchema.safeParse({ name: 'Ana \ud83d', phone: '56912345678' });
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['name'], message: 'validation.loneSurrogate' },
    ]);
    expect(issuesOf({ name: 'Ana \ud83d\ude00', phone: '56912345678' })).toEqual([]);
  });
});

describe('the conversation list query', () => {
  it('defaults to 20 a page, All and allMessages', () => {
    expect(chatListSchema.parse({})).toEqual({
      page: 1,
      offset: 20,
      fixed: [],
      filter: 'All',
      option: 'allMessages',
      search: '',
    });
  });

  it('refuses an unknown option', () => {
    expect(chatListSchema.safeParse({ option: 'everything' }).success).toBe(false);
  });
});
