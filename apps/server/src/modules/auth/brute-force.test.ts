import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { COMPANY_PASSWORD, call, createTestApp, signupCompany, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp?.close());

const attempt = (email: string, password: string, remoteAddress: string, locale = 'en') =>
  call(testApp.app, 'POST', `/api/v1/${locale}/login`, { body: { email, password }, remoteAddress });

describe('guessing passwords', () => {
  it('thirty guesses at one account from thirty addresses are refused with 429 before the end', async () => {
    const company = await signupCompany(testApp.app);
    const statuses: number[] = [];
    for (let guess = 0; guess < 30; guess += 1) {
      const answer = await attempt(company.email, `Wrong#Pass${guess}`, `198.18.0.${guess + 1}`, 'es');
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.body).toEqual({
          status_codes: 429,
          data: [],
          info: expect.stringMatching(/^Demasiados intentos, inténtalo de nuevo en \d+ s$/),
        });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
    }
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(20);
    // The right password from yet another address waits too while the account is held.
    const right = await attempt(company.email, COMPANY_PASSWORD, '198.18.1.1');
    expect(right.status).toBe(429);
  });

  it('forty accounts guessed from one address are refused with 429 before the end', async () => {
    const statuses: number[] = [];
    for (let account = 0; account < 40; account += 1) {
      const answer = await attempt(`someone-${account}@example.com`, 'Wrong#Pass1', '198.18.2.1');
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(20);
    // Another address is not held back by this one's guesses.
    const other = await attempt(DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password, '198.18.2.2');
    expect(other.status).toBe(200);
  });

  it('during a flood of wrong passwords, another sign-in from another address is served first', async () => {
    // Each answer notes how many wrong-password answers (argon2 verifications) were already out.
    let verifiedSoFar = 0;
    const flood = Array.from({ length: 500 }, (_, index) =>
      attempt(`flood-${index}@example.com`, 'Wrong#Pass1', `198.19.0.${(index % 5) + 1}`).then((answer) => {
        if (answer.status === 401) verifiedSoFar += 1;
        return answer;
      }),
    );
    const legit = await attempt(DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password, '198.18.3.1');
    const verifiedBeforeLegit = verifiedSoFar;
    const answers = await Promise.all(flood);

    expect(legit.status).toBe(200);
    // The flood's addresses take turns with it for argon2 instead of it waiting behind the whole flood: in
    // one queue it would come after every verification the flood got (about 50, ten per address). How many
    // finish while its own lookups wait for the database depends on the machine's load, so the bound is
    // relative: it is served in the first half.
    const verifiedWrong = answers.filter((answer) => answer.status === 401).length;
    expect(verifiedWrong).toBeGreaterThanOrEqual(40);
    expect(verifiedBeforeLegit).toBeLessThan(verifiedWrong / 2);
    // Most of the flood was refused without any argon2 work; none of it failed otherwise.
    expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThan(400);
    expect(answers.every((answer) => answer.status === 401 || answer.status === 429)).toBe(true);
  });
});
