import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localeParts } from './locale-parts-plugin';

// In development the API and the socket live on the server (port 8080); in production the server serves dist/.
const server = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), localeParts()],
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/socket.io': { target: server, ws: true, changeOrigin: true },
      // The sandbox simulator talks to the sandbox webhook like a provider would.
      '/webhooks': { target: server, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps are for whoever debugs a build on purpose (WEB_SOURCEMAP=true), never served by default.
    sourcemap: process.env.WEB_SOURCEMAP === 'true',
    // Terser with two passes ships about 3% less gzipped JavaScript than esbuild's minifier (5 KiB of the
    // sign-in page, measured by bench/phases/bundle-size.ts) for a slower build.
    minify: 'terser',
    terserOptions: { ecma: 2020, compress: { passes: 2 }, format: { comments: false } },
  },
});
