// The tap recorder's worker thread: TypeScript is loaded through tsx, as in bin/loupe.mjs.
import { register } from 'tsx/esm/api';

register();
await import('./tap-recorder-worker.ts');
