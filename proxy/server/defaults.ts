import { createRequire } from 'node:module';
import { DEFAULT_PROTOCOL_VERSION } from '../../lib/mcp/versions';
import type { OpenOptions } from '../../lib/wire/protocol';

export const LOUPE_VERSION: string = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

/**
 * What the page pre-fills for a new session (both editable there). The client declares what
 * the page can answer for the person: roots, sampling and elicitation requests from the server.
 */
export function defaultOpenOptions(): OpenOptions {
  return {
    protocolVersion: DEFAULT_PROTOCOL_VERSION,
    clientCapabilities: { roots: { listChanged: true }, sampling: {}, elicitation: {} },
    clientInfo: { name: 'loupe', version: LOUPE_VERSION },
  };
}
