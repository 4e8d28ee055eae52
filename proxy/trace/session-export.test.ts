import { afterAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { Registry } from '../sessions/registry';
import { analyze } from '../../lib/analyze';
import { readTraceText, writeTrace } from '../../lib/trace';
import { exportSession } from './session-export';

const SECRET = 'everything-secret-4d2c9b7e1a';
const server = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');

describe('exporting a live session', () => {
  it("writes the session's request timeout in the header, so the file is judged as the session was", () => {
    const summary = {
      id: 's',
      connectionId: 'c',
      name: 'x',
      transport: 'stdio' as const,
      status: 'ready' as const,
      startedAt: 0,
      lastSeq: 0,
      attached: 0,
      requestTimeoutMs: 5_000,
    };
    const session = {
      connection: { id: 'c', name: 'x', transport: 'stdio' as const, command: 'node', args: [], env: {} },
      frames: () => [],
      summary: () => summary,
      maskedSecrets: () => [],
    };
    const text = writeTrace(exportSession(session, { loupeVersion: '0.1.0', redact: false }));
    expect(readTraceText(text).header.requestTimeoutMs).toBe(5_000);
  });

  const registry = new Registry();
  afterAll(() => registry.closeAll());

  it('redacts the connection env values that the server echoed, and keeps the rest', async () => {
    // `echo` sends the secret back, so it crosses the wire in both directions.
    const session = registry.open(
      { id: 'c1', name: 'everything', transport: 'stdio', command: process.execPath, args: [server, 'stdio'], env: { EVERYTHING_API_TOKEN: SECRET } },
      { protocolVersion: '2025-06-18', clientCapabilities: {} },
    );
    await expect.poll(() => session.summary().status, { timeout: 15_000 }).toBe('ready');
    await session.request('tools/call', { name: 'echo', arguments: { message: `token ${SECRET}` } });
    const prepared = exportSession(session, { loupeVersion: '0.1.0', redact: {} });
    const text = writeTrace({ header: prepared.header, frames: prepared.frames });
    expect(text).not.toContain(SECRET);
    expect(prepared.hits.filter((h) => h.rule === 'env:EVERYTHING_API_TOKEN').length).toBeGreaterThanOrEqual(2);
    const back = readTraceText(text);
    expect(back.header).toMatchObject({ source: 'live', negotiatedVersion: '2025-06-18', target: { transport: 'stdio', name: 'everything' } });
    expect(JSON.stringify(back.header)).not.toContain(SECRET);
    expect(back.frames.map((f) => f.seq)).toEqual(session.frames().map((f) => f.seq));
    // Record, export, import: the analyser finds the same things in the file as in the session.
    expect(analyze(back.frames).annotations).toEqual(analyze(session.frames()).annotations);
    const plain = exportSession(session, { loupeVersion: '0.1.0', redact: false });
    expect(readTraceText(writeTrace({ header: plain.header, frames: plain.frames })).frames).toEqual(session.frames());
    expect(exportSession(session, { loupeVersion: '0.1.0', redact: false }).frames.some((f) => f.raw.includes(SECRET))).toBe(true);
  });
});

describe("a tap's export", () => {
  it('records the version its frames settled on, though its summary has none (no client of Loupe fills it in)', () => {
    const raws = [
      {
        dir: 'c2s' as const,
        m: {
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'host', version: '1' } },
        },
      },
      {
        dir: 's2c' as const,
        m: { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '1' } } },
      },
      { dir: 'c2s' as const, m: { jsonrpc: '2.0', method: 'notifications/initialized' } },
    ];
    const frames = raws.map(({ dir, m }, i) => {
      const raw = JSON.stringify(m);
      return { seq: i + 1, ts: i, dir, lane: 'message' as const, raw, size: raw.length };
    });
    const tap = {
      connection: { id: 'c', name: 'tap', transport: 'stdio' as const, command: 'x', args: [], env: {} },
      frames: () => frames,
      summary: () => ({
        id: 't',
        connectionId: 'c',
        name: 'tap',
        transport: 'stdio' as const,
        source: 'tap' as const,
        client: false,
        status: 'ready' as const,
        startedAt: 0,
        lastSeq: frames.length,
        attached: 0,
      }),
    };
    expect(exportSession(tap, { loupeVersion: '0.1.0', redact: false, source: 'tap' }).header.negotiatedVersion).toBe('2025-06-18');
  });
});
