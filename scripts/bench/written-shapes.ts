/**
 * Long traces for `check-large.ts`, written frame by frame (no recording to repeat): a healthy
 * Streamable HTTP session, and shapes that make the check find, and so hold, something on every
 * frame or exchange:
 * - `http-tools`: a Streamable HTTP session of tool calls, each POSTed and answered in JSON with a
 *   200, in five frames (request head, the call, response head, the result, the end): what an HTTP
 *   tap or a session by URL records, with nothing to find;
 * - `findings`: a stdio server that writes a line of text to stdout on every frame, a
 *   stdio.non-json-line finding each (what the check lists and counts);
 * - `sse-ids`: a Streamable HTTP session whose GET stream carries every frame as an SSE event with
 *   an id of its own (what http.sse-event-id-duplicate remembers);
 * - `refusals`: a Streamable HTTP session whose every POST of a tools/call is answered 500 (what
 *   the doctor quotes and counts), in four frames each.
 */
import type { Frame } from '../../lib/mcp/frame';
import { HttpScript } from '../../lib/analyze/cases/http-script';
import { TRACE_FORMAT, TRACE_VERSION, type TraceHeader } from '../../lib/trace';

export const WRITTEN_SHAPES = ['http-tools', 'findings', 'sse-ids', 'refusals'] as const;
export type WrittenShape = (typeof WRITTEN_SHAPES)[number];

export interface ShapedTrace {
  header: TraceHeader;
  opening: Frame[];
  /** The body's frame at `seq` (numbered from the opening's end on), as its line. */
  line: (seq: number, ts: number) => string;
  /** Renumbered as they are written. */
  ending: Frame[];
}

const URL = 'http://127.0.0.1:3001/mcp';
const POST = {
  Accept: 'application/json, text/event-stream',
  'Content-Type': 'application/json',
  'mcp-session-id': 's1',
  'mcp-protocol-version': '2025-11-25',
};

function headerOf(transport: 'stdio' | 'http'): TraceHeader {
  const target =
    transport === 'stdio'
      ? { transport, framing: 'lines' as const, name: 'bench', command: 'node', args: ['server.js'] }
      : { transport, framing: 'messages' as const, name: 'bench', url: URL };
  return { format: TRACE_FORMAT, version: TRACE_VERSION, loupeVersion: '0.0.0', createdAt: new Date().toISOString(), target, source: 'live' };
}

/** The handshake over HTTP, as the HTTP transport records it. */
function httpOpening(): HttpScript {
  const h = new HttpScript();
  const init = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } };
  const result = { protocolVersion: '2025-11-25', capabilities: { tools: {}, logging: {} }, serverInfo: { name: 'bench', version: '1' } };
  const { Accept, 'Content-Type': type } = POST;
  h.exchange({
    url: URL,
    headers: { Accept, 'Content-Type': type },
    body: { jsonrpc: '2.0', id: 0, method: 'initialize', params: init },
    type: 'application/json',
    resHeaders: { 'mcp-session-id': 's1' },
    answers: [{ body: { jsonrpc: '2.0', id: 0, result } }],
  });
  h.exchange({ url: URL, headers: POST, body: { jsonrpc: '2.0', method: 'notifications/initialized' }, status: 202 });
  return h;
}

const lineOf = (f: object) => `${JSON.stringify(f)}\n`;

export function shapedTrace(shape: WrittenShape): ShapedTrace {
  if (shape === 'findings') {
    return {
      header: headerOf('stdio'),
      opening: [],
      line: (seq, ts) => lineOf({ seq, ts, dir: 's2c', lane: 'message', raw: `starting worker ${seq}`, size: 20 }),
      ending: [],
    };
  }
  const h = httpOpening();
  if (shape === 'sse-ids') {
    // The standalone GET stream: its request and response head open it, every body frame is an event on it.
    h.exchange({
      method: 'GET',
      url: URL,
      headers: { Accept: 'text/event-stream', 'mcp-session-id': 's1', 'mcp-protocol-version': '2025-11-25' },
      stream: 'get',
      type: 'text/event-stream',
    });
    const end = h.frames.pop()!;
    const get = h.lastExchange;
    const note = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'tick' } });
    const meta = (seq: number) => ({ transport: 'http', exchange: get, stream: 'get', eventId: `ev-${seq}` });
    return {
      header: headerOf('http'),
      opening: h.frames,
      line: (seq, ts) => lineOf({ seq, ts, dir: 's2c', lane: 'message', raw: note, size: note.length, meta: meta(seq) }),
      ending: [end],
    };
  }
  if (shape === 'http-tools') return { header: headerOf('http'), opening: h.frames, line: toolExchanges(h.frames.length + 1), ending: [] };
  // Refused POSTs: request head, body, response head, end; each exchange's id is its request's seq.
  const start = h.frames.length + 1;
  return {
    header: headerOf('http'),
    opening: h.frames,
    line: (seq, ts) => {
      const at = (seq - start) % 4;
      const ex = seq - at;
      const id = ex;
      if (at === 0) return postHead(seq, ts);
      if (at === 1) return postedCall(seq, ts, ex);
      if (at === 2) return answerHead(seq, ts, ex, 500, 'text/plain');
      const raw = `overloaded: request ${id} refused`;
      return lineOf({ seq, ts, dir: 's2c', lane: 'http', raw, size: raw.length, meta: { transport: 'http', phase: 'end', exchange: ex, stream: 'post' } });
    },
    ending: [],
  };
}

/** A POST's request head; the exchange it opens is known by this seq. */
function postHead(seq: number, ts: number): string {
  const meta = { transport: 'http', phase: 'request', method: 'POST', url: URL, headers: Object.entries(POST), stream: 'post' };
  return lineOf({ seq, ts, dir: 'c2s', lane: 'http', raw: 'POST /mcp HTTP/1.1\r\n\r\n', size: 24, meta });
}

/** The tools/call a POST carries, its id the exchange's. */
function postedCall(seq: number, ts: number, ex: number): string {
  const raw = JSON.stringify({ jsonrpc: '2.0', id: ex, method: 'tools/call', params: { name: 'search', arguments: { q: 'x' } } });
  return lineOf({ seq, ts, dir: 'c2s', lane: 'message', raw, size: raw.length, meta: { transport: 'http', exchange: ex, stream: 'post' } });
}

/** The head of a POST's answer. */
function answerHead(seq: number, ts: number, ex: number, status: number, type: string): string {
  const headers = [
    ['content-type', type],
    ['mcp-session-id', 's1'],
  ];
  const meta = {
    transport: 'http',
    phase: 'response',
    exchange: ex,
    stream: 'post',
    status,
    statusText: status === 200 ? 'OK' : 'Internal Server Error',
    headers,
    contentType: type,
  };
  return lineOf({ seq, ts, dir: 's2c', lane: 'http', raw: '', size: 0, meta });
}

/** POSTed tool calls answered in JSON, five frames an exchange from seq `start` on; an exchange's
 *  id is its request head's seq, and its call's id the same number. */
function toolExchanges(start: number): (seq: number, ts: number) => string {
  const result = { content: [{ type: 'text', text: 'found 3 matches' }], isError: false };
  return (seq, ts) => {
    const at = (seq - start) % 5;
    const ex = seq - at;
    const exchange = { transport: 'http', exchange: ex, stream: 'post' };
    if (at === 0) return postHead(seq, ts);
    if (at === 1) return postedCall(seq, ts, ex);
    if (at === 2) return answerHead(seq, ts, ex, 200, 'application/json');
    if (at === 3) {
      const raw = JSON.stringify({ jsonrpc: '2.0', id: ex, result });
      return lineOf({ seq, ts, dir: 's2c', lane: 'message', raw, size: raw.length, meta: exchange });
    }
    return lineOf({ seq, ts, dir: 's2c', lane: 'http', raw: '', size: 0, meta: { ...exchange, phase: 'end' } });
  };
}
