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

/** Opens headless sessions; with a store in `config`, each is written to disk as it runs. */
export function headlessOpener(config?: SessionConfig): OpenSession {
  return (connection, options) => {
    const registry = createSessionRegistry({ keepAliveMs: 24 * 3600_000, ...(config ? { session: config } : {}) });
    const session = registry.open(connection, options);
    answerHeadlessly(session);
    return session;
  };
}

export const openHeadless: OpenSession = headlessOpener();
