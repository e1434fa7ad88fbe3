import { LOCALES } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { dictionaries, translate } from './i18n';

const placeholdersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const spanish = dictionaries.es;

describe('server texts in every language', () => {
  it('has every Spanish key in every language and no key Spanish lacks', () => {
    for (const locale of LOCALES) {
      const keys = Object.keys(dictionaries[locale]);
      expect(
        Object.keys(spanish).filter((key) => !keys.includes(key)),
        `${locale} lacks`,
      ).toEqual([]);
      expect(
        keys.filter((key) => !Object.hasOwn(spanish, key)),
        `${locale} has extra`,
      ).toEqual([]);
    }
  });

  it('keeps every {placeholder} and leaves no text empty', () => {
    for (const locale of LOCALES) {
      for (const [key, text] of Object.entries(dictionaries[locale])) {
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        expect(placeholdersOf(text), `${locale} ${key}`).toEqual(
          placeholdersOf(spanish[key as keyof typeof spanish]),
        );
      }
    }
  });

  it('keeps Expired Token verbatim, since the web client ends the session on exactly that text', () => {
    for (const locale of LOCALES) expect(translate(locale, 'info.expiredToken')).toBe('Expired Token');
  });

  it('fills the placeholders in the language asked', () => {
    expect(translate('ar', 'info.transferredToYou', { from: 'Ana', contact: 'Luis' })).toBe(
      'حوّل إليك Ana المحادثة مع Luis',
    );
    expect(translate('fr', 'info.tooManyAttempts', { seconds: 30 })).toBe(
      'Trop de tentatives, réessayez dans 30 s',
    );
  });
});

describe('API answers in the language of the request', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it.each([
    ['fr', 'Données non valides', 'Doit contenir au moins 3 caractères'],
    ['it', 'Dati non validi', 'Deve contenere almeno 3 caratteri'],
    ['zh', '数据无效', '至少需要 3 个字符'],
    ['ar', 'بيانات غير صالحة', 'يجب ألا يقل عن 3 أحرف'],
  ])('refuses a too short name in %s with its own words', async (locale, info, message) => {
    const answer = await call(testApp.app, 'POST', `/api/v1/${locale}/signup`, {
      body: {
        company: 'Lingua Company',
        email: `lingua-${locale}@example.com`,
        phone: '+56 9 8765 4321',
        quantityemple: 2,
        nameuser: 'ab',
        password: 'Strong#Pass1',
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.info).toBe(info);
    expect(answer.body.errors).toContainEqual({ path: 'nameuser', message });
  });
});
