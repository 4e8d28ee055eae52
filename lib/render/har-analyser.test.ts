/**
 * The HAR export and the analyser read the same HTTP exchanges (the session model's one builder),
 * so what a finding points at is an entry of the HAR with the same request, status and body.
 */
import { describe, expect, it } from 'vitest';
import { HttpScript } from '../analyze/cases/http-script';
import { modelOf } from '../model/session-model';
import { readTraceText, TRACE_FORMAT, TRACE_VERSION, type Trace } from '../trace';
import { traceToHar } from './har';
import httpV1 from '../../e2e/golden/everything-http.v1.loupe.ndjson?raw';

interface HarEntry {
  request: { method: string; url: string; postData?: { text: string } };
  response: { status: number; content: { text: string } };
  comment: string;
}

const harOf = (trace: Trace, model = modelOf(trace.frames)) => (traceToHar(trace, 'test', model) as { log: { entries: HarEntry[] } }).log.entries;
/** The exchange id (its request frame's seq) a HAR entry names first in its comment. */
const entryId = (e: HarEntry) => Number(/Loupe frames (\d+)/.exec(e.comment)?.[1]);

const POST = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };
const init = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
};
const initResult = { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } };

function traceOf(s: HttpScript): Trace {
  return {
    header: {
      format: TRACE_FORMAT,
      version: TRACE_VERSION,
      createdAt: '2026-01-01T00:00:00.000Z',
      loupeVersion: 'test',
      target: { transport: 'http', framing: 'messages' },
    },
    frames: s.frames,
  } as Trace;
}

describe('the HAR and the analyser', () => {
  it('read one set of exchanges: the model builds it once, the analyser and the HAR share it', () => {
    const trace = readTraceText(httpV1);
    const model = modelOf(trace.frames);
    expect(model.state.exchanges).toBe(model.exchanges);
    const entries = harOf(trace, model);
    expect(entries.length).toBeGreaterThan(3);
    expect(entries.map(entryId)).toEqual(model.exchanges.all.map((ex) => ex.id));
    for (const [i, ex] of model.exchanges.all.entries()) {
      expect(entries[i].request).toMatchObject({ method: ex.method, url: ex.url });
      expect(entries[i].response.status).toBe(ex.status ?? 0);
    }
  });

  it('agree on a bad exchange: the finding points at the HAR entry that shows the 200 to a notification', () => {
    const s = new HttpScript();
    s.exchange({ headers: POST, body: init, type: 'application/json', answers: [{ body: initResult }] });
    const bad = s.exchange({
      headers: { ...POST, 'MCP-Protocol-Version': '2025-11-25' },
      body: { jsonrpc: '2.0', method: 'notifications/initialized' },
      status: 200,
      type: 'application/json',
    }).lastExchange;
    const trace = traceOf(s);
    const model = modelOf(trace.frames);
    const finding = model.annotations.find((a) => a.rule === 'http.notification-status');
    expect(finding?.frames).toContain(bad);
    const entry = harOf(trace, model).find((e) => entryId(e) === bad);
    expect(entry?.response.status).toBe(200);
    expect(entry?.request.postData?.text).toContain('notifications/initialized');
    // Every http.* finding names an exchange the HAR has an entry for.
    const ids = new Set(harOf(trace, model).map(entryId));
    for (const a of model.annotations.filter((x) => x.group === 'http')) expect(a.frames.some((f) => ids.has(f))).toBe(true);
  });

  it('leave out alike what arrives after an exchange ended', () => {
    const s = new HttpScript();
    const first = s.exchange({ headers: POST, body: init, type: 'application/json', answers: [{ body: initResult }] }).lastExchange;
    // A stray message that names the finished exchange: neither the HAR body nor the analyser's
    // exchange may take it.
    s.frames.push({ ...s.frames[3], seq: s.frames.length + 1, ts: 99_000, raw: '{"jsonrpc":"2.0","id":7,"result":{}}' });
    const trace = traceOf(s);
    const model = modelOf(trace.frames);
    const entry = harOf(trace, model).find((e) => entryId(e) === first);
    expect(entry?.response.content.text).not.toContain('"id":7');
    expect(model.exchanges.get(first)?.received.map((f) => f.seq)).toEqual([4]);
  });
});
