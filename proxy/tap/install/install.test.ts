/**
 * `loupe tap install` / `uninstall` on config files of each host's shape, through the real CLI: the
 * round trip must leave the file byte-identical, and a tapped entry must really run its server.
 */
import { copyFileSync, existsSync, readFileSync, statSync, writeFileSync, chmodSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EVERYTHING, LOUPE_BIN, ROOT, runCli, tempDir } from '../../cli/shared/run-cli';
import { waitFor } from '../../sessions/test-support';
import { planInstall } from './wrap';

const FIXTURES = path.join(ROOT, 'e2e/fixtures/host-configs');

function place(file: string): { config: string; configDir: string; original: string } {
  const dir = tempDir();
  const config = path.join(dir, file);
  copyFileSync(path.join(FIXTURES, file), config);
  const text = readFileSync(config, 'utf8').replace('EVERYTHING_PATH', EVERYTHING[1]);
  writeFileSync(config, text);
  return { config, configDir: path.join(dir, 'loupe'), original: text };
}

/** Each host's shape: its stdio servers (wrapped in the shim) and HTTP servers (under `urlKey`, pointed at a local tap). */
const CASES = [
  { host: 'claude-desktop', file: 'claude_desktop_config.json', key: 'mcpServers', tapped: ['everything', 'filesystem'], http: [], urlKey: 'url' },
  { host: 'claude-code', file: 'claude.json', key: 'mcpServers', tapped: ['github'], http: ['linear'], urlKey: 'url' },
  { host: 'cursor', file: 'cursor-mcp.json', key: 'mcpServers', tapped: ['sqlite'], http: ['remote'], urlKey: 'url' },
  { host: 'vscode', file: 'vscode-mcp.json', key: 'servers', tapped: ['everything'], http: ['docs'], urlKey: 'url' },
  { host: 'windsurf', file: 'windsurf-mcp_config.json', key: 'mcpServers', tapped: ['git'], http: ['remote'], urlKey: 'serverUrl' },
] as const;

describe('loupe tap install / uninstall', () => {
  for (const c of CASES) {
    it(`${c.host}: wraps the stdio servers, points the HTTP ones at a local tap, keeps everything else, and round-trips byte for byte`, async () => {
      const { config, configDir, original } = place(c.file);
      chmodSync(config, 0o640);
      const installed = await runCli(['tap', 'install', '--host', c.host, '--config', config, '--config-dir', configDir, '--yes']);
      expect(installed.stderr).toBe('');
      expect(installed.code).toBe(0);
      expect(installed.stdout).toContain(`tapped ${[...c.tapped, ...c.http].join(', ')}`);
      expect(installed.stdout).not.toContain('skipping');
      // The diff was shown before writing.
      expect(installed.stdout).toMatch(/^\+.*"tap"/m);

      const after = readFileSync(config, 'utf8');
      const servers = parse(after)[c.key];
      const before = parse(original)[c.key];
      for (const name of c.tapped) {
        expect(servers[name].command).toBe(process.execPath);
        const args: string[] = servers[name].args;
        expect(args.slice(0, 4)).toEqual([LOUPE_BIN, 'tap', '--name', name]);
        expect(args.slice(args.indexOf('--') + 1)).toEqual([before[name].command, ...before[name].args]);
        // Other fields of the entry are untouched.
        expect({ ...servers[name], command: undefined, args: undefined }).toEqual({ ...before[name], command: undefined, args: undefined });
      }
      const records = JSON.parse(readFileSync(path.join(configDir, 'tap-installs.json'), 'utf8'));
      for (const name of c.http) {
        const listener = records[0].listeners.find((l: { server: string }) => l.server === name);
        expect(listener.upstream).toBe(before[name][c.urlKey]);
        // The host keeps the server's path, on a loopback port that install chose and recorded.
        expect(servers[name][c.urlKey]).toBe(`http://127.0.0.1:${listener.port}${new URL(before[name][c.urlKey]).pathname}`);
        expect(installed.stdout).toContain(`${name} (HTTP) now points at ${servers[name][c.urlKey]}`);
        expect({ ...servers[name], [c.urlKey]: undefined }).toEqual({ ...before[name], [c.urlKey]: undefined });
      }
      if (c.host === 'vscode') expect(after).toContain('// Servers for this workspace');
      if (c.file === 'cursor-mcp.json')
        expect(
          after
            .split('\n')
            .slice(0, -1)
            .every((l) => l.endsWith('\r')),
        ).toBe(true);
      expect(statSync(config).mode & 0o777).toBe(0o640);

      const again = await runCli(['tap', 'install', '--host', c.host, '--config', config, '--config-dir', configDir, '--yes']);
      expect(again.stdout).toContain('nothing to tap');
      expect(readFileSync(config, 'utf8')).toBe(after);

      const removed = await runCli(['tap', 'uninstall', '--host', c.host, '--config', config, '--config-dir', configDir, '--yes']);
      expect(removed.code).toBe(0);
      expect(removed.stdout).toContain('exactly as it was before install');
      expect(readFileSync(config, 'utf8')).toBe(original);
    }, 60_000);
  }

  it('undoes only its own edits when the file changed since install', async () => {
    const { config, configDir, original } = place('claude_desktop_config.json');
    await runCli(['tap', 'install', '--host', 'claude-desktop', '--config', config, '--config-dir', configDir, '--yes', '--server', 'filesystem']);
    const edited = readFileSync(config, 'utf8').replace('"Ctrl+Space"', '"Alt+Space"');
    writeFileSync(config, edited);
    const removed = await runCli(['tap', 'uninstall', '--host', 'claude-desktop', '--config', config, '--config-dir', configDir, '--yes']);
    expect(removed.stdout).toContain('changed since install: undid only the tap entries (filesystem)');
    expect(parse(readFileSync(config, 'utf8'))).toEqual({ ...parse(original), globalShortcut: 'Alt+Space' });
  }, 60_000);

  it('puts an HTTP server back to its own URL when the file changed since install', async () => {
    const { config, configDir, original } = place('windsurf-mcp_config.json');
    await runCli(['tap', 'install', '--host', 'windsurf', '--config', config, '--config-dir', configDir, '--yes']);
    writeFileSync(config, readFileSync(config, 'utf8').replace('"disabled": false', '"disabled": true'));
    const removed = await runCli(['tap', 'uninstall', '--host', 'windsurf', '--config', config, '--config-dir', configDir, '--yes']);
    expect(removed.stdout).toContain('undid only the tap entries (git, remote)');
    expect(parse(readFileSync(config, 'utf8'))).toEqual(parse(original.replace('"disabled": false', '"disabled": true')));
  }, 60_000);

  it('shows the diff and writes nothing without --yes when nobody is at the terminal', async () => {
    const { config, configDir, original } = place('windsurf-mcp_config.json');
    const r = await runCli(['tap', 'install', '--host', 'windsurf', '--config', config, '--config-dir', configDir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^-\s+"command": "uvx",/m);
    expect(r.stdout).toContain('nothing written: run again with --yes');
    expect(readFileSync(config, 'utf8')).toBe(original);
  }, 60_000);

  it('refuses a file it cannot parse, a server it does not have, and an unknown host', async () => {
    const { config, configDir } = place('claude_desktop_config.json');
    const bad = await runCli(['tap', 'install', '--host', 'claude-desktop', '--config', config, '--config-dir', configDir, '--server', 'nope', '--yes']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/no server named "nope"; the file has everything, filesystem/);
    writeFileSync(config, '{ "mcpServers": { ');
    const broken = await runCli(['tap', 'install', '--host', 'claude-desktop', '--config', config, '--config-dir', configDir, '--yes']);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/not valid JSON/);
    const host = await runCli(['tap', 'install', '--host', 'zed', '--config', config]);
    expect(host.code).toBe(2);
    expect(host.stderr).toMatch(/unknown host 'zed'/);
  }, 60_000);

  it('a tapped entry runs its server for a real client, and the session is recorded', async () => {
    const { config, configDir } = place('claude_desktop_config.json');
    const installed = await runCli([
      'tap',
      'install',
      '--host',
      'claude-desktop',
      '--config',
      config,
      '--config-dir',
      configDir,
      '--yes',
      '--server',
      'everything',
    ]);
    expect(installed.code).toBe(0);
    const entry = JSON.parse(readFileSync(config, 'utf8')).mcpServers.everything;
    const client = new Client({ name: 'host', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: entry.command, args: entry.args, env: { ...process.env, ...entry.env } as Record<string, string>, stderr: 'ignore' }),
    );
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain('echo');
    // The tap's recorder thread writes the file while the session runs; on a busy machine that can
    // come after the first answers, and a host that closes then may end the tap before it.
    const taps = () => (existsSync(path.join(configDir, 'taps')) ? readdirSync(path.join(configDir, 'taps')) : []);
    await waitFor(() => taps().some((f) => f.includes('-everything-')), 20_000, 'the tap file');
    await client.close();
  }, 60_000);

  it('runs npx through cmd /c on Windows, and directly elsewhere', () => {
    const text = JSON.stringify({ mcpServers: { fs: { command: 'npx', args: ['-y', 'pkg'] } } });
    const launcher = { command: 'C:\\node.exe', prefix: ['C:\\loupe\\bin\\loupe.mjs'], configDir: 'C:\\cfg' };
    const win = JSON.parse(planInstall(text, { serversKey: 'mcpServers', launcher, platform: 'win32' }).text).mcpServers.fs;
    expect(win.args.slice(win.args.indexOf('--') + 1)).toEqual(['cmd', '/c', 'npx', '-y', 'pkg']);
    const linux = JSON.parse(planInstall(text, { serversKey: 'mcpServers', launcher, platform: 'linux' }).text).mcpServers.fs;
    expect(linux.args.slice(linux.args.indexOf('--') + 1)).toEqual(['npx', '-y', 'pkg']);
  });
});
