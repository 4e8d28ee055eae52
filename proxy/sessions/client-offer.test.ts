/** After the handshake the page's sessions list what the server declared, in the proxy, and keep it fresh. */
import { afterEach, describe, expect, it } from 'vitest';
import type { ListName } from '../../lib/client/paged-list';
import type { ClientSettings, Connection } from '../../lib/wire/connection';
import type { OpenOptions } from '../../lib/wire/protocol';
import { offeredLists } from './driver/offer';
import type { Session } from './session';
import { sessionFor } from './sources';
import { everythingServer, fixtureServer, inlineServer, waitFor } from './test-support';

const sessions: Session[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

async function ready(connection: Connection, listOffer: boolean | undefined, settings?: ClientSettings, more: Partial<OpenOptions> = {}): Promise<Session> {
  const s = sessionFor(
    `offer${sessions.length}`,
    { ...connection, options: settings ? { settings } : undefined },
    { protocolVersion: '2025-11-25', clientCapabilities: {}, listOffer, ...more },
    { initializeTimeoutMs: 30_000 },
  );
  sessions.push(s);
  await s.start();
  expect(s.summary().status).toBe('ready');
  return s;
}

const listRequests = (s: Session) =>
  s
    .frames()
    .filter((f) => f.dir === 'c2s' && /"method":"[a-z/]+\/list"/.test(f.raw))
    .map((f) => (JSON.parse(f.raw) as { method: string }).method);

const settled = (s: Session, names: ListName[]) => names.every((n) => s.client!.state().lists[n]?.loading === false);

// Declares tools only (and answers every request it knows, so a stray list would be seen).
const TOOLS_ONLY = `
require('readline').createInterface({ input: process.stdin }).on('line', (l) => {
  const m = JSON.parse(l);
  const out = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
  if (m.method === 'initialize') out({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'tools-only', version: '1' } } });
  else if (m.method === 'tools/list') out({ jsonrpc: '2.0', id: m.id, result: { tools: [{ name: 'only', inputSchema: { type: 'object' } }] } });
  else if (m.id !== undefined) out({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'no ' + m.method } });
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

describe('which lists a server offers', () => {
  it('is the lists of each capability it declared, templates with resources, nothing else', () => {
    expect(offeredLists({ tools: {}, resources: { subscribe: true }, prompts: {}, logging: {} })).toEqual(['tools', 'resources', 'templates', 'prompts']);
    expect(offeredLists({ prompts: { listChanged: false } })).toEqual(['prompts']);
    expect(offeredLists({ logging: {}, completions: {} })).toEqual([]);
    expect(offeredLists(undefined)).toEqual([]);
    expect(offeredLists({ tools: null })).toEqual([]);
  });
});

describe('the server offer, listed after the handshake', () => {
  it('lists tools, resources, templates and prompts of server-everything without being asked', async () => {
    const s = await ready(everythingServer(), true);
    await waitFor(() => settled(s, ['tools', 'resources', 'templates', 'prompts']), 10_000, 'the four lists');
    const lists = s.client!.state().lists;
    expect(lists.tools!.items.map((t) => t.name)).toContain('echo');
    expect(lists.resources!.items.length).toBeGreaterThan(0);
    expect(lists.templates!.items.length).toBeGreaterThan(0);
    expect(lists.prompts!.items.length).toBeGreaterThan(0);
    expect(lists.tasks).toBeUndefined();
    // (server-everything may say a list changed right away: that list is read again then.)
    expect([...new Set(listRequests(s))].sort()).toEqual(['prompts/list', 'resources/list', 'resources/templates/list', 'tools/list']);
  });

  it('lists only what the server declared', async () => {
    const s = await ready(inlineServer(TOOLS_ONLY), true);
    await waitFor(() => settled(s, ['tools']), 5000, 'tools');
    await new Promise((r) => setTimeout(r, 200));
    expect(listRequests(s)).toEqual(['tools/list']);
    expect(s.client!.state().lists.prompts).toBeUndefined();
    expect(s.client!.state().lists.resources).toBeUndefined();
  });

  it('lists what a modern server declared in server/discover, in the modern era', async () => {
    const s = await ready(fixtureServer('modern-only.mjs'), true, undefined, { era: 'modern' });
    await waitFor(() => settled(s, ['tools']), 5000, 'tools');
    expect(s.summary().era).toBe('modern');
    expect(listRequests(s)).toContain('tools/list');
    expect(s.client!.state().lists.tools!.items.length).toBeGreaterThan(0);
  });

  it('reads a list once more after a burst of list_changed, not once per notification', async () => {
    const s = await ready(inlineServer(BURST), true);
    // Whether a notice lands while the first read is still settling or just after it is up to the
    // scheduler; what holds either way: the list shown was read after the last notice, and the
    // burst cost one read or two, never one per notice.
    const lastNotice = () =>
      Math.max(
        ...s
          .frames()
          .filter((f) => f.raw.includes('list_changed'))
          .map((f) => f.seq),
      );
    const answers = () => s.frames().filter((f) => f.dir === 's2c' && f.raw.includes('"tools":['));
    await waitFor(() => answers().some((f) => f.seq > lastNotice()), 5000, 'a read after the burst');
    // The list shown is the newest answer, whichever of the reads after the burst that is.
    const newestShown = () => {
      const newest = answers().at(-1)!;
      const name = (JSON.parse(newest.raw) as { result: { tools: { name: string }[] } }).result.tools[0].name;
      return newest.seq > lastNotice() && s.client!.state().lists.tools?.items[0]?.name === name;
    };
    await waitFor(newestShown, 5000, 'the list read after the burst');
    await new Promise((r) => setTimeout(r, 300));
    const reads = listRequests(s);
    expect(reads.every((m) => m === 'tools/list')).toBe(true);
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(reads.length).toBeLessThanOrEqual(3);
  });

  it('lists nothing for a session that did not ask (a headless client), or when the connection turned list refresh off', async () => {
    const quiet = await ready(inlineServer(BURST), undefined);
    const off = await ready(inlineServer(BURST), true, { autoRefreshLists: false });
    await new Promise((r) => setTimeout(r, 300));
    expect(listRequests(quiet)).toEqual([]);
    expect(listRequests(off)).toEqual([]);
    expect(off.client!.state().lists.tools).toBeUndefined();
  });
});
