import { script } from '../testing';
import { init, initialized, initResult } from './lifecycle';
import { note, req, res, type RuleCase } from './types';

const UI = 'io.modelcontextprotocol/ui';
const initAt = (id: number, version: string) => req(id, 'initialize', { protocolVersion: version, capabilities: {}, clientInfo: { name: 'c', version: '1' } });
const selectedWith = (id: number, version: string, capabilities: object) =>
  res(id, { protocolVersion: version, capabilities, serverInfo: { name: 's', version: '1' } });
const listed = (version: string, method: string, result: object) =>
  script()
    .handshake({ version, server: { tools: {}, resources: {}, prompts: {} } })
    .c(req(1, method))
    .s(res(1, result)).frames;
const called = (version: string, result: object) =>
  script()
    .handshake({ version, server: { tools: {} } })
    .c(req(1, 'tools/call', { name: 'a' }))
    .s(res(1, result)).frames;

export const versionCases: RuleCase[] = [
  {
    rule: 'version.unknown-requested',
    name: 'the client asks for 2099-01-01',
    trigger: () => script().c(init(0, '2099-01-01')).frames,
    nearMiss: () => script().c(init(0, '2025-06-18')).frames,
  },
  {
    rule: 'version.unknown-selected',
    name: 'the server answers 1999-01-01',
    trigger: () => script().c(init()).s(initResult(0, '1999-01-01')).frames,
    nearMiss: () => script().c(init()).s(initResult(0, '2025-06-18')).frames,
  },
  {
    rule: 'version.downgraded',
    name: 'asked 2025-11-25, got 2025-06-18',
    trigger: () => script().c(init()).s(initResult(0, '2025-06-18')).frames,
    nearMiss: () => script().c(init()).s(initResult()).frames,
  },
  {
    rule: 'version.unsupported-continued',
    name: 'the client carries on with a version it never offered',
    trigger: () => script().c(init()).s(initResult(0, '1999-01-01')).c(initialized).frames,
    nearMiss: () => script().c(init()).s(initResult(0, '1999-01-01')).frames,
  },
  {
    rule: 'version.feature-not-in-version',
    name: 'elicitation/create in 2025-03-26',
    trigger: () =>
      script()
        .handshake({ version: '2025-03-26', client: { elicitation: {} } })
        .s(req(1, 'elicitation/create', { message: 'x', requestedSchema: { type: 'object', properties: {} } })).frames,
    nearMiss: () =>
      script()
        .handshake({ version: '2025-06-18', client: { elicitation: {} } })
        .s(req(1, 'elicitation/create', { message: 'x', requestedSchema: { type: 'object', properties: {} } })).frames,
  },
  {
    rule: 'version.feature-not-in-version',
    name: 'a resource_link in 2025-03-26',
    trigger: () =>
      script()
        .handshake({ version: '2025-03-26', server: { tools: {} } })
        .c(req(1, 'tools/call', { name: 'a' }))
        .s(res(1, { content: [{ type: 'resource_link', uri: 'file:///a', name: 'a' }] })).frames,
    nearMiss: () =>
      script()
        .handshake({ version: '2025-06-18', server: { tools: {} } })
        .c(req(1, 'tools/call', { name: 'a' }))
        .s(res(1, { content: [{ type: 'resource_link', uri: 'file:///a', name: 'a' }] })).frames,
  },
  {
    rule: 'version.feature-not-in-version',
    name: 'outputSchema in 2025-03-26',
    trigger: () =>
      script()
        .handshake({ version: '2025-03-26', server: { tools: {} } })
        .c(req(1, 'tools/list'))
        .s(res(1, { tools: [{ name: 'a', inputSchema: { type: 'object' }, outputSchema: { type: 'object' } }] })).frames,
    nearMiss: () =>
      script()
        .handshake({ version: '2025-03-26', server: { tools: {} } })
        .c(req(1, 'tools/list'))
        .s(res(1, { tools: [{ name: 'a', inputSchema: { type: 'object' } }] })).frames,
  },
  // One trigger per kind of place a version-specific field lives; each near miss is the same
  // traffic in the first version that defines it.
  {
    rule: 'version.feature-not-in-version',
    name: 'titles on resources in 2025-03-26',
    trigger: () => listed('2025-03-26', 'resources/list', { resources: [{ uri: 'file:///a', name: 'a', title: 'A' }] }),
    nearMiss: () => listed('2025-06-18', 'resources/list', { resources: [{ uri: 'file:///a', name: 'a', title: 'A' }] }),
  },
  {
    rule: 'version.feature-not-in-version',
    name: 'titles on resource templates in 2025-03-26',
    trigger: () => listed('2025-03-26', 'resources/templates/list', { resourceTemplates: [{ uriTemplate: 'file:///{p}', name: 't', title: 'T' }] }),
    nearMiss: () => listed('2025-06-18', 'resources/templates/list', { resourceTemplates: [{ uriTemplate: 'file:///{p}', name: 't', title: 'T' }] }),
  },
  {
    rule: 'version.feature-not-in-version',
    name: 'a title on a prompt argument in 2024-11-05',
    trigger: () => listed('2024-11-05', 'prompts/list', { prompts: [{ name: 'p', arguments: [{ name: 'x', title: 'X' }] }] }),
    nearMiss: () => listed('2025-06-18', 'prompts/list', { prompts: [{ name: 'p', title: 'P', arguments: [{ name: 'x', title: 'X' }] }] }),
  },
  {
    rule: 'version.feature-not-in-version',
    name: 'icons on a tool in 2025-06-18',
    trigger: () => listed('2025-06-18', 'tools/list', { tools: [{ name: 'a', inputSchema: { type: 'object' }, icons: [{ src: 'https://x/i.png' }] }] }),
    nearMiss: () => listed('2025-11-25', 'tools/list', { tools: [{ name: 'a', inputSchema: { type: 'object' }, icons: [{ src: 'https://x/i.png' }] }] }),
  },
  {
    rule: 'version.feature-not-in-version',
    name: 'tool annotations in 2024-11-05',
    trigger: () => listed('2024-11-05', 'tools/list', { tools: [{ name: 'a', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }] }),
    nearMiss: () => listed('2025-03-26', 'tools/list', { tools: [{ name: 'a', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }] }),
  },
  {
    rule: 'version.feature-not-in-version',
    name: 'the completions capability in 2024-11-05',
    trigger: () =>
      script()
        .c(initAt(0, '2024-11-05'))
        .s(selectedWith(0, '2024-11-05', { completions: {} })).frames,
    frames: [2, 1],
    nearMiss: () =>
      script()
        .c(initAt(0, '2025-03-26'))
        .s(selectedWith(0, '2025-03-26', { completions: {} })).frames,
  },
  {
    rule: 'version.feature-not-in-version',
    name: 'completions from a server that downgraded to 2024-11-05',
    trigger: () =>
      script()
        .c(initAt(0, '2025-11-25'))
        .s(selectedWith(0, '2024-11-05', { completions: {} })).frames,
    nearMiss: () =>
      script()
        .c(initAt(0, '2025-11-25'))
        .s(selectedWith(0, '2024-11-05', { prompts: {} })).frames,
  },
  {
    rule: 'version.feature-not-in-version',
    name: 'the elicitation client capability in 2025-03-26',
    trigger: () =>
      script().c(req(0, 'initialize', { protocolVersion: '2025-03-26', capabilities: { elicitation: {} }, clientInfo: { name: 'c', version: '1' } })).frames,
    nearMiss: () =>
      script().c(req(0, 'initialize', { protocolVersion: '2025-06-18', capabilities: { elicitation: {} }, clientInfo: { name: 'c', version: '1' } })).frames,
  },
  // Capabilities are an open set: a named extension (an MCP Apps host's) is no feature of a later
  // version; elicitation beside it still is.
  {
    rule: 'version.feature-not-in-version',
    name: 'the elicitation client capability in 2025-03-26, beside a named extension',
    trigger: () =>
      script().c(
        req(0, 'initialize', {
          protocolVersion: '2025-03-26',
          capabilities: { elicitation: {}, extensions: { [UI]: { mimeTypes: ['text/html;profile=mcp-app'] } } },
          clientInfo: { name: 'c', version: '1' },
        }),
      ).frames,
    nearMiss: () =>
      script()
        .c(
          req(0, 'initialize', {
            protocolVersion: '2025-11-25',
            capabilities: { extensions: { [UI]: { mimeTypes: ['text/html;profile=mcp-app'] } } },
            clientInfo: { name: 'host', version: '1' },
          }),
        )
        .s(selectedWith(0, '2025-11-25', { tools: {}, extensions: { [UI]: {} } })).frames,
  },
  {
    rule: 'version.feature-not-in-version',
    name: 'structuredContent in 2025-03-26',
    trigger: () => called('2025-03-26', { content: [], structuredContent: { a: 1 } }),
    nearMiss: () => called('2025-06-18', { content: [], structuredContent: { a: 1 } }),
  },
  {
    rule: 'version.feature-not-in-version',
    name: '_meta on a content block in 2025-03-26',
    trigger: () => called('2025-03-26', { content: [{ type: 'text', text: 'x', _meta: { k: 1 } }] }),
    nearMiss: () => called('2025-03-26', { content: [{ type: 'text', text: 'x' }], _meta: { k: 1 } }),
  },
  {
    rule: 'version.feature-not-in-version',
    name: 'audio content in 2024-11-05',
    trigger: () => called('2024-11-05', { content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] }),
    nearMiss: () => called('2025-03-26', { content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] }),
  },
  {
    rule: 'version.feature-not-in-version',
    name: 'a progress message in 2024-11-05',
    trigger: () =>
      script()
        .handshake({ version: '2024-11-05', server: { tools: {} } })
        .c(req(1, 'tools/call', { name: 'a', _meta: { progressToken: 1 } }))
        .s(note('notifications/progress', { progressToken: 1, progress: 1, message: 'half' })).frames,
    nearMiss: () =>
      script()
        .handshake({ version: '2024-11-05', server: { tools: {} } })
        .c(req(1, 'tools/call', { name: 'a', _meta: { progressToken: 1 } }))
        .s(note('notifications/progress', { progressToken: 1, progress: 1 })).frames,
  },
  {
    rule: 'version.stateless-era',
    name: 'server/discover and per-request _meta',
    trigger: () =>
      script()
        .c(req(1, 'server/discover', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } }))
        .s(res(1, { supportedVersions: ['2026-07-28'], capabilities: {} }))
        .c(req(2, 'tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } }))
        .frames,
    nearMiss: () => script().handshake().c(req(1, 'tools/list')).frames,
  },
  {
    rule: 'version.stateless-era',
    name: 'a tools/call carrying the version in _meta, no initialize',
    trigger: () =>
      script()
        .c(req(1, 'tools/call', { name: 'a', _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } }))
        .c(note('notifications/cancelled', { requestId: 1 })).frames,
    nearMiss: () =>
      script()
        .handshake({ server: { tools: {} } })
        .c(req(1, 'tools/call', { name: 'a', _meta: { 'com.example/protocolVersion': '2026-07-28' } })).frames,
  },
];
