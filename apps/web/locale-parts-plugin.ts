import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { isLocalePart, pickLocalePart } from './src/locales/locale-parts';

/**
 * Serves `locales/<lang>.json?part=public|app` as that part of the bundle. It answers JSON, which Vite's
 * own JSON plugin then turns into a module like any other JSON import.
 */
export const localeParts = (): Plugin => ({
  name: 'conversa-locale-parts',
  enforce: 'pre',
  async load(id) {
    const [path = '', query] = id.split('?');
    if (!path.endsWith('.json') || !query) return null;
    const part = new URLSearchParams(query).get('part');
    if (!isLocalePart(part)) return null;
    this.addWatchFile(path);
    const bundle = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    return JSON.stringify(pickLocalePart(bundle, part));
  },
});
