import { describe, expect, it } from 'vitest';
import { parseMcpServers } from './import-mcp-servers';

describe('parseMcpServers', () => {
  it('reads stdio and HTTP entries as MCP hosts write them', () => {
    const { connections, errors } = parseMcpServers(JSON.stringify({
      mcpServers: {
        'My Files': { command: 'npx', args: ['-y', '@acme/files', '/tmp'], env: { HOME: '/h' }, cwd: '/work' },
        bare: { command: 'python3' },
        remote: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer x' } },
        legacy: { type: 'sse', url: 'https://example.com/sse' },
      },
    }));
    expect(errors).toEqual([]);
    expect(connections).toEqual([
      { id: 'imported-my-files', name: 'My Files', transport: 'stdio', command: 'npx', args: ['-y', '@acme/files', '/tmp'], env: { HOME: '/h' }, cwd: '/work' },
      { id: 'imported-bare', name: 'bare', transport: 'stdio', command: 'python3', args: [], env: {} },
      { id: 'imported-remote', name: 'remote', transport: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer x' }, mode: 'auto' },
      { id: 'imported-legacy', name: 'legacy', transport: 'http', url: 'https://example.com/sse', headers: {}, mode: 'sse' },
    ]);
  });

  it('gives one clear error per bad entry and keeps the good ones', () => {
    const { connections, errors } = parseMcpServers(JSON.stringify({
      mcpServers: { good: { command: 'node' }, empty: {}, badArgs: { command: 'node', args: 'a b' }, badUrl: { url: 'not a url' }, nope: 3 },
    }));
    expect(connections.map((c) => c.name)).toEqual(['good']);
    expect(errors).toHaveLength(4);
    expect(errors[0]).toMatch(/^"empty": needs either "command".*or "url"/);
    expect(errors[1]).toMatch(/^"badArgs": args: /);
    expect(errors[2]).toMatch(/^"badUrl": url: /);
    expect(errors[3]).toMatch(/^"nope": expected an object/);
  });

  it('explains what it expected when the document is not mcpServers JSON', () => {
    expect(parseMcpServers('{').errors[0]).toMatch(/^not valid JSON/);
    expect(parseMcpServers('{"servers": 1}').errors[0]).toMatch(/"mcpServers" object/);
    expect(parseMcpServers('{"mcpServers": {}}').errors[0]).toMatch(/empty/);
  });
});
