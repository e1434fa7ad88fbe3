import { describe, expect, it } from 'vitest';
import { restoreConfirmFormSchema, signupFormSchema, signupSchema } from './auth';

const valid = {
  company: 'Clínica Las Condes',
  email: 'Owner@Clinica.cl',
  phone: '+56 9 1234 5678',
  quantityemple: 3,
  nameuser: 'Ana Pérez',
  password: 'Secreta#1',
};

const fieldsWithErrors = (input: unknown) => {
  const result = signupSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('sign-up schema', () => {
  it('fills the defaults and derives the subdomain and the clean phone', () => {
    const signup = signupSchema.parse(valid);
    expect(signup).toMatchObject({
      country: 'CL',
      language: 'es',
      industry: 'serviciosSalud',
      timezone: 'America/Santiago',
      subdomain: 'ClínicaLasCondes',
      phone: '56912345678',
      email: 'owner@clinica.cl',
    });
  });

  it('names each field that breaks a rule', () => {
    expect(
      fieldsWithErrors({
        ...valid,
        company: 'ab',
        nameuser: 'x',
        email: 'a@b',
        quantityemple: 0,
        password: 'weak',
      }),
    ).toEqual({
      company: 'validation.min3',
      nameuser: 'validation.min3',
      email: 'validation.email',
      quantityemple: 'validation.positive',
      password: 'validation.passwordRule',
    });
  });

  it('requires the phone and an allowed language and industry', () => {
    expect(fieldsWithErrors({ ...valid, phone: '', language: 'de', industry: 'mining' })).toEqual({
      phone: 'validation.required',
      language: 'validation.required',
      industry: 'validation.required',
    });
  });

  it("holds the phone to the country's rule: its pattern, or 8 to 15 digits with the code", () => {
    expect(fieldsWithErrors({ ...valid, phone: 'abc' })).toEqual({ phone: 'validation.phone' });
    expect(fieldsWithErrors({ ...valid, phone: '+56 1 2345 6789' })).toEqual({ phone: 'validation.phone' });
    expect(fieldsWithErrors({ ...valid, phone: '+56 2 2345 6789' })).toEqual({});
    expect(fieldsWithErrors({ ...valid, country: 'AR', phone: '+54 9 11 2345 6789' })).toEqual({});
    expect(fieldsWithErrors({ ...valid, country: 'AR', phone: '1234' })).toEqual({
      phone: 'validation.phone',
    });
    const form = signupFormSchema.safeParse({ ...valid, phone: 'abc', passwordConfirm: valid.password });
    expect(form.error?.issues).toEqual([
      expect.objectContaining({ path: ['phone'], message: 'validation.phone' }),
    ]);
  });

  it('accepts top-level domains of 2 to 4 letters only', () => {
    expect(fieldsWithErrors({ ...valid, email: 'a@b.info' })).toEqual({});
    expect(fieldsWithErrors({ ...valid, email: 'a@b.travel' })).toEqual({ email: 'validation.email' });
  });

  it('the form says "Passwords must match" on the confirmation', () => {
    const result = signupFormSchema.safeParse({ ...valid, passwordConfirm: 'Secreta#2' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['passwordConfirm'], message: 'validation.passwordsMustMatch' }),
    ]);
  });

  it('the new-password form of the reset link needs the same password twice', () => {
    const form = { token: 'abc', password: 'Secreta#1' };
    expect(restoreConfirmFormSchema.safeParse({ ...form, passwordConfirm: 'Secreta#1' }).success).toBe(true);
    expect(
      restoreConfirmFormSchema.safeParse({ ...form, passwordConfirm: 'Secreta#2' }).error?.issues,
    ).toEqual([
      expect.objectContaining({ path: ['passwordConfirm'], message: 'validation.passwordsMustMatch' }),
    ]);
  });
});
