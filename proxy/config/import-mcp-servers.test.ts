import { describe, expect, it } from 'vitest';
import { parseMcpServers } from './import-mcp-servers';

describe('parseMcpServers', () => {
  it('reads stdio and HTTP entries as MCP hosts write them', () => {
    const { connections, errors } = parseMcpServers(
      JSON.stringify({
        mcpServers: {
          'My Files': { command: 'npx', args: ['-y', '@acme/files', '/tmp'], env: { HOME: '/h' }, cwd: '/work' },
          bare: { command: 'python3' },
          remote: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer x' } },
          legacy: { type: 'sse', url: 'https://example.com/sse' },
        },
      }),
    );
    expect(errors).toEqual([]);
    expect(connections).toEqual([
      { id: 'imported-my-files', name: 'My Files', transport: 'stdio', command: 'npx', args: ['-y', '@acme/files', '/tmp'], env: { HOME: '/h' }, cwd: '/work' },
      { id: 'imported-bare', name: 'bare', transport: 'stdio', command: 'python3', args: [], env: {} },
      { id: 'imported-remote', name: 'remote', transport: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer x' }, mode: 'auto' },
      { id: 'imported-legacy', name: 'legacy', transport: 'http', url: 'https://example.com/sse', headers: {}, mode: 'sse' },
    ]);
  });

  it('gives one clear error per bad entry and keeps the good ones', () => {
    const { connections, errors } = parseMcpServers(
      JSON.stringify({
        mcpServers: { good: { command: 'node' }, empty: {}, badArgs: { command: 'node', args: 'a b' }, badUrl: { url: 'not a url' }, nope: 3 },
      }),
    );
    expect(connections.map((c) => c.name)).toEqual(['good']);
    expect(errors).toHaveLength(4);
    expect(errors[0]).toMatch(/^"empty": needs either "command".*or "url"/);
    expect(errors[1]).toMatch(/^"badArgs": args: /);
    expect(errors[2]).toMatch(/^"badUrl": url: /);
    expect(errors[3]).toMatch(/^"nope": expected an object/);
  });

  it("reads an HTTP entry's timeout as its request timeout: milliseconds, or seconds as Cline and Roo Code write them", () => {
    const { connections, errors } = parseMcpServers(
      JSON.stringify({
        mcpServers: {
          gemini: { httpUrl: 'https://example.com/mcp', timeout: 30000 },
          geminiSse: { url: 'https://example.com/sse', timeout: 600000 },
          cline: { type: 'streamableHttp', url: 'https://example.com/mcp', timeout: 1800, autoApprove: [], disabled: false },
          roo: { type: 'sse', url: 'https://example.com/sse', timeout: 120, alwaysAllow: [] },
          short: { url: 'https://example.com/mcp', timeout: 60 },
          none: { url: 'https://example.com/mcp' },
          local: { command: 'node', timeout: 5000 },
        },
      }),
    );
    expect(errors).toEqual([]);
    const byName = Object.fromEntries(connections.map((c) => [c.name, c]));
    expect(byName.gemini).toMatchObject({ transport: 'http', url: 'https://example.com/mcp', mode: 'streamable', timeouts: { requestMs: 30_000 } });
    expect(byName.geminiSse).toMatchObject({ mode: 'auto', timeouts: { requestMs: 600_000 } });
    expect(byName.cline).toMatchObject({ mode: 'streamable', timeouts: { requestMs: 1_800_000 } });
    expect(byName.roo).toMatchObject({ mode: 'sse', timeouts: { requestMs: 120_000 } });
    expect(byName.short).toMatchObject({ timeouts: { requestMs: 60_000 } });
    expect(byName.none).not.toHaveProperty('timeouts');
    // Loupe's stdio connections have no request timeout to carry it.
    expect(byName.local).toEqual({ id: 'imported-local', name: 'local', transport: 'stdio', command: 'node', args: [], env: {} });
  });

  it('names the entry and the field when a timeout cannot be used, and keeps the other entries', () => {
    const { connections, errors } = parseMcpServers(
      JSON.stringify({
        mcpServers: {
          ok: { url: 'https://example.com/mcp', timeout: 5000 },
          text: { url: 'https://example.com/mcp', timeout: '30s' },
          negative: { url: 'https://example.com/mcp', timeout: -1 },
          huge: { url: 'https://example.com/mcp', timeout: 7_200_000 },
        },
      }),
    );
    expect(connections.map((c) => c.name)).toEqual(['ok']);
    expect(errors).toEqual([
      '"text": timeout: expected a positive number of milliseconds, got "30s"',
      '"negative": timeout: expected a positive number of milliseconds, got -1',
      '"huge": timeout: 7200000 ms is more than Loupe\'s limit of one hour (3600000 ms)',
    ]);
  });

  it('explains what it expected when the document is not mcpServers JSON', () => {
    expect(parseMcpServers('{').errors[0]).toMatch(/^not valid JSON/);
    expect(parseMcpServers('{"servers": 1}').errors[0]).toMatch(/"mcpServers" object/);
    expect(parseMcpServers('{"mcpServers": {}}').errors[0]).toMatch(/empty/);
  });
});
