import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The manifest lets the bundle budget follow each route's chunks.
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: true, manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/dev': apiTarget },
  },
});
