/** Loupe's version, for trace headers, reports, the hello message and the viewer: package.json is its one source. */
import pkg from '../package.json' with { type: 'json' };

export const LOUPE_VERSION: string = pkg.version;
