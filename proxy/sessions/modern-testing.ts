/** Sessions of Loupe's client in a chosen era, for the tests that drive the modern fixture servers. */
import type { EraChoice } from '../../lib/mcp/modern';
import type { Connection, HttpConnection } from '../../lib/wire/connection';
import { startFixture, type RunningServer } from '../transports/http/testing';
import type { Session } from './session';
import { sessionFor } from './sources';

/** Every capability a modern fixture can ask of the client, tasks as the 2026-07-28 extension. */
export const MODERN_TEST_CAPS = { elicitation: { form: {} }, sampling: {}, roots: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } };

/** Opens sessions and HTTP fixtures and remembers them, so `cleanup` (run it after each test) ends them all. */
export function eraSessions(prefix: string) {
  const sessions: Session[] = [];
  const servers: RunningServer[] = [];
  return {
    servers,
    async open(conn: Connection, era: EraChoice, protocolVersion = '2025-11-25'): Promise<Session> {
      const s = sessionFor(`${prefix}${sessions.length}`, conn, {
        protocolVersion,
        clientCapabilities: MODERN_TEST_CAPS,
        era,
        roots: [{ uri: 'file:///work' }],
      });
      sessions.push(s);
      await s.start();
      return s;
    },
    /** A fixture from e2e/fixtures/servers run over Streamable HTTP, as a connection. */
    async httpFixture(name: string): Promise<HttpConnection> {
      const server = await startFixture(name, ['--http']);
      servers.push(server);
      return { id: name, name, transport: 'http', url: server.url, headers: {}, mode: 'streamable' };
    },
    async cleanup(): Promise<void> {
      await Promise.all(sessions.splice(0).map((s) => s.close()));
      await Promise.all(servers.splice(0).map((s) => s.stop()));
    },
  };
}
