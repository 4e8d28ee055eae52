import { describe, expect, it } from 'vitest';
import { analyze } from '../engine';
import { HttpScript } from '../cases/http-script';
import { EVENT_IDS_REMEMBERED, httpState } from './http-exchanges';

const POST = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };
const initResult = { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } };
const note = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } };

function handshake(s: HttpScript, sid: string): void {
  const init = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
  };
  s.exchange({ headers: POST, body: init, type: 'application/json', resHeaders: { 'mcp-session-id': sid }, answers: [{ body: initResult }] });
  const session = { 'Mcp-Session-Id': sid, 'MCP-Protocol-Version': '2025-11-25' };
  s.exchange({ headers: { ...POST, ...session }, body: { jsonrpc: '2.0', method: 'notifications/initialized' }, status: 202 });
}

/** The standalone GET stream of session `sid`, carrying one notification per event id. */
function getStream(s: HttpScript, sid: string, ids: string[]): void {
  s.exchange({
    method: 'GET',
    headers: { Accept: 'text/event-stream', 'Mcp-Session-Id': sid, 'MCP-Protocol-Version': '2025-11-25' },
    stream: 'get',
    type: 'text/event-stream',
    answers: ids.map((eventId) => ({ body: note, eventId })),
  });
}

/** A tools/list POST answered on an SSE stream whose events carry `ids`. */
function postStream(s: HttpScript, sid: string, id: number, ids: string[]): void {
  s.exchange({
    headers: { ...POST, 'Mcp-Session-Id': sid, 'MCP-Protocol-Version': '2025-11-25' },
    body: { jsonrpc: '2.0', id, method: 'tools/list' },
    type: 'text/event-stream',
    answers: ids.map((eventId, i) => ({ body: i === ids.length - 1 ? { jsonrpc: '2.0', id, result: { tools: [] } } : note, eventId })),
  });
}

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const duplicates = (s: HttpScript) => analyze(s.frames).annotations.filter((a) => a.rule === 'http.sse-event-id-duplicate');

describe('http.sse-event-id-duplicate', () => {
  it('remembers a bounded number of event ids however many a stream carries', { timeout: 60_000 }, () => {
    const s = new HttpScript();
    handshake(s, 'abc');
    getStream(s, 'abc', ids('e', 2 * EVENT_IDS_REMEMBERED));
    const { annotations, state } = analyze(s.frames);
    expect(annotations.filter((a) => a.rule === 'http.sse-event-id-duplicate')).toEqual([]);
    expect(httpState(state).eventIds.size).toBe(EVENT_IDS_REMEMBERED);
  });

  it('flags an id repeated on a later stream of the session, as a server counting per stream does', () => {
    const s = new HttpScript();
    handshake(s, 'abc');
    postStream(s, 'abc', 2, ['1', '2']);
    const firstUse = s.frames.find((f) => f.meta?.transport === 'http' && 'eventId' in f.meta && f.meta.eventId === '1')!.seq;
    postStream(s, 'abc', 3, ['1', '2']);
    const found = duplicates(s);
    expect(found.map((a) => a.message.match(/"(\d)"/)?.[1])).toEqual(['1', '2']);
    expect(found[0].frames[1]).toBe(firstUse);
  });

  it('flags a repeat thousands of events later on one long stream, and a repeated id stays remembered', () => {
    const s = new HttpScript();
    handshake(s, 'abc');
    // 'x' is repeated every 6,000 ids: each repeat keeps it among the most recent.
    getStream(s, 'abc', ['x', ...ids('a', 6_000), 'x', ...ids('b', 6_000), 'x']);
    expect(duplicates(s)).toHaveLength(2);
  });

  it('does not see a repeat further back than the ids it remembers, and sees one just within them', () => {
    const s = new HttpScript();
    handshake(s, 'abc');
    getStream(s, 'abc', ['x', ...ids('a', EVENT_IDS_REMEMBERED), 'x']);
    expect(duplicates(s)).toEqual([]);
    const within = new HttpScript();
    handshake(within, 'abc');
    getStream(within, 'abc', ['x', ...ids('a', EVENT_IDS_REMEMBERED - 1), 'x']);
    expect(duplicates(within)).toHaveLength(1);
  });

  it('lets a new session use the ids of the one before', () => {
    const s = new HttpScript();
    handshake(s, 'abc');
    postStream(s, 'abc', 2, ['1', '2']);
    handshake(s, 'def');
    postStream(s, 'def', 2, ['1', '2']);
    expect(duplicates(s)).toEqual([]);
  });
});
