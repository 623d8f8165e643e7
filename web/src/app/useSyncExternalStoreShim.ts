/**
 * `use-sync-external-store/shim` for the build (vite.config.ts aliases it here): react-i18next
 * imports the shim for React before 18; on React 19 the shim only hands out React's own hook,
 * so the build uses that directly and the first page does not download the shim's CommonJS.
 */
export { useSyncExternalStore } from 'react';
