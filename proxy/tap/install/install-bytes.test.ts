/**
 * `loupe tap install` / `uninstall` on files that are not plain: a planted symlink where a
 * temporary file could go, a symlinked config, a byte that is not UTF-8, a byte order mark.
 * Install must write only the config, and uninstall give back its bytes.
 */
import { chmodSync, lstatSync, mkdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../cli/shared/run-cli';
import { decodeConfig, encodeConfig } from './config-bytes';
import { commitInstall, prepareInstall, uninstall } from './install';

const launcher = { command: '/usr/bin/node', prefix: ['/opt/loupe/bin/loupe.mjs'], configDir: '/tmp/loupe-config' };
const CONFIG = Buffer.from(JSON.stringify({ mcpServers: { srv: { command: 'node', args: ['server.js'] } } }, null, 2) + '\n');

async function installHere(config: string, configDir: string) {
  const change = await prepareInstall(config, { serversKey: 'mcpServers', launcher, platform: 'linux' }, configDir);
  return commitInstall(change, configDir);
}

const install = (config: string, configDir: string, host = 'claude-desktop') =>
  runCli(['tap', 'install', '--host', host, '--config', config, '--config-dir', configDir, '--yes']);
const uninstallCli = (config: string, configDir: string, host = 'claude-desktop') =>
  runCli(['tap', 'uninstall', '--host', host, '--config', config, '--config-dir', configDir, '--yes']);

describe('tap install writes only the config', () => {
  it('never follows a symlink planted where its temporary file could go', async () => {
    const dir = tempDir();
    const config = path.join(dir, 'mcp.json');
    const victim = path.join(dir, 'victim.txt');
    writeFileSync(config, CONFIG);
    chmodSync(config, 0o600);
    writeFileSync(victim, 'precious\n');
    chmodSync(victim, 0o644);
    // The names an earlier Loupe used for its temporary file: the pid is easy to guess.
    const planted = [`${config}.loupe-${process.pid}.tmp`, `${config}.loupe.tmp`];
    for (const link of planted) symlinkSync(victim, link);

    await installHere(config, path.join(dir, 'loupe'));

    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(statSync(victim).mode & 0o777).toBe(0o644);
    expect(lstatSync(config).isSymbolicLink()).toBe(false);
    expect(statSync(config).mode & 0o777).toBe(0o600);
    expect(parse(readFileSync(config, 'utf8')).mcpServers.srv.command).toBe(launcher.command);
    for (const link of planted) expect(readlinkSync(link)).toBe(victim);
  });

  it('writes a symlinked config through to its target, and uninstall leaves the link as it was', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'dotfiles'));
    const target = path.join(dir, 'dotfiles', 'mcp.json');
    const config = path.join(dir, 'mcp.json');
    writeFileSync(target, CONFIG);
    symlinkSync('dotfiles/mcp.json', config);
    const configDir = path.join(dir, 'loupe');

    await installHere(config, configDir);
    expect(readlinkSync(config)).toBe('dotfiles/mcp.json');
    expect(parse(readFileSync(target, 'utf8')).mcpServers.srv.command).toBe(launcher.command);

    const done = await uninstall(config, 'mcpServers', configDir, true);
    expect(done).toMatchObject({ how: 'restored-backup', exact: true });
    expect(readlinkSync(config)).toBe('dotfiles/mcp.json');
    expect(readFileSync(target)).toEqual(CONFIG);
  });

  it('puts the link back when something replaced it with a file since install', async () => {
    const dir = tempDir();
    const target = path.join(dir, 'real.json');
    const config = path.join(dir, 'mcp.json');
    writeFileSync(target, CONFIG);
    symlinkSync(target, config);
    const configDir = path.join(dir, 'loupe');
    await installHere(config, configDir);
    // An editor that saves by rename turns the link into a file with the same bytes.
    const tapped = readFileSync(config);
    rmSync(config);
    writeFileSync(config, tapped);

    const done = await uninstall(config, 'mcpServers', configDir, true);
    expect(done).toMatchObject({ how: 'restored-backup', exact: true });
    expect(readlinkSync(config)).toBe(target);
    expect(readFileSync(target)).toEqual(CONFIG);
  });
});

describe('tap uninstall gives back the bytes', () => {
  // VS Code's JSONC with a Latin-1 "é" (one byte, 0xE9, not UTF-8) in a comment.
  const LATIN1 = Buffer.concat([
    Buffer.from('{\n  // caf'),
    Buffer.of(0xe9),
    Buffer.from(' servers\n  "servers": {\n    "srv": { "command": "node", "args": ["server.js"] },\n  },\n}\n'),
  ]);

  it('keeps a byte that is not UTF-8 through install, and restores the file exactly', async () => {
    const dir = tempDir();
    const config = path.join(dir, 'mcp.json');
    const configDir = path.join(dir, 'loupe');
    writeFileSync(config, LATIN1);
    const installed = await install(config, configDir, 'vscode');
    expect(installed.stderr).toBe('');
    expect(readFileSync(config).includes(Buffer.concat([Buffer.from('// caf'), Buffer.of(0xe9), Buffer.from(' servers')]))).toBe(true);
    const removed = await uninstallCli(config, configDir, 'vscode');
    expect(removed.stdout).toContain('exactly as it was before install');
    expect(readFileSync(config)).toEqual(LATIN1);
  }, 60_000);

  it('keeps that byte when it undoes only its own edits', async () => {
    const dir = tempDir();
    const config = path.join(dir, 'mcp.json');
    const configDir = path.join(dir, 'loupe');
    writeFileSync(config, LATIN1);
    const change = await prepareInstall(config, { serversKey: 'servers', launcher, platform: 'linux' }, configDir);
    await commitInstall(change, configDir);
    writeFileSync(config, Buffer.concat([readFileSync(config), Buffer.from('// edited\n')]));
    const done = await uninstall(config, 'servers', configDir, true);
    expect(done.how).toBe('reversed-edits');
    const after = readFileSync(config);
    // The edits undone are re-indented by the JSON editor; the byte around them is untouched.
    expect(after.subarray(0, 17)).toEqual(LATIN1.subarray(0, 17));
    expect(after.subarray(-10).toString()).toBe('// edited\n');
    expect(parse(decodeConfig(after).text)).toEqual(parse(LATIN1.toString('latin1')));
  });

  it('accepts a config that starts with a byte order mark, keeps the mark, and restores it exactly', async () => {
    const dir = tempDir();
    const config = path.join(dir, 'claude_desktop_config.json');
    const configDir = path.join(dir, 'loupe');
    const withBom = Buffer.concat([Buffer.of(0xef, 0xbb, 0xbf), CONFIG]);
    writeFileSync(config, withBom);
    const installed = await install(config, configDir);
    expect(installed.stderr).toBe('');
    expect(installed.code).toBe(0);
    const after = readFileSync(config);
    expect([...after.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(parse(after.subarray(3).toString('utf8')).mcpServers.srv.args).toContain('tap');
    const removed = await uninstallCli(config, configDir);
    expect(removed.stdout).toContain('exactly as it was before install');
    expect(readFileSync(config)).toEqual(withBom);
  }, 60_000);

  it('decodes and encodes any bytes back to the same bytes', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256;
    for (let n = 0; n < 200; n++) {
      const bytes = Buffer.from(Array.from({ length: 1 + (n % 40) }, next));
      expect(encodeConfig(decodeConfig(bytes))).toEqual(bytes);
    }
    const valid = Buffer.from('{"é": "😀"}');
    expect(decodeConfig(valid).text).toBe('{"é": "😀"}');
  });
});

describe('a server whose command line is not UTF-8', () => {
  it('is skipped with the reason, not wrapped with its bytes changed', async () => {
    const dir = tempDir();
    const config = path.join(dir, 'mcp.json');
    const bytes = Buffer.concat([
      Buffer.from('{ "mcpServers": { "odd": { "command": "/opt/caf'),
      Buffer.of(0xe9),
      Buffer.from('/srv" }, "srv": { "command": "node" } } }'),
    ]);
    writeFileSync(config, bytes);
    const change = await prepareInstall(config, { serversKey: 'mcpServers', launcher, platform: 'linux' }, path.join(dir, 'loupe'));
    expect(change.plan.wrapped).toEqual(['srv']);
    expect(change.plan.skipped).toEqual([{ name: 'odd', reason: expect.stringMatching(/bytes that are not UTF-8/) }]);
  });
});
