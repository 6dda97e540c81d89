import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

// In development the API runs separately (apps/server, port 3000); in production the server serves this build.
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/trpc': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
      '/dev': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Country flags stay separate files fetched only when shown, instead of ~270 data URIs in the JS.
    assetsInlineLimit: (filePath) => (filePath.includes('/flag-icons/') ? false : undefined),
  },
});
