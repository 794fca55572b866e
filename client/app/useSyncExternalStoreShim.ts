// wouter imports useSyncExternalStore through the 'use-sync-external-store' shim, written for React
// versions before 18; React 19 has it built in, so the build points the shim here (vite.config.ts).
export { useSyncExternalStore } from 'react';
