/** After the handshake the page's sessions list what the server declared, in the proxy. */
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientSettings, StdioConnection } from '../../lib/wire/connection';
import type { Session } from './session';
import { sessionFor } from './sources';
import { everythingServer, inlineServer, waitFor } from './test-support';

const sessions: Session[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

async function ready(connection: StdioConnection, listOffer: boolean | undefined, settings?: ClientSettings): Promise<Session> {
  const s = sessionFor(`offer${sessions.length}`, { ...connection, options: settings ? { settings } : undefined }, { protocolVersion: '2025-11-25', clientCapabilities: {}, listOffer });
  sessions.push(s);
  await s.start();
  expect(s.summary().status).toBe('ready');
  return s;
}

const listRequests = (s: Session) => s.frames().filter((f) => f.dir === 'c2s' && /"method":"[a-z/]+\/list"/.test(f.raw)).map((f) => (JSON.parse(f.raw) as { method: string }).method);

// Declares tools only; answers every request it knows.
const TOOLS_ONLY = `
require('readline').createInterface({ input: process.stdin }).on('line', (l) => {
  const m = JSON.parse(l);
  const out = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
  if (m.method === 'initialize') out({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'tools-only', version: '1' } } });
  if (m.method === 'tools/list') out({ jsonrpc: '2.0', id: m.id, result: { tools: [{ name: 'only', inputSchema: { type: 'object' } }] } });
  else if (m.id !== undefined && m.method !== 'initialize') out({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'no ' + m.method } });
});`;

// Declares tools; after the first tools/list it announces five changes in a row.
const BURST = `
let n = 0;
require('readline').createInterface({ input: process.stdin }).on('line', (l) => {
  const m = JSON.parse(l);
  const out = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
  if (m.method === 'initialize') out({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: '2025-11-25', capabilities: { tools: { listChanged: true } }, serverInfo: { name: 'burst', version: '1' } } });
  if (m.method !== 'tools/list') return;
  out({ jsonrpc: '2.0', id: m.id, result: { tools: [{ name: 't' + n, inputSchema: { type: 'object' } }] } });
  if (n++ === 0) for (let i = 0; i < 5; i++) out({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
});`;

describe('the server offer, listed after the handshake', () => {
  it('lists tools, resources, templates and prompts of server-everything without being asked', async () => {
    const s = await ready(everythingServer(), true);
    const lists = await waitFor(() => {
      const l = s.client!.state().lists;
      return ['tools', 'resources', 'templates', 'prompts'].every((n) => l[n as 'tools']?.loading === false) ? l : undefined;
    }, 10_000, 'the four lists');
    expect(lists.tools!.items.map((t) => t.name)).toContain('echo');
    expect(lists.resources!.items.length).toBeGreaterThan(0);
    expect(lists.templates!.items.length).toBeGreaterThan(0);
    expect(lists.prompts!.items.length).toBeGreaterThan(0);
    // (server-everything may say its tools changed right away: the list is read again then.)
    expect([...new Set(listRequests(s))].sort()).toEqual(['prompts/list', 'resources/list', 'resources/templates/list', 'tools/list']);
  });

  it('lists only what the server declared', async () => {
    const s = await ready(inlineServer(TOOLS_ONLY), true);
    await waitFor(() => s.client!.state().lists.tools?.loading === false, 5000, 'tools');
    expect(listRequests(s)).toEqual(['tools/list']);
    expect(s.client!.state().lists.prompts).toBeUndefined();
  });

  it('reads a list once more after a burst of list_changed, not once per notification', async () => {
    const s = await ready(inlineServer(BURST), true);
    await waitFor(() => s.client!.state().lists.tools?.items[0]?.name === 't2', 5000, 'the read after the burst');
    await new Promise((r) => setTimeout(r, 300));
    expect(listRequests(s)).toEqual(['tools/list', 'tools/list', 'tools/list']);
  });

  it('lists nothing for a session that did not ask (a headless client), or when the connection turned list refresh off', async () => {
    const quiet = await ready(everythingServer(), undefined);
    const off = await ready(everythingServer(), true, { autoRefreshLists: false });
    await new Promise((r) => setTimeout(r, 300));
    expect(listRequests(quiet)).toEqual([]);
    expect(listRequests(off)).toEqual([]);
    expect(off.client!.state().lists.tools).toBeUndefined();
  });
});
