import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompressPlugin } from './scripts/lib/precompress.mjs';

const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressPlugin()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Maps for error reports, kept on the server: no sourceMappingURL in the files, and the server
    // does not send .map files.
    sourcemap: 'hidden',
    // The manifest lets the bundle budget follow each route's chunks.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/dev': apiTarget },
  },
});
