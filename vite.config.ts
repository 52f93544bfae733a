import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompressPlugin } from './scripts/lib/precompress.mjs';
import { blogPlugin } from './scripts/lib/blog-plugin.ts';

const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), blogPlugin(), precompressPlugin()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Maps for error reports, kept on the server: no sourceMappingURL in the files, and the server
    // does not send .map files.
    sourcemap: 'hidden',
    // The manifest lets the bundle budget follow each route's chunks.
    manifest: true,
    // XState (used by the first page and by nearly every other) in one chunk of its own: left to
    // the automatic splitting, its core moves in and out of the entry as lazy chunks come and go
    // (any one more page split it out, +1.4 kB gzip on the first route).
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'xstate', test: /node_modules[\\/](xstate|@xstate)[\\/]/ }] } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/dev': apiTarget },
  },
});
