import { describe, expect, it } from 'vitest';
import { encodeHeaderValue, modernRequestHeaders, paramHeaders } from './modern-headers';
import { MODERN_VERSION, withEnvelope } from './modern';

const env = { protocolVersion: MODERN_VERSION, clientCapabilities: {} };

describe('encodeHeaderValue (streamable-http, Value Encoding)', () => {
  it.each([
    ['us-west1', 'us-west1'],
    ['Hello, 世界', '=?base64?SGVsbG8sIOS4lueVjA==?='],
    [' padded ', '=?base64?IHBhZGRlZCA=?='],
    ['line1\nline2', '=?base64?bGluZTEKbGluZTI=?='],
    ['=?base64?literal?=', '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?='],
  ])('%j -> %s (the spec table)', (value, header) => {
    expect(encodeHeaderValue(value)).toBe(header);
  });
});

describe('paramHeaders', () => {
  it('finds annotations on a properties chain and names what is invalid', () => {
    const schema = {
      type: 'object',
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        nested: { type: 'object', properties: { tenant: { type: 'integer', 'x-mcp-header': 'Tenant' } } },
        ratio: { type: 'number', 'x-mcp-header': 'Ratio' },
        again: { type: 'string', 'x-mcp-header': 'region' },
        bad: { type: 'string', 'x-mcp-header': 'has space' },
      },
    };
    const { headers, problems } = paramHeaders(schema);
    expect(headers).toEqual([
      { name: 'Region', path: ['region'] },
      { name: 'Tenant', path: ['nested', 'tenant'] },
    ]);
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/ratio: x-mcp-header on a number parameter/);
    expect(problems.join('\n')).toMatch(/again: x-mcp-header "region" is used twice/);
  });
});

describe('modernRequestHeaders', () => {
  const schemas: Record<string, unknown> = {
    query_region: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, n: { type: 'integer', 'x-mcp-header': 'N' } } },
  };
  it('mirrors the version, method, name and x-mcp-header arguments', () => {
    const message = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: withEnvelope({ name: 'query_region', arguments: { region: 'Zürich', n: 7 } }, env) };
    expect(modernRequestHeaders(message, (t) => schemas[t])).toEqual({
      'Mcp-Method': 'tools/call',
      'MCP-Protocol-Version': MODERN_VERSION,
      'Mcp-Name': 'query_region',
      'Mcp-Param-Region': '=?base64?WsO8cmljaA==?=',
      'Mcp-Param-N': '7',
    });
  });
  it('names resources by uri and tasks by taskId; leaves out an argument that is absent', () => {
    expect(modernRequestHeaders({ method: 'resources/read', params: { uri: 'file:///a b' } }, () => undefined)).toEqual({
      'Mcp-Method': 'resources/read',
      'Mcp-Name': 'file:///a b',
    });
    expect(modernRequestHeaders({ method: 'tasks/get', params: { taskId: 't1' } }, () => undefined)['Mcp-Name']).toBe('t1');
    expect(modernRequestHeaders({ method: 'tools/call', params: { name: 'query_region', arguments: {} } }, (t) => schemas[t])).toEqual({
      'Mcp-Method': 'tools/call',
      'Mcp-Name': 'query_region',
    });
  });
});

describe('withEnvelope', () => {
  it('adds the envelope and keeps the caller’s own _meta keys', () => {
    const p = withEnvelope({ name: 'x', _meta: { progressToken: 4 } }, { ...env, logLevel: 'info', clientInfo: { name: 'loupe', version: '1' } });
    expect(p).toEqual({
      name: 'x',
      _meta: {
        'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': { name: 'loupe', version: '1' },
        'io.modelcontextprotocol/logLevel': 'info',
        progressToken: 4,
      },
    });
  });
});
