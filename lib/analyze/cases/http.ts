/** http.* cases that read as one trigger and one near miss (the rest: rules/http-transport.test.ts). */
import { HttpScript } from './http-script';
import { req, type RuleCase } from './types';

const POST = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };
const init = req(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } });

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
];
