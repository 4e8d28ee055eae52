import { describe, expect, it } from 'vitest';
import type { AppLifecycleMeta, Frame, HttpExchangeMeta } from '../mcp/frame';
import { toFrame } from '../mcp/frame-check';
import { analyze } from '../analyze';
import { TRACE_VERSION, readTraceText, writeTrace } from './index';
import { traceToHar } from '../render';
import { header, lines } from './testing';
import httpV1 from '../../e2e/golden/everything-http.v1.loupe.ndjson?raw';

const goldens = import.meta.glob('../../e2e/golden/*.loupe.ndjson', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

const exchangeMeta = (f: Frame): HttpExchangeMeta | undefined => (f.lane === 'http' ? f.meta : undefined);

describe('golden traces', () => {
  it('every golden trace, of every version, loads and validates', () => {
    expect(Object.keys(goldens).length).toBeGreaterThanOrEqual(4);
    for (const [file, text] of Object.entries(goldens)) {
      const trace = readTraceText(text);
      expect(trace.header.version, file).toBe(TRACE_VERSION);
      expect(trace.frames.length, file).toBeGreaterThan(20);
    }
  });
});

describe('version 2 to 3', () => {
  const v2 = goldens['../../e2e/golden/everything-stdio.v2.loupe.ndjson'];

  it('keeps every frame of a version-2 file exactly, on the session channel', () => {
    const before = v2
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l));
    const trace = readTraceText(v2);
    expect(trace.frames).toEqual(before);
    expect(trace.frames.every((f) => f.channel === undefined)).toBe(true);
  });

  it('reads the MCP Apps golden: the app channel beside the session, its events typed', () => {
    const trace = readTraceText(goldens['../../e2e/golden/apps-basic.v3.loupe.ndjson']);
    const app = trace.frames.filter((f) => f.channel === 'app:1');
    expect(app.length).toBeGreaterThan(10);
    expect(app[0].meta).toMatchObject({ transport: 'app', event: 'app-mounted', toolName: 'get-time', resourceUri: 'ui://get-time/mcp-app.html' });
    const mounted = app[0].meta as Extract<AppLifecycleMeta, { event: 'app-mounted' }>;
    const call = trace.frames.find((f) => f.seq === mounted.requestSeq);
    expect(call?.channel).toBeUndefined();
    expect(call?.raw).toContain('"method":"tools/call"');
  });
});

describe('version 1 to 2', () => {
  // Recorded by Loupe 0.1.0 (format 1) from server-everything over Streamable HTTP, with probes.
  const v1Lines = httpV1
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const trace = readTraceText(httpV1);

  it('turns HTTP header objects into ordered [name, value] pairs, losing none', () => {
    const before = v1Lines.slice(1).filter((f) => f.meta?.headers !== undefined);
    expect(before.length).toBeGreaterThan(10);
    for (const old of before) {
      const m = exchangeMeta(trace.frames.find((f) => f.seq === old.seq)!);
      expect(m?.phase === 'request' || m?.phase === 'response', `frame ${old.seq}`).toBe(true);
      if (m?.phase === 'request' || m?.phase === 'response') expect(m.headers).toEqual(Object.entries(old.meta.headers));
    }
    // The redacted credential stays redacted.
    expect(httpV1).toContain('«redacted:authorization»');
    expect(writeTrace(trace)).not.toContain('golden-token');
  });

  it('says how the target frames messages', () => {
    expect(trace.header.target).toMatchObject({ transport: 'http', framing: 'messages' });
    expect(readTraceText(goldens['../../e2e/golden/everything-stdio.v1.loupe.ndjson']).header.target.framing).toBe('lines');
  });

  it('keeps every exchange readable: HAR and the probes verdicts come out as before', () => {
    const har = traceToHar(trace, '0') as { log: { entries: { request: { headers: unknown[] }; response: { status: number } }[] } };
    const requests = v1Lines.filter((f) => f.meta?.phase === 'request');
    expect(har.log.entries).toHaveLength(requests.length);
    expect(har.log.entries[0].request.headers.length).toBe(Object.keys(requests[0].meta.headers).length);
    const probeEnds = trace.frames.map(exchangeMeta).filter((m) => m?.phase === 'end' && m.stream === 'probe' && m.verdict !== undefined);
    expect(probeEnds).toHaveLength(2);
  });

  it('names the stream of exchange frames that early version-1 files left without one', () => {
    const text = lines(
      { ...header(), version: 1, target: { transport: 'http', name: 'h', url: 'http://127.0.0.1:1/mcp' } },
      {
        seq: 1,
        ts: 1,
        dir: 'c2s',
        lane: 'http',
        raw: 'GET /mcp HTTP/1.1\r\n\r\n',
        size: 20,
        meta: { transport: 'http', phase: 'request', method: 'GET', url: 'http://127.0.0.1:1/mcp', headers: { Accept: 'text/event-stream' } },
      },
      {
        seq: 2,
        ts: 2,
        dir: 's2c',
        lane: 'http',
        raw: '',
        size: 0,
        meta: { transport: 'http', phase: 'response', exchange: 1, status: 200, statusText: 'OK', headers: { 'content-type': 'text/event-stream' } },
      },
      {
        seq: 3,
        ts: 3,
        dir: 's2c',
        lane: 'message',
        raw: '{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}',
        size: 61,
        meta: { transport: 'http', exchange: 1 },
      },
      { seq: 4, ts: 4, dir: 's2c', lane: 'http', raw: '', size: 0, meta: { transport: 'http', phase: 'end', exchange: 1 } },
    );
    const t = readTraceText(text);
    expect(t.frames.map((f) => (f.meta && 'stream' in f.meta ? f.meta.stream : undefined))).toEqual(['get', 'get', 'get', 'get']);
    expect(exchangeMeta(t.frames[0])).toMatchObject({ headers: [['Accept', 'text/event-stream']] });
  });

  it('refuses a version-1 file whose meta has a field no version ever wrote, naming it', () => {
    const text = lines(
      { ...header(), version: 1 },
      { seq: 1, ts: 1, dir: 's2c', lane: 'message', raw: '{}', size: 2, meta: { transport: 'stdio', colour: 'red' } },
    );
    expect(() => readTraceText(text)).toThrow('line 2: frame 1: meta.colour: this field is not part of meta');
  });
});

describe('the analyser asks how a transport frames messages', () => {
  // One JSON-RPC message split over two frames: over stdio that is a message broken across lines;
  // over HTTP each frame is a whole (here invalid) message.
  const split = (meta?: Frame['meta']): Frame[] =>
    ['{"jsonrpc":"2.0","id":1,', '"method":"ping"}'].map((raw, i) => toFrame({ seq: i + 1, ts: i, dir: 'c2s', lane: 'message', raw, size: raw.length, meta }));
  const rules = (frames: Frame[], framing?: 'lines' | 'messages') =>
    [...new Set(analyze(frames, framing ? { framing } : {}).annotations.map((a) => a.rule))].sort();

  it('judges line rules on a line-framed trace, whatever its frames carry', () => {
    expect(rules(split(), 'lines')).toContain('stdio.multiline-json');
    expect(rules(split({ transport: 'http' }), 'lines')).toContain('stdio.multiline-json');
  });

  it('judges whole messages on a message-framed trace', () => {
    expect(rules(split(), 'messages')).not.toContain('stdio.multiline-json');
    expect(rules(split(), 'messages')).toContain('jsonrpc.invalid-json');
  });

  it('falls back to the transport each frame names when the source says nothing', () => {
    expect(rules(split({ transport: 'stdio' }))).toContain('stdio.multiline-json');
    expect(rules(split({ transport: 'http' }))).not.toContain('stdio.multiline-json');
  });

  it('reads the framing of the golden traces from their targets', () => {
    const http = readTraceText(httpV1);
    const stdio = readTraceText(goldens['../../e2e/golden/everything-stdio.v2.loupe.ndjson']);
    const judged = (t: typeof http) => analyze(t.frames, { framing: t.header.target.framing }).annotations.map((a) => a.rule);
    expect(judged(http).some((r) => r.startsWith('stdio.'))).toBe(false);
    expect(judged(stdio)).toContain('stdio.stderr');
  });
});
