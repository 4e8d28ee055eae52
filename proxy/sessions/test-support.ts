/** Helpers shared by the proxy's tests: real servers, polling, and process checks. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StdioConnection } from '../../lib/wire/connection';
import { groupAlive, processRunning } from '../transports/process-group';

/** The one liveness test, under the name the tests wait on. */
export const processAlive = processRunning;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function everythingServer(): StdioConnection {
  const entry = path.join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
  return { id: 'everything', name: 'server-everything', transport: 'stdio', command: process.execPath, args: [entry, 'stdio'], env: {} };
}

/** A fixture server from e2e/fixtures/servers, run with this Node. */
export function fixtureServer(file: string): StdioConnection {
  return { id: file, name: file, transport: 'stdio', command: process.execPath, args: [path.join(root, 'e2e/fixtures/servers', file)], env: {} };
}

/** A one-off server written inline, run with `node -e` (an argument, not a shell). */
export function inlineServer(script: string): StdioConnection {
  return { id: 'inline', name: 'inline', transport: 'stdio', command: process.execPath, args: ['-e', script], env: {} };
}

export async function waitFor<T>(probe: () => T | undefined | false, ms = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** True when neither the process nor any live process of its group is left (zombies count as gone). */
export function processGone(pid: number): boolean {
  return !processAlive(pid) && !groupAlive(pid);
}
