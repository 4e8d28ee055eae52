// Where a clone keeps what it compiles for itself: the stdio tap's native relay (proxy/tap/native)
// only. The CLI itself runs from dist/, built ahead (scripts/build.ts), never at run time. Found by
// walking up to Loupe's package.json, as this module runs from its source and from a chunk in dist/.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function loupeRoot() {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'mcp-loupe') return dir;
    if (path.dirname(dir) === dir) return fileURLToPath(new URL('../..', import.meta.url));
  }
}

export const CACHE_DIR = path.join(loupeRoot(), 'node_modules/.cache');
