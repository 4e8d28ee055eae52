/**
 * A request refused at the HTTP level is over: nothing will answer it, so it is never overdue, and
 * a client that sends it again (the SDK does, after authorizing on a 401) reuses no id. Only a
 * refusal the client is not meant to act on is a finding (http.request-refused).
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../engine';
import type { HttpScript } from '../cases/http-script';
import { opened, session } from '../cases/http';

const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: {} } };
const answer = { jsonrpc: '2.0', id: 7, result: { content: [] } };

/** Frames are 1 ms apart: an answer within 4 ms is in time; a call left open that long before the end is overdue. */
const rulesOf = (s: HttpScript) => analyze(s.frames, { timeoutMs: 4 }).annotations.map((a) => a.rule);
/** A few milliseconds more of the session: a ping, answered. */
const later = (s: HttpScript) =>
  s.exchange({
    headers: session,
    body: { jsonrpc: '2.0', id: 99, method: 'ping' },
    type: 'application/json',
    answers: [{ body: { jsonrpc: '2.0', id: 99, result: {} } }],
  });

describe('a request refused at the HTTP level', () => {
  it('is over: a 500 is a finding, and neither an overdue call nor a reused id follows when it is sent again', () => {
    const s = opened().exchange({ headers: session, body: call, status: 500, type: 'text/plain', endBody: 'Internal Server Error' });
    s.exchange({ headers: session, body: call, type: 'application/json', answers: [{ body: answer }] });
    expect(rulesOf(s)).toEqual(['http.request-refused']);
  });

  it('is no finding when the client is meant to act on it: a 401, then the same request authorized', () => {
    const s = opened().exchange({ headers: session, body: call, status: 401, resHeaders: { 'www-authenticate': 'Bearer' } });
    s.exchange({ headers: { ...session, Authorization: 'Bearer t' }, body: call, type: 'application/json', answers: [{ body: answer }] });
    expect(rulesOf(s).filter((r) => !r.startsWith('auth.'))).toEqual([]);
  });

  it('is answered when its body answers it: a 400 carrying a JSON-RPC error for its id', () => {
    const error = { jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'Invalid params' } };
    const s = later(opened().exchange({ headers: session, body: call, status: 400, type: 'application/json', answers: [{ body: error }] }));
    expect(rulesOf(s)).toEqual([]);
  });

  it('stays open, and overdue, when nothing refused it: the control', () => {
    const s = later(opened().exchange({ headers: session, body: call, type: 'text/event-stream' }));
    expect(rulesOf(s)).toContain('timing.no-response');
  });
});
