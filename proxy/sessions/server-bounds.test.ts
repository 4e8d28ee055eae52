/** A server cannot grow a session's client state without limit: asks that wait for a person and the
 *  per-URI count of resource updates are both bounded, against a real process over stdio. */
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_UPDATED_URIS } from './driver/resource-updates';
import { MAX_WAITING } from './server-requests';
import type { Session } from './session';
import { sessionFor } from './sources';
import { inlineServer, waitFor } from './test-support';

const sessions: Session[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

const ASKS = 200;
const URIS = MAX_UPDATED_URIS + 300;

// Once initialized: ASKS elicitation requests, then URIS resources/updated notices, each on a URI of its own.
const ASKING = `
require('readline').createInterface({ input: process.stdin }).on('line', (l) => {
  const m = JSON.parse(l);
  const out = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
  if (m.method === 'initialize') out({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: '2025-11-25', capabilities: { resources: { subscribe: true } }, serverInfo: { name: 'asking', version: '1' } } });
  if (m.method === 'notifications/initialized') {
    for (let i = 0; i < ${ASKS}; i++) out({ jsonrpc: '2.0', id: 'e' + i, method: 'elicitation/create', params: { message: 'name?', requestedSchema: { type: 'object', properties: {} } } });
    for (let i = 0; i < ${URIS}; i++) out({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'test://r/' + i } });
  }
});`;

describe('a server that asks and notifies without end', () => {
  it('has at most MAX_WAITING asks wait for a person, answers the rest with the reason, and counts a bounded set of URIs', async () => {
    const s = sessionFor('asking', inlineServer(ASKING), { protocolVersion: '2025-11-25', clientCapabilities: { elicitation: {} } });
    sessions.push(s);
    await s.start();
    const refusals = () => s.frames().filter((f) => f.dir === 'c2s' && f.raw.includes('requests waiting for a person'));
    await waitFor(() => refusals().length === ASKS - MAX_WAITING, 10_000, 'the refusals');
    expect(s.pending()).toHaveLength(MAX_WAITING);
    expect(JSON.parse(refusals()[0].raw)).toMatchObject({ id: `e${MAX_WAITING}`, error: { code: -32603 } });
    await waitFor(() => s.client!.state().resourceUpdates[`test://r/${URIS - 1}`] !== undefined, 10_000, 'the last update');
    expect(Object.keys(s.client!.state().resourceUpdates)).toHaveLength(MAX_UPDATED_URIS);
  });
});
