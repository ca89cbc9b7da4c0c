/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { inlineDocuments } from './build/inline-documents';

const backend = 'http://localhost:8080';

// The Go server embeds ../server/web/dist (build tag embedclient) and serves it
// for every path that is not an API path.
export default defineConfig({
  plugins: [inlineDocuments(new URL('./src/gql', import.meta.url).pathname), react()],
  build: {
    outDir: '../server/web/dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
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
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    restoreMocks: true,
  },
});
