// The judging worker thread when the proxy runs from its TypeScript sources (the unit tests):
// loaded through tsx. The built CLI runs dist/judge-worker.mjs, compiled from the .ts beside.
import { register } from 'tsx/esm/api';

register();
await import('./judge-worker.ts');
