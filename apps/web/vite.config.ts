import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressBuild } from './build-plugins/compress';
import { prerenderLanding } from './build-plugins/prerender';

const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: true } };

/** Framework code every page needs: one long-cached chunk instead of copies in each entry. */
const VENDOR_CHUNKS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ['react', /\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//],
  ['i18n', /\/node_modules\/(i18next|react-i18next|html-parse-stringify|void-elements)\//],
];

export default defineConfig({
  // plugin-react stays on 4.x: 5.x peers on Vite 8 too, so npm links it to the Vite 8 that vitest
  // hoists, and its Rolldown code path then breaks the Vite 7 dev server.
  // After the bundle: draw the landing page into index.html, then compress every file once.
  plugins: [react(), prerenderLanding(), compressBuild()],
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bench-web.mjs reads the manifest to weigh what each first load needs.
    manifest: true,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: {
        manualChunks(id) {
          for (const [name, pattern] of VENDOR_CHUNKS) {
            if (pattern.test(id)) return name;
          }
          return undefined;
        },
      },
    },
  },
});
