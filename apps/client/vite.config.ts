import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';
import { prerender } from './scripts/prerender.ts';

// In development the API runs separately (apps/server, port 3000); in production the server serves this build.
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    // Not the landing page: its 'Start Rating' carries a flag in history state that only the app can set, so a
    // click before the app had taken over would lose it.
    prerender({
      entry: 'src/prerender.tsx',
      pages: {
        '/rate': 'src/pages/rate/RatePage.tsx',
        '/verify': 'src/pages/verify/VerifyPage.tsx',
      },
    }),
    precompress(),
  ],
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
