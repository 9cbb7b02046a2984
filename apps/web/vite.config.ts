import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mantineCssPerComponent } from './vite-plugins/mantine-css.ts';

const apiTarget = process.env.VITE_API_PROXY ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

export default defineConfig({
  plugins: [react(), mantineCssPerComponent()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false, ws: true } },
  },
  build: {
    outDir: 'dist',
    // The bench reads the manifest to measure what the landing route loads.
    manifest: true,
    sourcemap: false,
    assetsInlineLimit: 0,
  },
});
