// react-i18next imports useSyncExternalStore from the use-sync-external-store
// shim, a CommonJS polyfill for React 17 and older. React 19 has the hook
// itself (the shim only hands it over there): vite.config.ts points the shim
// here (docs/performance.md).
export { useSyncExternalStore } from 'react';
