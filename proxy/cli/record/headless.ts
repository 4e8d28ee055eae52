/**
 * Headless sessions for the CLI: the proxy's own session registry, with the server requests that
 * would wait for a person in the page answered at once (the CLI has nobody to ask).
 */
import path from 'node:path';
import type { StdioConnection } from '../../../lib/wire/connection';
import type { LiveSession } from '../../sessions/types';
import { createSessionRegistry } from '../../sessions/registry';
import type { OpenSession } from './run-session';
import type { SessionConfig } from '../../sessions/sources';

export function stdioConnection(command: string[], env: Record<string, string> = {}): StdioConnection {
  const [cmd, ...args] = command;
  return { id: 'cli', name: path.basename(cmd), transport: 'stdio', command: cmd, args, env };
}

/** A headless client offers no roots and cannot sample or elicit: say so in the answer. */
function answerHeadlessly(session: LiveSession): void {
  const answered = new Set<string>();
  session.on('pending', (pending) => {
    for (const p of pending) {
      if (answered.has(p.key)) continue;
      answered.add(p.key);
      if (p.method === 'roots/list') session.answer(p.key, { result: { roots: [] } });
      else session.answer(p.key, { error: { code: -32603, message: `loupe's headless client cannot answer ${p.method}` } });
    }
  });
}

/**
 * Opens headless sessions. With a store in `config`, each is written to disk as it runs and its
 * frames are not held in memory too (no page attaches to read them back): its memory does not grow
 * with the session, and what it recorded is read from the store.
 */
export function headlessOpener(config?: SessionConfig): OpenSession {
  const sessionConfig = config?.store ? { framesOnDiskOnly: true, ...config } : config;
  return (connection, options) => {
    const registry = createSessionRegistry({ keepAliveMs: 24 * 3600_000, ...(sessionConfig ? { session: sessionConfig } : {}) });
    const session = registry.open(connection, options);
    answerHeadlessly(session);
    return session;
  };
}

export const openHeadless: OpenSession = headlessOpener();
