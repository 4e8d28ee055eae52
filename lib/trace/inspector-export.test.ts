import exported from '../../e2e/fixtures/inspector/inspector-protocol-everything-2026-09-03T14-21-09.482Z.json?raw';
import golden from '../../e2e/golden/everything-stdio.v2.loupe.ndjson?raw';
import { describe, expect, it } from 'vitest';
import { modelOfTrace } from '../model/trace-model';
import { importInspectorExport } from './inspector-export';
import { importOtherFormat } from './other-formats';
import { readTraceText } from './reader';
import { writeTrace } from './writer';

const FILE = 'inspector-protocol-everything-2026-09-03T14-21-09.482Z.json';
const opts = { fileName: FILE, loupeVersion: 't', createdAt: '2026-09-04T00:00:00.000Z' };
const label = (raw: string) => {
  const m = JSON.parse(raw) as { method?: string; id?: unknown };
  return m.method ?? `#${String(m.id)}`;
};

/** An entry as the Inspector logs one (`origin` left out where `origin` is undefined). */
const entry = (timestamp: string, direction: string, message: object, more: object = {}) => ({ id: 'x', timestamp, direction, message, ...more });

describe("the MCP Inspector's Protocol export as a trace", () => {
  it('unfolds each request’s response at its own time, in the order things crossed', () => {
    const trace = importInspectorExport(JSON.parse(exported), opts);
    const shown = trace.frames.map((f) => `${f.dir} ${label(f.raw)}`);
    expect(shown.slice(0, 6)).toEqual([
      'c2s initialize',
      // The answer to initialize, 369 ms later, before the initialized the Inspector sent on reading it (the same millisecond).
      's2c #0',
      'c2s notifications/initialized',
      'c2s tools/list',
      's2c notifications/tools/list_changed',
      's2c notifications/tools/list_changed',
    ]);
    expect(shown.slice(-3)).toEqual(['s2c roots/list', 'c2s #0', 's2c notifications/message']);
    // The fixture is the golden session as the Inspector logged it: the same messages, in the same order.
    const recorded = readTraceText(golden).frames.filter((f) => f.lane === 'message');
    expect(shown).toEqual(recorded.map((f) => `${f.dir} ${label(f.raw)}`));
    expect(trace.frames[1].ts - trace.frames[0].ts).toBe(369_000);
    expect(trace.frames.every((f, i) => i === 0 || f.ts >= trace.frames[i - 1].ts)).toBe(true);
    expect(trace.header).toMatchObject({
      source: 'import',
      startedAt: '2026-09-03T14:21:07.486Z',
      negotiatedVersion: '2025-06-18',
      target: { transport: 'stdio', framing: 'messages', name: 'everything' },
      importedFrom: { kind: 'mcp-inspector', file: FILE },
    });
    // It says what it lacks: bytes, the transport, stderr, the clock's resolution.
    expect(trace.header.importedFrom?.lacks?.join('\n')).toMatch(/bytes on the wire[^]*transport[^]*stderr[^]*millisecond/);
    // A valid trace: written and read back unchanged.
    expect(readTraceText(writeTrace(trace)).frames).toEqual(trace.frames);
    // The session model pairs every request with its answer, and finds what it finds in the recording.
    const model = modelOfTrace(trace);
    expect(model.calls.all.filter((c) => c.responseSeq === undefined)).toEqual([]);
    const findings = (m: typeof model) => m.annotations.map((a) => `${a.rule}: ${a.message}`);
    // All but the server's stderr, which the export does not hold.
    expect(findings(model)).toEqual(findings(modelOfTrace(readTraceText(golden))).filter((f) => !f.startsWith('stdio.stderr')));
  });

  it('a pinned section, an older export without origin, a client that refused a response', () => {
    const value = [
      entry(
        '2026-09-03T10:00:00.000Z',
        'request',
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        { response: { jsonrpc: '2.0', id: 1, result: { tools: [] } }, duration: 12, clientError: 'ttlMs is required' },
      ),
      entry('2026-09-03T10:00:00.020Z', 'request', { jsonrpc: '2.0', id: 0, method: 'sampling/createMessage', params: {} }),
      entry('2026-09-03T10:00:00.030Z', 'response', { jsonrpc: '2.0', id: 9, result: {} }),
    ];
    const trace = importInspectorExport(value, { ...opts, fileName: 'inspector-protocol-pinned-my%20server-2026-09-03T10-00-01.000Z.json' });
    expect(trace.frames.map((f) => [f.ts, f.dir, f.lane, f.lane === 'message' ? label(f.raw) : f.raw])).toEqual([
      [0, 'c2s', 'message', 'tools/list'],
      [12_000, 's2c', 'message', '#1'],
      [12_000, 'local', 'lifecycle', 'the Inspector’s client rejected this message: ttlMs is required'],
      [20_000, 's2c', 'message', 'sampling/createMessage'],
      [30_000, 's2c', 'message', '#9'],
    ]);
    expect(trace.header.target.name).toBe('my server');
    const lacks = trace.header.importedFrom?.lacks?.join('\n');
    expect(lacks).toContain('only the Inspector’s pinned entries');
    expect(lacks).toContain('who sent 3 entries: an older export has no "origin"');
  });

  it('names the entry that does not fit, and why', () => {
    const good = JSON.parse(exported) as object[];
    const bad = (patch: object) => [...good.slice(0, 2), { ...good[2], ...patch }];
    expect(() => importInspectorExport(bad({ timestamp: 'yesterday' }), opts)).toThrow(/entry 3 has no timestamp \(an ISO date\): "yesterday"/);
    expect(() => importInspectorExport(bad({ origin: 'host' }), opts)).toThrow(/entry 3 has origin "host", expected "client" or "server"/);
    expect(() => importInspectorExport(bad({ duration: -4 }), opts)).toThrow(/entry 3 has duration -4/);
    expect(() => importInspectorExport(bad({ message: 'ping' }), opts)).toThrow(/entry 3 has no message/);
  });
});

describe('files other than traces', () => {
  it('reads the export and the host logs, and leaves what is not JSON (or is a Loupe trace) to the trace reader', () => {
    expect(importOtherFormat(exported, opts)?.header.importedFrom?.kind).toBe('mcp-inspector');
    expect(importOtherFormat('{nope\n', opts)).toBeUndefined();
    expect(importOtherFormat('{"format":"loupe-trace","version":99}', opts)).toBeUndefined();
  });

  it('refuses any other JSON, saying what it is and what Loupe reads', () => {
    const readable = /Loupe opens its own traces \(\.loupe\.ndjson[^]*the MCP Inspector’s Protocol export[^]*Claude Desktop[^]*VS Code/;
    expect(() => importOtherFormat('{"log":{"version":"1.2","entries":[]}}', opts)).toThrow(
      /^this is a HAR file \(Loupe writes HAR from a session, but does not read it back\), not a file Loupe can read/,
    );
    expect(() => importOtherFormat('{"log":{"version":"1.2","entries":[]}}', opts)).toThrow(readable);
    expect(() => importOtherFormat('{\n  "name": "x",\n  "version": "1.0.0"\n}\n', opts)).toThrow(
      /^this is a JSON object \(with "name", "version"\), not a file Loupe can read/,
    );
    expect(() => importOtherFormat('[1, 2]', opts)).toThrow(/^this is a JSON array of something else/);
  });
});
