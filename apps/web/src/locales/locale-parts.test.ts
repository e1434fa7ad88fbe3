import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import es from './es.json';
import { PUBLIC_NAMESPACES, pickLocalePart } from './locale-parts';

const SRC = join(__dirname, '..');

/** What the pages shown before sign-in are made of: their texts must be in the first download. */
const PUBLIC_SOURCES = [
  'features/auth',
  'features/errors',
  'shared/ui',
  'shared/api-client.ts',
  'app/providers.tsx',
];

const sourceFiles = (path: string): string[] =>
  statSync(path).isDirectory()
    ? readdirSync(path).flatMap((name) => sourceFiles(join(path, name)))
    : /\.tsx?$/.test(path) && !path.includes('.test.')
      ? [path]
      : [];

const namespacesUsedIn = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/(?:\bt\(|i18nKey=)['"`]([a-zA-Z]+)\./g)].map(
    (match) => match[1] ?? '',
  );

describe('the locale parts', () => {
  it('puts every text of the public pages in the public part', () => {
    const missing = PUBLIC_SOURCES.flatMap((source) => sourceFiles(join(SRC, source)))
      .flatMap((file) => namespacesUsedIn(file).map((namespace) => ({ file, namespace })))
      .filter(({ namespace }) => !PUBLIC_NAMESPACES.includes(namespace));
    expect(missing).toEqual([]);
  });

  it('splits a bundle into two parts that together are the whole bundle', () => {
    const publicPart = pickLocalePart(es, 'public');
    const appPart = pickLocalePart(es, 'app');
    expect(Object.keys(publicPart).sort()).toEqual([...PUBLIC_NAMESPACES].sort());
    expect(Object.keys(appPart)).not.toContain('signin');
    expect({ ...publicPart, ...appPart }).toEqual(es);
  });
});
