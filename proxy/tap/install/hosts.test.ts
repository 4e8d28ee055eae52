/**
 * Where each host's config is looked for: the XDG spec's reading of XDG_CONFIG_HOME on Linux,
 * checked by the function and through the real CLI.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliProcess, tempDir } from '../../cli/shared/run-cli';
import { HOSTS } from './hosts';

describe('the VS Code config on Linux', () => {
  it('treats an empty XDG_CONFIG_HOME as unset and ignores a relative one', () => {
    const place = (XDG_CONFIG_HOME?: string) => HOSTS.vscode.configPath({ platform: 'linux', home: '/home/me', env: { XDG_CONFIG_HOME } });
    expect(place('')).toBe('/home/me/.config/Code/User/mcp.json');
    expect(place('relative/config')).toBe('/home/me/.config/Code/User/mcp.json');
    expect(place(undefined)).toBe('/home/me/.config/Code/User/mcp.json');
    expect(place('/xdg')).toBe('/xdg/Code/User/mcp.json');
  });

  it('finds it under HOME when XDG_CONFIG_HOME is empty, whatever the current folder', async () => {
    const home = tempDir();
    const config = path.join(home, '.config', 'Code', 'User', 'mcp.json');
    mkdirSync(path.dirname(config), { recursive: true });
    const original = JSON.stringify({ servers: { srv: { command: 'node', args: ['server.js'] } } });
    writeFileSync(config, original);
    const configDir = path.join(home, 'loupe');
    // The built binary, in an environment of its own: HOME and XDG_CONFIG_HOME as a host's shell sets them.
    const r = await runCliProcess(['tap', 'install', '--host', 'vscode', '--config-dir', configDir, '--yes'], { env: { HOME: home, XDG_CONFIG_HOME: '' } });
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(`tapped srv in ${config}`);
    const removed = await runCliProcess(['tap', 'uninstall', '--host', 'vscode', '--config-dir', configDir, '--yes'], {
      env: { HOME: home, XDG_CONFIG_HOME: '' },
    });
    expect(removed.stdout).toContain(`restored ${config} exactly`);
    expect(readFileSync(config, 'utf8')).toBe(original);
  }, 60_000);
});
