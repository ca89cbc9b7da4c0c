import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import app from './vite.config';

// The photographer's GraphiQL (playground.html, served at /playground by the
// server after its access check) is built apart from the guests' app, after
// it, into the same directory (npm run build). Its own build shares no chunk
// with the app's: GraphiQL's modules cannot join the app's vendor chunk, and
// the app's chunks do not even grow the exports GraphiQL would import from
// them. The page loads its own copy of React; only the photographer opens it.
export default defineConfig({
  plugins: [react()],
  resolve: app.resolve,
  // The server puts a new nonce in place of this in every /playground answer and in its
  // Content-Security-Policy (server/photographer.go); src/features/playground/main.tsx hands it on.
  html: { cspNonce: 'GALERIE_CSP_NONCE' },
  build: {
    outDir: '../server/web/dist',
    // The app's build has just written (and emptied) the directory.
    emptyOutDir: false,
    // Kept apart from the guests' chunks (client/bench counts dist/assets/*.js).
    assetsDir: 'assets/playground',
    modulePreload: { polyfill: false },
    // GraphiQL, CodeMirror and React make one chunk of about 1 MB (330 KB gzipped), loaded by no guest.
    chunkSizeWarningLimit: 1536,
    rolldownOptions: {
      input: { playground: new URL('./playground.html', import.meta.url).pathname },
      onLog(level, log, handler) {
        // react-compiler-runtime (under GraphiQL) opens with "use no memo", which bundling drops harmlessly.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.id?.includes('/node_modules/')) return;
        handler(level, log);
      },
    },
  },
});
