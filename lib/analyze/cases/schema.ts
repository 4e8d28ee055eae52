import { script } from '../testing';
import { discovered, ok, withMeta } from './modern';
import { note, req, res, type RuleCase } from './types';

const hs = () => script().handshake({ server: { tools: {}, logging: {} } });
/** A 2026-07-28 server/discover answered with `result` (caching hints and serverInfo in place). */
const discover = (result: object) =>
  script()
    .c(req(1, 'server/discover', withMeta()))
    .s(ok(1, { ttlMs: 0, cacheScope: 'public', ...result })).frames;
const modernCall = (result: object) =>
  discovered()
    .c(req(2, 'tools/call', withMeta({ name: 'a' })))
    .s(ok(2, result)).frames;

export const schemaCases: RuleCase[] = [
  {
    rule: 'schema.params',
    name: 'tools/call without a name',
    trigger: () => hs().c(req(1, 'tools/call', { arguments: {} })).frames,
    nearMiss: () => hs().c(req(1, 'tools/call', { name: 'a', arguments: {} })).frames,
  },
  {
    rule: 'schema.params',
    name: 'a log level that does not exist',
    trigger: () => hs().s(note('notifications/message', { level: 'verbose', data: 'x' })).frames,
    nearMiss: () => hs().s(note('notifications/message', { level: 'debug', data: 'x' })).frames,
  },
  {
    rule: 'schema.result',
    name: 'a tool without inputSchema fails ListToolsResult',
    trigger: () =>
      hs()
        .c(req(1, 'tools/list'))
        .s(res(1, { tools: [{ inputSchema: { type: 'object' } }] })).frames,
    nearMiss: () =>
      hs()
        .c(req(1, 'tools/list'))
        .s(res(1, { tools: [{ name: 'a', inputSchema: { type: 'object' } }] })).frames,
  },
  {
    rule: 'schema.result',
    name: 'initialize without serverInfo',
    trigger: () =>
      script()
        .c(req(0, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } }))
        .s(res(0, { protocolVersion: '2025-11-25', capabilities: {} })).frames,
    nearMiss: () => hs().frames,
  },
  // 2026-07-28 results are judged against the revision's schemas as legacy ones are.
  {
    rule: 'schema.result',
    name: 'a 2026-07-28 server/discover without supportedVersions',
    trigger: () => discover({ capabilities: {} }),
    frames: [2, 1],
    nearMiss: () => discover({ supportedVersions: ['2026-07-28'], capabilities: {} }),
  },
  {
    rule: 'schema.result',
    name: 'a 2026-07-28 server/discover without capabilities',
    trigger: () => discover({ supportedVersions: ['2026-07-28'] }),
    nearMiss: () =>
      discover({ supportedVersions: ['2026-07-28'], capabilities: { tools: {}, extensions: { 'io.modelcontextprotocol/ui': {} } }, instructions: 'x' }),
  },
  {
    rule: 'schema.result',
    name: 'a 2026-07-28 tools/call result whose isError is a string',
    trigger: () => modernCall({ content: [], isError: 'yes' }),
    nearMiss: () => modernCall({ content: [], isError: true }),
  },
];
