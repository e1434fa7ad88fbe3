import { LOCALES } from '@conversa/domain';
import { describe, expect, it } from 'vitest';
import { resources } from '../shared/i18n';

const keysOf = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

const es = keysOf(resources.es.translation);
const en = keysOf(resources.en.translation);

describe('translation bundles', () => {
  it('has every Spanish text in English and no English-only text', () => {
    expect(en.filter((key) => !es.includes(key))).toEqual([]);
    expect(es.filter((key) => !en.includes(key))).toEqual([]);
  });

  it('keeps the partial bundles inside the Spanish key set, so their gaps fall back to Spanish', () => {
    for (const locale of LOCALES) {
      const keys = keysOf(resources[locale].translation);
      expect(
        keys.filter((key) => !es.includes(key)),
        locale,
      ).toEqual([]);
      for (const required of [
        'signin.email',
        'signin.password',
        'signin.submit',
        'nav.contacts',
        'header.logout',
      ]) {
        expect(keys, `${locale} ${required}`).toContain(required);
      }
    }
  });

  it('translates every validation message of the shared rules', async () => {
    const { MESSAGES } = await import('@conversa/domain');
    for (const key of Object.values(MESSAGES)) {
      expect(es).toContain(key);
    }
  });

  it('has no empty texts', () => {
    for (const locale of LOCALES) {
      const texts = JSON.stringify(resources[locale].translation);
      expect(texts, locale).not.toContain('""');
    }
  });
});
