import { script } from '../testing';
import { err, note, req, res, type RuleCase } from './types';

const hs = () => script().handshake({ server: { tools: {} } });

export const envelopeCases: RuleCase[] = [
  {
    rule: 'jsonrpc.invalid-json',
    name: 'a truncated object',
    trigger: () => hs().s('{"jsonrpc":"2.0","id":1,"result":{}').s('{"jsonrpc":"2.0","id":9,"result":').frames,
    nearMiss: () => hs().c(req(1, 'ping')).s(res(1)).frames,
  },
  {
    rule: 'jsonrpc.invalid-json',
    name: 'NaN in a progress value',
    trigger: () =>
      hs()
        .c(req(1, 'tools/call', { name: 'a', _meta: { progressToken: 1 } }))
        .s('{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":NaN}}').frames,
    nearMiss: () => hs().s('{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"NaN"}}').frames,
  },
  {
    rule: 'jsonrpc.invalid-json',
    name: 'a broken frame on HTTP (no stdio rules there)',
    trigger: () => hs().frame('s2c', 'message', 'oops', {}, { transport: 'http' }).frames,
    nearMiss: () => hs().frame('s2c', 'message', JSON.stringify(note('notifications/tools/list_changed')), {}, { transport: 'http' }).frames,
  },
  {
    rule: 'jsonrpc.invalid-json',
    name: 'invalid UTF-8 in an HTTP body',
    trigger: () =>
      hs().frame(
        's2c',
        'message',
        JSON.stringify(note('notifications/message', { level: 'info', data: 'caf\uFFFD' })),
        { invalidUtf8: true },
        { transport: 'http' },
      ).frames,
    nearMiss: () =>
      hs().frame('s2c', 'message', JSON.stringify(note('notifications/message', { level: 'info', data: 'caf\uFFFD' })), { invalidUtf8: true }).frames,
  },
  {
    rule: 'jsonrpc.not-object',
    name: 'a bare string',
    trigger: () => hs().s('"hello"').frames,
    nearMiss: () => hs().s(note('notifications/message', { level: 'info', data: 'hello' })).frames,
  },
  {
    rule: 'jsonrpc.not-object',
    name: 'an array outside 2025-03-26',
    trigger: () => hs().c(JSON.stringify([req(1, 'ping')])).frames,
    nearMiss: () =>
      script()
        .handshake({ version: '2025-03-26' })
        .c(JSON.stringify([req(1, 'ping')])).frames,
  },
  {
    rule: 'jsonrpc.version',
    name: 'jsonrpc "1.0"',
    trigger: () => hs().c({ jsonrpc: '1.0', id: 1, method: 'ping' }).frames,
    nearMiss: () => hs().c(req(1, 'ping')).frames,
  },
  {
    rule: 'jsonrpc.id-type',
    name: 'a boolean id',
    trigger: () => hs().c(req(true, 'ping')).frames,
    nearMiss: () =>
      hs()
        .c(req('abc', 'ping'))
        .s(err(null, -32700, 'Parse error')).frames,
  },
  {
    rule: 'jsonrpc.response-without-id',
    name: 'a result with no id',
    trigger: () => hs().c(req(1, 'ping')).s({ jsonrpc: '2.0', result: {} }).frames,
    nearMiss: () => hs().c(req(1, 'ping')).s(res(1)).frames,
  },
  {
    rule: 'jsonrpc.response-without-id',
    name: 'an error with no id (a parse error answers with id null)',
    trigger: () =>
      hs()
        .c('{"jsonrpc":"2.0","id":1,"method":')
        .s({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } }).frames,
    nearMiss: () =>
      hs()
        .c('{"jsonrpc":"2.0","id":1,"method":')
        .s(err(null, -32700, 'Parse error')).frames,
  },
  {
    rule: 'jsonrpc.id-reused',
    name: 'the client reuses id 1',
    trigger: () => hs().c(req(1, 'ping')).s(res(1)).c(req(1, 'ping')).frames,
    frames: [6, 4],
    nearMiss: () => hs().c(req(1, 'ping')).s(req(1, 'ping')).c(res(1)).s(res(1)).frames,
  },
  {
    rule: 'jsonrpc.notification-with-id',
    name: 'notifications/initialized with an id',
    trigger: () =>
      script()
        .c(req(0, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } }))
        .s(res(0, { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } }))
        .c(req(1, 'notifications/initialized')).frames,
    nearMiss: () => hs().frames,
  },
  {
    rule: 'jsonrpc.result-and-error',
    name: 'result and error together',
    trigger: () =>
      hs()
        .c(req(1, 'ping'))
        .s({ jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'x' } }).frames,
    nearMiss: () =>
      hs()
        .c(req(1, 'ping'))
        .s(err(1, 1, 'x')).frames,
  },
  {
    rule: 'jsonrpc.result-and-error',
    name: 'neither result nor error',
    trigger: () => hs().c(req(1, 'ping')).s({ jsonrpc: '2.0', id: 1 }).frames,
    nearMiss: () => hs().c(req(1, 'ping')).s(res(1)).frames,
  },
  {
    rule: 'jsonrpc.result-not-object',
    name: 'result is a string',
    trigger: () => hs().c(req(1, 'ping')).s(res(1, 'pong')).frames,
    nearMiss: () => hs().c(req(1, 'ping')).s(res(1, {})).frames,
  },
  {
    rule: 'jsonrpc.error-shape',
    name: 'a string error code',
    trigger: () =>
      hs()
        .c(req(1, 'ping'))
        .s({ jsonrpc: '2.0', id: 1, error: { code: '500', message: 'boom' } }).frames,
    nearMiss: () =>
      hs()
        .c(req(1, 'ping'))
        .s(err(1, 500, 'boom')).frames,
  },
  {
    rule: 'jsonrpc.error-code-reserved',
    name: 'error code -32500',
    trigger: () =>
      hs()
        .c(req(1, 'ping'))
        .s(err(1, -32500, 'odd')).frames,
    nearMiss: () =>
      hs()
        .c(req(1, 'ping'))
        .s(err(1, -32002, 'Resource not found')).frames,
  },
  {
    rule: 'jsonrpc.unknown-response',
    name: 'a response to id 99 nobody sent',
    trigger: () => hs().s(res(99)).frames,
    nearMiss: () => hs().c(req(99, 'ping')).s(res(99)).frames,
  },
  {
    rule: 'jsonrpc.unknown-response',
    name: 'a string id answering a numeric one',
    trigger: () => hs().c(req(7, 'ping')).s(res('7')).frames,
    nearMiss: () => hs().c(req('7', 'ping')).s(res('7')).frames,
  },
  {
    rule: 'jsonrpc.duplicate-response',
    name: 'two answers to one ping',
    trigger: () => hs().c(req(1, 'ping')).s(res(1)).s(res(1)).frames,
    frames: [6, 5],
    nearMiss: () => hs().c(req(1, 'ping')).s(res(1)).c(req(2, 'ping')).s(res(2)).frames,
  },
  {
    rule: 'jsonrpc.duplicate-response',
    name: 'a reused id gets its own answer, a third answer is the duplicate',
    trigger: () => hs().c(req(1, 'ping')).s(res(1)).c(req(1, 'ping')).s(res(1)).s(res(1)).frames,
    frames: [8, 7],
    nearMiss: () => hs().c(req(1, 'ping')).s(res(1)).c(req(1, 'ping')).s(res(1)).frames,
  },
  {
    rule: 'jsonrpc.duplicate-key',
    name: 'a repeated "id"',
    trigger: () => hs().c(req(1, 'ping')).s('{"jsonrpc":"2.0","id":1,"id":1,"result":{}}').frames,
    nearMiss: () => hs().c(req(1, 'ping')).s('{"jsonrpc":"2.0","id":1,"result":{"id":1}}').frames,
  },
  {
    rule: 'jsonrpc.unknown-field',
    name: 'an extra "meta" envelope field',
    trigger: () => hs().c({ ...req(1, 'ping'), meta: {} }).frames,
    nearMiss: () => hs().c(req(1, 'ping', { _meta: {} })).frames,
  },
  {
    rule: 'jsonrpc.batch-not-allowed',
    name: 'a batch in 2025-11-25',
    trigger: () => hs().c(JSON.stringify([req(1, 'ping'), req(2, 'ping')])).frames,
    nearMiss: () =>
      script()
        .handshake({ version: '2025-03-26' })
        .c(JSON.stringify([req(1, 'ping'), req(2, 'ping')])).frames,
  },
  {
    rule: 'jsonrpc.batch-not-allowed',
    name: 'initialize inside a 2025-03-26 batch',
    trigger: () =>
      script().c(JSON.stringify([req(0, 'initialize', { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'c', version: '1' } })])).frames,
    nearMiss: () => script().handshake({ version: '2025-03-26' }).frames,
  },
  {
    rule: 'jsonrpc.wrong-direction',
    name: 'the server sends tools/call',
    trigger: () => hs().s(req(1, 'tools/call', { name: 'x' })).frames,
    nearMiss: () => hs().c(req(1, 'tools/call', { name: 'x' })).frames,
  },
  {
    rule: 'jsonrpc.unknown-method',
    name: 'a custom method',
    trigger: () => hs().c(req(1, 'acme/frobnicate')).frames,
    nearMiss: () => hs().c(req(1, 'ping')).frames,
  },
  {
    rule: 'jsonrpc.meta-reserved',
    name: 'an undefined io.modelcontextprotocol key',
    trigger: () => hs().c(req(1, 'ping', { _meta: { 'io.modelcontextprotocol/secret': 1 } })).frames,
    nearMiss: () => hs().c(req(1, 'ping', { _meta: { 'com.example/trace': 1, 'io.modelcontextprotocol/related-task': { taskId: 't' } } })).frames,
  },
];
