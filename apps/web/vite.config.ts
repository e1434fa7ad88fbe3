import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API and the socket live on the server (port 8080); in production the server serves dist/.
const server = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
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
    sourcemap: true,
    rollupOptions: {
      output: {
        // Vendor code changes less often than the app, so it gets its own long-cached chunks.
        manualChunks: (id) => {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/](@mui|@emotion|stylis|stylis-plugin-rtl|cssjanus|@popperjs)[\\/]/.test(id)) return 'mui';
          if (/[\\/](react|react-dom|react-router|scheduler)[\\/]/.test(id)) return 'react';
          return 'vendor';
        },
      },
    },
  },
});
