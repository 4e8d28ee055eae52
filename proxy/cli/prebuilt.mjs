// Where a clone keeps what it compiles for itself: the stdio tap's native relay (proxy/tap/native)
// only. The CLI itself runs from dist/, built ahead (scripts/build.ts), never at run time.
import { fileURLToPath } from 'node:url';

export const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache', import.meta.url));
