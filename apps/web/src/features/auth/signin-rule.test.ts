import { EMAIL_PATTERN as DOMAIN_EMAIL_PATTERN, signinSchema } from '@conversa/domain';
import { describe, expect, it } from 'vitest';
import { checkSignin, EMAIL_PATTERN } from './signin-rule';

const CASES = [
  { email: 'ana@clinica.cl', password: 'Secret#1' },
  { email: '  Ana@Clinica.CL ', password: 'x' },
  { email: '', password: 'Secret#1' },
  { email: 'ana@clinica', password: 'Secret#1' },
  { email: 'ana@clinica.c', password: 'Secret#1' },
  { email: 'ana@clinica.museum', password: 'Secret#1' },
  { email: 'ana clinica@x.cl', password: 'Secret#1' },
  { email: `${'a'.repeat(250)}@x.cl`, password: 'Secret#1' },
  { email: 'ana@clinica.cl', password: '' },
  { email: '   ', password: '' },
];

/** What the domain's schema answers for an input: the values it keeps, or the message of each field. */
const bySchema = (input: (typeof CASES)[number]) => {
  const parsed = signinSchema.safeParse(input);
  if (parsed.success) return { values: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { errors };
};

describe('sign-in rule without zod', () => {
  it('checks e-mails with the domain pattern', () => {
    expect(EMAIL_PATTERN.source).toBe(DOMAIN_EMAIL_PATTERN.source);
  });

  it.each(CASES)('agrees with the domain schema for %o', (input) => {
    expect(checkSignin(input)).toEqual(bySchema(input));
  });
});
