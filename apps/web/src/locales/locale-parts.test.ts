import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import es from './es.json';
import { PUBLIC_NAMESPACES, pickLocalePart, SHELL_NAMESPACES } from './locale-parts';

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

/** What the router shows right after sign-in, before any other screen's texts arrive. */
const SHELL_ROOTS = [
  'app/require-auth.tsx',
  'app/layout/app-layout.tsx',
  'features/dashboard/dashboard-main-page.tsx',
];

/**
 * The modules a root imports statically, followed through relative imports: what shows with it. Dynamic
 * `import()`s are left out, as the router and the deferred parts load them with their own texts.
 */
const staticClosure = (roots: string[]): string[] => {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, path] of readFileSync(file, 'utf8').matchAll(
      /^(?:import|export)[^;]*?from '(\.[^']+)';/gms,
    )) {
      const base = resolve(dirname(file), path ?? '');
      const found = ['.ts', '.tsx', '/index.ts']
        .map((ending) => base + ending)
        .find((candidate) => existsSync(candidate));
      if (found) visit(found);
    }
  };
  for (const root of roots) visit(join(SRC, root));
  return [...seen];
};

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

  it('puts every text of the frame and the dashboard in the public or the shell part', () => {
    const files = staticClosure(SHELL_ROOTS);
    expect(files.map((file) => file.slice(SRC.length + 1))).toContain('app/layout/header.tsx');
    const missing = files
      .flatMap((file) => namespacesUsedIn(file).map((namespace) => ({ file, namespace })))
      .filter(
        ({ namespace }) => !PUBLIC_NAMESPACES.includes(namespace) && !SHELL_NAMESPACES.includes(namespace),
      );
    expect(missing).toEqual([]);
  });

  it('splits a bundle into three parts that together are the whole bundle', () => {
    const publicPart = pickLocalePart(es, 'public');
    const shellPart = pickLocalePart(es, 'shell');
    const appPart = pickLocalePart(es, 'app');
    expect(Object.keys(publicPart).sort()).toEqual([...PUBLIC_NAMESPACES].sort());
    expect(Object.keys(shellPart).sort()).toEqual([...SHELL_NAMESPACES].sort());
    expect(Object.keys(appPart)).not.toContain('signin');
    expect(Object.keys(appPart)).not.toContain('nav');
    expect({ ...publicPart, ...shellPart, ...appPart }).toEqual(es);
  });
});
