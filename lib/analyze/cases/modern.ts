/** Triggers and near misses of the modern.* message rules (2026-07-28; docs/eras.md). */
import { script } from '../testing';
import { err, note, req, res, type RuleCase } from './types';

const V = '2026-07-28';
const INFO = { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } };
/** Request params with the required per-request `_meta`, plus `extra` keys in it. */
export const withMeta = (params: object = {}, caps: object = {}, extra: object = {}) => ({
  ...params,
  _meta: { 'io.modelcontextprotocol/protocolVersion': V, 'io.modelcontextprotocol/clientCapabilities': caps, ...extra },
});
/** A well-formed modern result. */
export const ok = (id: unknown, result: object = {}) => res(id, { resultType: 'complete', ...result, _meta: INFO });
const listed = (id: unknown, result: object) => ok(id, { ...result, ttlMs: 60000, cacheScope: 'public' });
/** A modern session that opened with server/discover. */
export const discovered = (capabilities: object = { tools: {}, prompts: {}, resources: {} }) =>
  script()
    .c(req(1, 'server/discover', withMeta()))
    .s(listed(1, { supportedVersions: [V], capabilities }));
const call = (id: unknown, params: object = {}, caps: object = {}) => req(id, 'tools/call', withMeta({ name: 'a', ...params }, caps));
const inputRequired = (id: unknown, result: object) => res(id, { resultType: 'input_required', ...result, _meta: INFO });
const elicit = { ask: { method: 'elicitation/create', params: { mode: 'form', message: 'Who?', requestedSchema: { type: 'object', properties: {} } } } };
const asked = (state: string | null = 'opaque-1') =>
  discovered()
    .c(call(2, {}, { elicitation: {} }))
    .s(inputRequired(2, { inputRequests: elicit, ...(state === null ? {} : { requestState: state }) }));
const retried = (id: unknown, state: unknown) =>
  call(id, { inputResponses: { ask: { action: 'accept', content: {} } }, ...(state === undefined ? {} : { requestState: state }) }, { elicitation: {} });
const probe = (answer: object) =>
  script()
    .c(req(1, 'server/discover', withMeta()))
    .s(answer)
    .c(req(2, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } }));
const listen = (filter: object) => discovered().c(req(5, 'subscriptions/listen', withMeta({ notifications: filter })));
const tagged = (method: string, params: object = {}, tag: unknown = 5) => note(method, { ...params, _meta: { 'io.modelcontextprotocol/subscriptionId': tag } });
const ack = (filter: object) => tagged('notifications/subscriptions/acknowledged', { notifications: filter });
const failed = (code: number, data?: object) => ({ jsonrpc: '2.0', id: 2, error: { code, message: 'no', ...(data ? { data } : {}) } });

export const modernCases: RuleCase[] = [
  {
    rule: 'modern.request-meta-missing',
    name: 'tools/list without _meta after server/discover',
    trigger: () => discovered().c(req(2, 'tools/list')).frames,
    nearMiss: () => discovered().c(req(2, 'tools/list', withMeta())).frames,
    frames: [3],
  },
  {
    rule: 'modern.server-request',
    name: 'the server sends roots/list in a modern session',
    trigger: () => discovered().s(req(9, 'roots/list')).frames,
    nearMiss: () =>
      script()
        .handshake({ client: { roots: {} } })
        .s(req(9, 'roots/list')).frames,
  },
  {
    rule: 'modern.legacy-method',
    name: 'ping to a modern server',
    trigger: () => discovered().c(req(2, 'ping')).frames,
    nearMiss: () => script().handshake().c(req(2, 'ping')).frames,
  },
  {
    rule: 'modern.legacy-method',
    name: 'initialize after a successful server/discover',
    trigger: () => discovered().c(req(2, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } })).frames,
    nearMiss: () => probe(err(1)).frames,
  },
  {
    rule: 'modern.fallback-after-modern-error',
    name: 'initialize after -32022 to the probe',
    trigger: () => probe({ jsonrpc: '2.0', id: 1, error: { code: -32022, message: 'Unsupported', data: { supported: ['2026-09-01'], requested: V } } }).frames,
    nearMiss: () => probe(err(1)).frames,
    frames: [3, 2],
  },
  {
    rule: 'modern.deprecated-feature',
    name: 'a request that asks for log messages',
    trigger: () =>
      discovered()
        .c(call(2, {}, {}))
        .c(req(3, 'tools/call', withMeta({ name: 'a' }, {}, { 'io.modelcontextprotocol/logLevel': 'info' }))).frames,
    nearMiss: () => discovered().c(call(2)).frames,
  },
  {
    rule: 'modern.deprecated-feature',
    name: 'an input request for sampling',
    trigger: () =>
      discovered()
        .c(call(2, {}, { sampling: {} }))
        .s(inputRequired(2, { inputRequests: { s: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 10 } } } })).frames,
    nearMiss: () => asked().frames,
  },
  {
    rule: 'modern.result-type',
    name: 'a result without resultType',
    trigger: () =>
      discovered()
        .c(req(2, 'tools/list', withMeta()))
        .s(res(2, { tools: [], ttlMs: 0, cacheScope: 'public', _meta: INFO })).frames,
    nearMiss: () =>
      discovered()
        .c(req(2, 'tools/list', withMeta()))
        .s(listed(2, { tools: [] })).frames,
  },
  {
    rule: 'modern.result-type',
    name: 'resultType "partial"',
    trigger: () =>
      discovered()
        .c(call(2))
        .s(res(2, { resultType: 'partial', content: [], _meta: INFO })).frames,
    nearMiss: () =>
      discovered()
        .c(call(2))
        .s(ok(2, { content: [] })).frames,
  },
  {
    rule: 'modern.result-type-not-allowed',
    name: 'tools/list answered input_required',
    trigger: () =>
      discovered()
        .c(req(2, 'tools/list', withMeta()))
        .s(inputRequired(2, { requestState: 'x' })).frames,
    nearMiss: () =>
      discovered()
        .c(call(2))
        .s(inputRequired(2, { requestState: 'x' })).frames,
  },
  {
    rule: 'modern.result-type-not-allowed',
    name: 'a task to a client without the tasks extension',
    trigger: () =>
      discovered()
        .c(call(2))
        .s(res(2, { resultType: 'task', taskId: 't', status: 'working', _meta: INFO })).frames,
    nearMiss: () =>
      discovered()
        .c(call(2, {}, { extensions: { 'io.modelcontextprotocol/tasks': {} } }))
        .s(res(2, { resultType: 'task', taskId: 't', status: 'working', _meta: INFO })).frames,
  },
  {
    rule: 'modern.input-required-empty',
    name: 'input_required with neither inputRequests nor requestState',
    trigger: () => discovered().c(call(2)).s(inputRequired(2, {})).frames,
    nearMiss: () =>
      discovered()
        .c(call(2))
        .s(inputRequired(2, { requestState: 'retry-later' })).frames,
  },
  {
    rule: 'modern.input-request-invalid',
    name: 'an elicitation the client did not declare',
    trigger: () =>
      discovered()
        .c(call(2))
        .s(inputRequired(2, { inputRequests: elicit })).frames,
    nearMiss: () => asked().frames,
  },
  {
    rule: 'modern.input-request-invalid',
    name: 'an input request that is not one of the three',
    trigger: () =>
      discovered()
        .c(call(2))
        .s(inputRequired(2, { inputRequests: { x: { method: 'tools/list', params: {} } } })).frames,
    nearMiss: () => asked().frames,
  },
  {
    rule: 'modern.cache-hints-missing',
    name: 'tools/list without ttlMs and cacheScope',
    trigger: () =>
      discovered()
        .c(req(2, 'tools/list', withMeta()))
        .s(ok(2, { tools: [] })).frames,
    nearMiss: () =>
      discovered()
        .c(req(2, 'tools/list', withMeta()))
        .s(listed(2, { tools: [] })).frames,
  },
  {
    rule: 'modern.server-info-missing',
    name: 'a result without _meta serverInfo',
    trigger: () =>
      discovered()
        .c(call(2))
        .s(res(2, { resultType: 'complete', content: [] })).frames,
    nearMiss: () =>
      discovered()
        .c(call(2))
        .s(ok(2, { content: [] })).frames,
  },
  {
    rule: 'modern.request-state-changed',
    name: 'the retry alters requestState',
    trigger: () => asked('opaque-1').c(retried(3, 'opaque-2')).frames,
    nearMiss: () => asked('opaque-1').c(retried(3, 'opaque-1')).frames,
    frames: [5, 4],
  },
  {
    rule: 'modern.request-state-changed',
    name: 'the retry invents a requestState',
    trigger: () => asked(null).c(retried(3, 'mine')).frames,
    nearMiss: () => asked(null).c(retried(3, undefined)).frames,
  },
  {
    rule: 'modern.retry-id-reused',
    name: 'the retry reuses the id of the first round',
    trigger: () => asked().c(retried(2, 'opaque-1')).frames,
    nearMiss: () => asked().c(retried(3, 'opaque-1')).frames,
  },
  {
    rule: 'modern.listen-not-acknowledged',
    name: 'a change notification before the acknowledgement',
    trigger: () =>
      listen({ toolsListChanged: true })
        .s(tagged('notifications/tools/list_changed'))
        .s(ack({ toolsListChanged: true })).frames,
    nearMiss: () =>
      listen({ toolsListChanged: true })
        .s(ack({ toolsListChanged: true }))
        .s(tagged('notifications/tools/list_changed')).frames,
  },
  {
    rule: 'modern.notification-untagged',
    name: 'a change notification without the subscription id',
    trigger: () =>
      listen({ toolsListChanged: true })
        .s(ack({ toolsListChanged: true }))
        .s(note('notifications/tools/list_changed')).frames,
    nearMiss: () =>
      listen({ toolsListChanged: true })
        .s(ack({ toolsListChanged: true }))
        .s(tagged('notifications/tools/list_changed')).frames,
  },
  {
    rule: 'modern.notification-untagged',
    name: 'a tag that names no subscription',
    trigger: () =>
      listen({ toolsListChanged: true })
        .s(ack({ toolsListChanged: true }))
        .s(tagged('notifications/tools/list_changed', {}, 6)).frames,
    nearMiss: () =>
      listen({ toolsListChanged: true })
        .s(ack({ toolsListChanged: true }))
        .s(tagged('notifications/tools/list_changed', {}, 5)).frames,
  },
  {
    rule: 'modern.notification-not-requested',
    name: 'prompts/list_changed on a stream that asked for tools only',
    trigger: () =>
      listen({ toolsListChanged: true })
        .s(ack({ toolsListChanged: true }))
        .s(tagged('notifications/prompts/list_changed')).frames,
    nearMiss: () =>
      listen({ toolsListChanged: true, resourceSubscriptions: ['file:///a'] })
        .s(ack({ toolsListChanged: true }))
        .s(tagged('notifications/resources/updated', { uri: 'file:///a' })).frames,
  },
  {
    rule: 'modern.log-without-level',
    name: 'a log message for a request that set no level',
    trigger: () =>
      discovered()
        .c(call(2))
        .s(note('notifications/message', { level: 'info', data: 'x' })).frames,
    nearMiss: () =>
      discovered()
        .c(req(2, 'tools/call', withMeta({ name: 'a' }, {}, { 'io.modelcontextprotocol/logLevel': 'info' })))
        .s(note('notifications/message', { level: 'info', data: 'x' })).frames,
  },
  {
    rule: 'modern.error-data',
    name: '-32022 without data.supported and data.requested',
    trigger: () => discovered().c(call(2)).s(failed(-32022)).frames,
    nearMiss: () =>
      discovered()
        .c(call(2))
        .s(failed(-32022, { supported: [V], requested: '2027-01-01' })).frames,
  },
  {
    rule: 'modern.error-data',
    name: '-32021 without data.requiredCapabilities',
    trigger: () => discovered().c(call(2)).s(failed(-32021)).frames,
    nearMiss: () =>
      discovered()
        .c(call(2))
        .s(failed(-32021, { requiredCapabilities: { elicitation: {} } })).frames,
  },
  {
    rule: 'modern.pre-freeze-error-code',
    name: 'the draft UnsupportedProtocolVersion code -32004',
    trigger: () =>
      discovered()
        .c(call(2))
        .s(failed(-32004, { supported: [V], requested: 'x' })).frames,
    nearMiss: () =>
      discovered()
        .c(call(2))
        .s(failed(-32022, { supported: [V], requested: 'x' })).frames,
  },
  {
    rule: 'modern.retired-error-code',
    name: 'a missing resource answered -32002',
    trigger: () =>
      discovered()
        .c(req(2, 'resources/read', withMeta({ uri: 'file:///x' })))
        .s(failed(-32002)).frames,
    nearMiss: () =>
      discovered()
        .c(req(2, 'resources/read', withMeta({ uri: 'file:///x' })))
        .s(failed(-32602)).frames,
  },
];
