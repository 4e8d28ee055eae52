import { createRequire } from 'node:module';

/** Loupe's version, from package.json, for trace headers and reports. */
export const LOUPE_VERSION: string = createRequire(import.meta.url)('../../../package.json').version;
