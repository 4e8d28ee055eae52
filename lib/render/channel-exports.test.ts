import { describe, expect, it } from 'vitest';
import { readTraceText } from '../trace/reader';
import { writeTrace } from '../trace/writer';
import { SequenceModel } from '../view/sequence-model';
import { DEFAULT_LAYOUT, SequenceLayout } from '../view/sequence-layout';
import { sequenceToMermaid } from './sequence-mermaid';
import { sequenceToSvg } from './sequence-svg';
import { traceToHar, traceToOtlp } from '.';
import golden from '../../e2e/golden/apps-basic.v3.loupe.ndjson?raw';
import httpV1 from '../../e2e/golden/everything-http.v1.loupe.ndjson?raw';

const trace = readTraceText(golden);
const seqOf = (channel: string | undefined, text: string) => trace.frames.find((f) => f.channel === channel && f.raw.includes(text))!.seq;

function layout() {
  const m = new SequenceModel();
  m.push(trace.frames);
  return new SequenceLayout(m, DEFAULT_LAYOUT);
}

type Span = { name: string; spanId: string; parentSpanId?: string; attributes: { key: string; value: Record<string, unknown> }[] };
const attr = (s: Span, key: string) => {
  const v = s.attributes.find((a) => a.key === key)?.value;
  return v === undefined ? undefined : Object.values(v)[0];
};

describe('exports of a session with an MCP App', () => {
  it('Mermaid: the app is a participant, its bridge drawn to the host, the forwarded call to the server', () => {
    const l = layout();
    const lines = sequenceToMermaid(l, 0, l.length - 1).split('\n');
    expect(lines.slice(0, 5)).toEqual([
      'sequenceDiagram',
      '  participant L as lifecycle',
      '  participant A1 as App #35;1',
      '  participant C as host',
      '  participant S as server',
    ]);
    const app = seqOf('app:1', '"tools/call"');
    const host = seqOf(undefined, '"_meta":{"progressToken":1},"name":"get-time"');
    expect(lines).toContain(`  A1->>C: ${app} tools/call #35;1 (forwarded as ${host})`);
    expect(lines).toContain(`  C->>S: ${host} tools/call #35;4 (for ${app})`);
    expect(lines).toContain(`  C-)A1: ${seqOf('app:1', 'tool-input')} ui/notifications/tool-input`);
    expect(lines.some((line) => line.startsWith('  Note over A1: ') && line.includes('mounted ui'))).toBe(true);
  });

  it('SVG: the App #1 column and the host are titled, and the forward link is drawn', () => {
    const l = layout();
    const svg = sequenceToSvg(l, 0, l.length - 1, { width: 900 });
    expect(svg).toContain('>App #1</text>');
    expect(svg).toContain('>host</text>');
    expect(svg).toContain('stroke="#f0abfc"');
  });

  it('OTLP: app spans name their channel and no session facts; the forwarded call is the child of the app’s', () => {
    const otlp = traceToOtlp(trace, '0.1.0') as { resourceSpans: { scopeSpans: { spans: Span[] }[] }[] };
    const spans = otlp.resourceSpans[0].scopeSpans[0].spans;
    const app = spans.filter((s) => attr(s, 'loupe.channel') === 'app:1');
    expect(app.map((s) => s.name)).toEqual([
      'ui/initialize',
      'tools/call get-time',
      'ui/open-link',
      'ui/message',
      'ui/request-display-mode',
      'ui/resource-teardown',
    ]);
    for (const s of app) {
      expect(attr(s, 'network.transport')).toBeUndefined();
      expect(attr(s, 'mcp.protocol.version')).toBeUndefined();
    }
    const session = spans.filter((s) => attr(s, 'loupe.channel') === undefined);
    expect(session.map((s) => s.name)).toEqual(['initialize', 'tools/list', 'tools/call get-time', 'resources/read', 'tools/call get-time']);
    const appCall = app[1];
    expect(session[4].parentSpanId).toBe(appCall.spanId);
    expect(session[2].parentSpanId).toBeUndefined();
  });

  it("HAR holds HTTP exchanges only: an app's bridge frames add no entry and change none", () => {
    const http = readTraceText(httpV1);
    const last = http.frames[http.frames.length - 1];
    const bridge = trace.frames.filter((f) => f.channel === 'app:1').map((f, i) => ({ ...f, seq: last.seq + 1 + i, ts: last.ts + 1 + i }));
    const entries = (t: typeof http) => (traceToHar(t, '0.1.0') as { log: { entries: unknown[] } }).log.entries;
    expect(entries(http).length).toBeGreaterThan(5);
    expect(entries({ ...http, frames: [...http.frames, ...bridge] })).toEqual(entries(http));
  });

  it('the trace file keeps every frame’s channel', () => {
    const back = readTraceText(writeTrace(trace));
    expect(back.frames.map((f) => f.channel)).toEqual(trace.frames.map((f) => f.channel));
    expect(back.frames.filter((f) => f.channel === 'app:1').length).toBeGreaterThan(15);
  });
});
