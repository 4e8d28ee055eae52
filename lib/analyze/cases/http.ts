/** http.* cases that read as one trigger and one near miss (the rest: rules/http-transport.test.ts). */
import { HttpScript } from './http-script';
import { req, res, type RuleCase } from './types';

const POST = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };
const init = req(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } });
/** The headers of a POST in the session `opened` starts. */
export const session = { ...POST, 'mcp-session-id': 's1', 'mcp-protocol-version': '2025-11-25' };

/** A session under way: the initialize answered, the initialized notification accepted. */
export function opened(): HttpScript {
  const result = res(1, { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } });
  return new HttpScript()
    .exchange({ headers: POST, body: init, type: 'application/json', resHeaders: { 'mcp-session-id': 's1' }, answers: [{ body: result }] })
    .exchange({ headers: session, body: { jsonrpc: '2.0', method: 'notifications/initialized' }, status: 202 });
}
const call = req(2, 'tools/call', { name: 'echo', arguments: { message: 'hi' } });

export const httpCases: RuleCase[] = [
  {
    rule: 'http.unreachable',
    name: 'the initialize POST cannot connect',
    trigger: () =>
      new HttpScript().exchange({
        headers: POST,
        body: init,
        failure: { errorCode: 'network', error: 'POST http://127.0.0.1/mcp failed: ECONNREFUSED (connect ECONNREFUSED 127.0.0.1:3000)' },
      }).frames,
    frames: [3, 1],
    // Connected, but no answer in time: the server is there, its answer is what is missing.
    nearMiss: () =>
      new HttpScript().exchange({
        headers: POST,
        body: init,
        failure: { errorCode: 'timeout', error: 'POST http://127.0.0.1/mcp got no answer within 1000 ms' },
      }).frames,
  },
  {
    rule: 'http.request-refused',
    name: 'a tools/call POST answered 500 with an error page',
    trigger: () => opened().exchange({ headers: session, body: call, status: 500, type: 'text/plain', endBody: 'Internal Server Error' }).frames,
    // 13: the end; 10: the exchange; 11: the request it carried.
    frames: [13, 10, 11],
    // Refused with a JSON-RPC error for the request in the body: the request is answered.
    nearMiss: () =>
      opened().exchange({
        headers: session,
        body: call,
        status: 400,
        type: 'application/json',
        answers: [{ body: { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Invalid params' } } }],
      }).frames,
  },
];
