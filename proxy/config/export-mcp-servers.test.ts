import { describe, expect, it } from 'vitest';
import type { Connection } from '../../lib/wire/connection';
import { exportMcpServers } from './export-mcp-servers';
import { parseMcpServers } from './import-mcp-servers';

const stdio: Connection = {
  id: 'gh',
  name: 'github',
  transport: 'stdio',
  command: 'npx',
  args: ['-y', '@modelcontextprotocol/server-github', '--token=ghp_supersecretvalue123'],
  env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_anothersecret456', LOG_LEVEL: 'debug' },
};
const http: Connection = {
  id: 'rm',
  name: 'remote',
  transport: 'http',
  url: 'https://mcp.example.com/mcp?api_key=k3y-value-789',
  headers: { Authorization: 'Bearer tok-abcdef', 'X-Team': 'platform' },
  mode: 'streamable',
};

describe('exportMcpServers', () => {
  it('writes the mcpServers shape hosts read, secrets redacted by the one redaction path', () => {
    const { json, redacted } = exportMcpServers([stdio, http]);
    const out = JSON.parse(json) as { mcpServers: Record<string, Record<string, unknown>> };
    expect(out.mcpServers.github).toMatchObject({ command: 'npx', env: { LOG_LEVEL: 'debug' } });
    expect(JSON.stringify(out.mcpServers.github.env)).toContain('«redacted:');
    expect(out.mcpServers.github.args).toEqual(['-y', '@modelcontextprotocol/server-github', expect.stringMatching(/^--token=«redacted:/)]);
    expect(out.mcpServers.remote).toMatchObject({ type: 'http' });
    expect(JSON.stringify(out.mcpServers.remote)).not.toMatch(/tok-abcdef|k3y-value-789|platform/);
    expect(json).not.toMatch(/ghp_|tok-abcdef|k3y-value/);
    expect(redacted).toEqual(expect.arrayContaining([expect.stringMatching(/^github: /), expect.stringMatching(/^remote: header:authorization/)]));
  });

  it('keeps every value when the person asks for them, and reads back as the same connections', () => {
    const { json, redacted } = exportMcpServers([stdio, http], true);
    expect(redacted).toEqual([]);
    expect(json).toContain('ghp_anothersecret456');
    const back = parseMcpServers(json);
    expect(back.errors).toEqual([]);
    expect(back.connections.map((c) => c.name)).toEqual(['github', 'remote']);
    expect(back.connections[0]).toMatchObject({ command: 'npx', args: stdio.args, env: stdio.env });
    expect(back.connections[1]).toMatchObject({ url: http.url, headers: http.headers, mode: 'streamable' });
  });

  it('gives a second connection of the same name its own key', () => {
    const out = JSON.parse(exportMcpServers([stdio, { ...stdio, id: 'gh2' }], true).json) as { mcpServers: Record<string, unknown> };
    expect(Object.keys(out.mcpServers)).toEqual(['github', 'github (2)']);
  });
});
