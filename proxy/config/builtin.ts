import { createRequire } from 'node:module';
import type { StdioConnection } from '../../lib/wire/connection';

export const BUILTIN_CONNECTION_ID = 'server-everything';

/**
 * The reference server shipped with Loupe, run by the same Node that runs Loupe, so "Connect"
 * works on a fresh install with nothing typed and nothing else installed. Its path is resolved at
 * every launch (never stored), so moving the install does not leave a stale path behind.
 */
export function builtinConnection(): StdioConnection {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
  return {
    id: BUILTIN_CONNECTION_ID,
    name: 'server-everything (reference server)',
    transport: 'stdio',
    command: process.execPath,
    args: [entry, 'stdio'],
    env: {},
    builtin: true,
  };
}
