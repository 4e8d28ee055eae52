// The tap recorder's worker thread when the tap runs from its TypeScript sources (the unit tests):
// loaded through tsx. The built CLI runs dist/tap-recorder-worker.mjs, compiled from the .ts beside.
import { register } from 'tsx/esm/api';

register();
await import('./tap-recorder-worker.ts');
