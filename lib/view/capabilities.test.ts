import { describe, expect, it } from 'vitest';
import { capabilityCatalog } from '../mcp/capability-catalog';
import { capabilityRows } from './capability-rows';
import { handshakeFacts } from './handshake';
import { modelOf } from '../model/session-model';
import type { Frame } from '../mcp/frame';

const readHandshake = (frames: Frame[]) => handshakeFacts(modelOf(frames).state);
import { usedMethods } from './used-methods';
import { SequenceModel } from './sequence-model';
import { severityByFrame } from './annotation';
import { FrameScript } from './frames.fixture';

describe('capability catalog', () => {
  it('grows with the version', () => {
    const paths = (side: 'client' | 'server', v: string) => capabilityCatalog(side, v).map((d) => d.path);
    expect(paths('client', '2024-11-05')).toEqual(['experimental', 'roots', 'roots.listChanged', 'sampling']);
    expect(paths('client', '2025-06-18')).toContain('elicitation');
    expect(paths('client', '2025-06-18')).not.toContain('elicitation.url');
    expect(paths('client', '2025-11-25')).toEqual(expect.arrayContaining(['sampling.tools', 'elicitation.url', 'tasks.requests.elicitation.create']));
    expect(paths('server', '2024-11-05')).not.toContain('completions');
    expect(paths('server', '2025-03-26')).toContain('completions');
    expect(paths('server', '2025-11-25')).toContain('tasks.requests.tools.call');
  });
});

describe('capability rows', () => {
  it('lists every capability of the version, declared or not, and flags unknown keys', () => {
    const rows = capabilityRows('server', '2025-06-18', { tools: { listChanged: false }, resources: { subscribe: true }, experimental: { x: {} }, bogus: {} });
    const by = new Map(rows.map((r) => [r.path, r]));
    expect(by.get('tools')).toMatchObject({ declared: true, value: '{"listChanged":false}', depth: 0 });
    expect(by.get('tools.listChanged')).toMatchObject({ declared: false, value: 'false', depth: 1 });
    expect(by.get('resources.subscribe')!.declared).toBe(true);
    expect(by.get('prompts')).toMatchObject({ declared: false, value: undefined });
    expect(by.get('experimental.x')).toMatchObject({ declared: true, unknown: false });
    expect(by.get('bogus')).toMatchObject({ declared: true, unknown: true });
  });
});

describe('handshake facts and used methods', () => {
  function session() {
    const s = new FrameScript().handshake({ roots: {} }, { tools: {}, logging: {} }, '2025-06-18');
    s.request('c2s', 1, 'tools/list');
    s.result('s2c', 1);
    s.request('c2s', 2, 'prompts/list'); // server did not declare prompts
    s.error('s2c', 2, -32601, 'no');
    s.request('s2c', 9, 'sampling/createMessage'); // client did not declare sampling
    s.notify('s2c', 'notifications/message', { level: 'info' });
    s.request('s2c', 10, 'tools/call'); // wrong direction
    s.request('c2s', 3, 'acme/custom');
    return s;
  }

  it('reads versions, identities, capabilities and instructions from the handshake', () => {
    expect(readHandshake(session().frames)).toEqual({
      requestedVersion: '2025-06-18',
      selectedVersion: '2025-06-18',
      clientInfo: { name: 'loupe', version: '1' },
      serverInfo: { name: 'srv', version: '2' },
      clientCapabilities: { roots: {} },
      serverCapabilities: { tools: {}, logging: {} },
      instructions: 'be nice',
      initializeSeq: 1,
      resultSeq: 2,
      era: 'legacy',
      serverEra: 'legacy',
      extensions: [],
    });
  });

  it('counts each method per direction and says whether it was allowed', () => {
    const s = session();
    const m = new SequenceModel();
    m.push(s.frames);
    const facts = readHandshake(s.frames);
    const annotation = { rule: 'capability.receiver-undeclared', severity: 'error' as const, frames: [6], message: 'prompts/list without prompts' };
    const used = usedMethods(
      m,
      { version: facts.selectedVersion, clientCapabilities: facts.clientCapabilities, serverCapabilities: facts.serverCapabilities },
      [annotation],
    );
    const by = new Map(used.map((u) => [`${u.from} ${u.method}`, u]));
    expect(by.get('client initialize')).toMatchObject({ count: 1, allowed: true, kind: 'request' });
    expect(by.get('client tools/list')!.allowed).toBe(true);
    expect(by.get('client prompts/list')).toMatchObject({ allowed: false, note: 'the server did not declare prompts', annotation });
    expect(by.get('server sampling/createMessage')).toMatchObject({ allowed: false, note: 'the client did not declare sampling' });
    expect(by.get('server notifications/message')).toMatchObject({ allowed: true, kind: 'notification' });
    expect(by.get('server tools/call')).toMatchObject({ allowed: false, note: 'only the client may send it' });
    expect(by.get('client acme/custom')).toMatchObject({ allowed: true, note: 'not defined by 2025-06-18 (custom or newer)' });
  });

  it('keeps the worst severity per frame', () => {
    const m = severityByFrame([
      { rule: 'a', severity: 'info', frames: [1, 2], message: '' },
      { rule: 'b', severity: 'error', frames: [2], message: '' },
      { rule: 'c', severity: 'warning', frames: [2, 3], message: '' },
    ]);
    expect([...m]).toEqual([
      [1, 'info'],
      [2, 'error'],
      [3, 'warning'],
    ]);
  });
});

describe('capability rows of a 2025-11-25 server with tasks', () => {
  it('knows every level of the tasks capability', () => {
    const rows = capabilityRows('server', '2025-11-25', { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } });
    expect(rows.filter((r) => r.unknown)).toEqual([]);
    expect(rows.find((r) => r.path === 'tasks.requests.tools.call')).toMatchObject({ declared: true, depth: 3 });
  });
});
