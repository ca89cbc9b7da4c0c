/// <reference types="vitest/config" />
import { defaultClientConditions, defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { graphqlDocuments } from './build/graphql-documents';
import { splitCatalogues } from './build/split-catalogues';

const backend = 'http://localhost:8080';

const src = fileURLToPath(new URL('./src', import.meta.url));

// The Go server embeds ../server/web/dist (build tag embedclient) and serves it
// for every path that is not an API path.
export default defineConfig({
  // graphqlDocuments (build only): graphql-codegen's Babel optimizer names the
  // document of each graphql() call and the document (src/gql/graphql.ts) takes
  // the call's place, so it ships in the chunk of the module that uses it and
  // gql.ts, the map of every document, is never bundled (build/graphql-documents.ts).
  plugins: [graphqlDocuments(src), splitCatalogues(src), react()],
  resolve: {
    // rxjs (under Apollo Client) in its ES2015 build: classes instead of ES5 helpers, no tslib (2 KB gzipped less).
    conditions: [...defaultClientConditions, 'es2015'],
    // React 19's own useSyncExternalStore instead of the CommonJS polyfill react-i18next imports.
    alias: { 'use-sync-external-store/shim': fileURLToPath(new URL('./build/use-sync-external-store-shim.ts', import.meta.url)) },
  },
  build: {
    outDir: '../server/web/dist',
    // No modulepreload polyfill in the entry: browsers without modulepreload (Safari before 17) load
    // the same modules, only without the early preload.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        // These take only what the first screen needs ($initial), so that the code of ours
        // that lazy screens share stays with them; graphql-ws, loaded with the first
        // subscription, has its own chunk (docs/performance.md).
        codeSplitting: {
          groups: [
            { name: 'graphql-ws', test: /node_modules[\\/]graphql-ws[\\/]/, priority: 4 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/, tags: ['$initial'], priority: 3 },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'app', test: /[\\/]src[\\/]/, tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/graphql': { target: backend, ws: true, changeOrigin: false },
      '/api': backend,
      '/media': backend,
      '/version': backend,
      '/healthz': backend,
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
    restoreMocks: true,
  },
});
