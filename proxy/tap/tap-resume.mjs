// The process that finishes a tap's recording (tap-resume.ts) when the tap runs from its TypeScript
// sources (the unit tests): loaded through tsx. The built CLI runs dist/tap-resume.mjs.
import { register } from 'tsx/esm/api';

register();
await import('./tap-resume.ts');
