import { describe, expect, it } from 'vitest';
import { script } from '../analyze/testing';
import { modelOf } from './session-model';

const meta = (extra: object = {}) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { roots: {} },
  'io.modelcontextprotocol/clientInfo': { name: 'c', version: '2' },
  ...extra,
});
const req = (id: number, method: string, params: object = {}) => ({ jsonrpc: '2.0', id, method, params });
const res = (id: number, result: object) => ({ jsonrpc: '2.0', id, result });
const discovered = (versions: string[]) =>
  res(1, {
    resultType: 'complete',
    supportedVersions: versions,
    capabilities: { tools: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } },
    instructions: 'be kind',
    ttlMs: 1000,
    cacheScope: 'public',
    _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'modern', version: '1' } },
  });
const rules = (frames: Parameters<typeof modelOf>[0]) => modelOf(frames).annotations.map((a) => a.rule);

describe('the era of each message and of the server', () => {
  it('reads a modern session from server/discover: no handshake rules, the discovered capabilities', () => {
    const s = script()
      .c(req(1, 'server/discover', { _meta: meta() }))
      .s(discovered(['2026-07-28']))
      .c(req(2, 'tools/list', { _meta: meta() }))
      .s(res(2, { resultType: 'complete', tools: [], ttlMs: 0, cacheScope: 'public' }));
    const m = modelOf(s.frames);
    expect(m.eras.server).toBe('modern');
    expect([1, 2, 3, 4].map((seq) => m.eras.eraAt(seq))).toEqual(['modern', 'modern', 'modern', 'modern']);
    expect(m.annotations.filter((a) => a.group === 'lifecycle' || a.rule === 'jsonrpc.unknown-method')).toEqual([]);
    expect(m.state).toMatchObject({
      negotiatedVersion: '2026-07-28',
      serverCapabilities: { tools: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } },
      instructions: 'be kind',
      serverInfo: { name: 'modern' },
      clientInfo: { name: 'c' },
      clientCapabilities: { roots: {} },
    });
    expect(m.eras.supportedVersions).toEqual(['2026-07-28']);
  });

  it('follows a dual-era probe that falls back to initialize, and judges the fallback as a legacy session', () => {
    const s = script()
      .c(req(1, 'server/discover', { _meta: meta() }))
      .s({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } })
      .c(req(2, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } }))
      .s(res(2, { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'old', version: '1' } }))
      .c(req(3, 'tools/list'));
    const m = modelOf(s.frames);
    expect(m.eras.server).toBe('legacy');
    expect([1, 2, 3, 4, 5].map((seq) => m.eras.eraAt(seq))).toEqual(['modern', 'modern', 'legacy', 'legacy', 'legacy']);
    expect(m.eras.changes.map((c) => [c.seq, c.era])).toEqual([
      [1, 'modern'],
      [3, 'legacy'],
    ]);
    expect(m.eras.changes[1].why).toMatch(/fell back/);
    const found = m.annotations.map((a) => a.rule);
    // The legacy rules still speak about the legacy part, and not about the probe before it.
    expect(found).toContain('lifecycle.missing-initialized');
    expect(found).not.toContain('lifecycle.initialize-not-first');
    expect(m.state.negotiatedVersion).toBe('2025-11-25');
  });

  it('calls a server that lists modern and legacy versions dual-era', () => {
    const m = modelOf(
      script()
        .c(req(1, 'server/discover', { _meta: meta() }))
        .s(discovered(['2026-07-28', '2025-11-25'])).frames,
    );
    expect(m.eras.server).toBe('dual-era');
  });

  it('takes a -32022 to the probe for a modern server', () => {
    const m = modelOf(
      script()
        .c(req(1, 'server/discover', { _meta: meta() }))
        .s({ jsonrpc: '2.0', id: 1, error: { code: -32022, message: 'Unsupported', data: { supported: ['2026-09-01'], requested: '2026-07-28' } } }).frames,
    );
    expect([m.eras.server, m.eras.supportedVersions]).toEqual(['modern', ['2026-09-01']]);
  });

  it('keeps judging a legacy session by the handshake rules', () => {
    expect(rules(script().c(req(1, 'tools/list')).frames)).toContain('lifecycle.initialize-not-first');
    const m = modelOf(script().handshake().c(req(1, 'tools/list')).frames);
    expect([m.eras.server, m.eras.current, m.eras.eraAt(4)]).toEqual(['legacy', 'legacy', 'legacy']);
  });
});
