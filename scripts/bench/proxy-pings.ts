/**
 * The same pings through Loupe: `session/request` with method `ping` over the page's WebSocket,
 * to a server-everything session the proxy runs (the built-in connection), with the session
 * attached so its frames stream to this client as they would to the page.
 */
import type { PageClient } from './page-client';
import type { Pinger } from './stats';

/** Opens a session on a saved connection, waits for the handshake, attaches. */
export async function openSession(page: PageClient, connectionId: string): Promise<{ sessionId: string; snapshotEnd: number }> {
  const hello = await page.hello;
  const opened = await page.call({ type: 'session/open', connectionId, options: hello.defaults });
  if (opened.type !== 'ack' || !opened.ok || !opened.sessionId) throw new Error(`session/open failed: ${JSON.stringify(opened)}`);
  await page.ready(opened.sessionId);
  return { sessionId: opened.sessionId, snapshotEnd: await page.attach(opened.sessionId) };
}

/** Pings as the page sends them: `session/request` with method `ping`, awaited by its rid. */
export async function proxyPinger(page: PageClient): Promise<Pinger> {
  const hello = await page.hello;
  const builtin = hello.connections.find((c) => c.builtin);
  if (!builtin) throw new Error('the proxy offers no built-in connection (server-everything)');
  const { sessionId } = await openSession(page, builtin.id);
  return {
    async ping() {
      const reply = await page.call({ type: 'session/request', sessionId, method: 'ping' });
      if (reply.type !== 'request/result' || reply.error) throw new Error(`ping failed: ${JSON.stringify(reply)}`);
    },
    async close() {
      await page.call({ type: 'session/close', sessionId });
    },
  };
}
