// Bundles the server into dist/main.js. The workspace's own TypeScript packages (@conversa/*) are bundled,
// every other package stays an import resolved from node_modules at run time. Migrations are read from
// ../drizzle relative to the package, so dist needs no copy of them.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Bare specifiers (not relative, not absolute, not @conversa/*) are left to Node. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@conversa/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(join(root, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [join(root, 'src/main.ts')],
  outfile: join(root, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  // Some CommonJS code paths call require(); ESM output has none unless it is created.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'info',
});
