/**
 * A host's HTTP server after `loupe tap install`: the host's config names a local tap address,
 * and whoever serves it (`loupe tap serve`, or the dashboard while it runs) passes the host's
 * requests on to the real server and records them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LOUPE_BIN, runCli, tempDir } from '../../cli/shared/run-cli';
import { startEverything, type RunningServer } from '../../transports/http/testing';
import { Registry } from '../../sessions/registry';
import { TapWatcher } from '../tap-watcher';
import { tapWrittenText } from '../testing/tap-recording';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A Claude Code config whose one server is server-everything over Streamable HTTP, installed. */
async function installed(): Promise<{ config: string; configDir: string; local: string; server: RunningServer }> {
  const server = await startEverything('streamableHttp');
  cleanups.push(() => server.stop());
  const dir = tempDir();
  const config = path.join(dir, 'claude.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { everything: { type: 'http', url: server.url } } }, null, 2) + '\n');
  const configDir = path.join(dir, 'loupe');
  const r = await runCli(['tap', 'install', '--host', 'claude-code', '--config', config, '--config-dir', configDir, '--yes']);
  expect(r.code).toBe(0);
  const local = JSON.parse(readFileSync(config, 'utf8')).mcpServers.everything.url as string;
  expect(local).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  return { config, configDir, local, server };
}

async function hostTour(url: string): Promise<string[]> {
  const host = new Client({ name: 'claude-code-like', version: '1' });
  await host.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    await host.ping();
    return (await host.listTools()).tools.map((t) => t.name);
  } finally {
    await host.close();
  }
}

function recorded(configDir: string): string {
  const dir = path.join(configDir, 'taps');
  return readdirSync(dir)
    .map((f) => tapWrittenText(path.join(dir, f)))
    .join('');
}

describe('tap install for HTTP servers', () => {
  it('loupe tap serve serves the address install gave the host, and records the traffic', async () => {
    const { configDir, local } = await installed();
    const serve: ChildProcess = spawn(process.execPath, [LOUPE_BIN, 'tap', 'serve', '--config-dir', configDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    cleanups.push(() => new Promise((r) => (serve.exitCode !== null ? r(undefined) : (serve.once('exit', r), serve.kill('SIGTERM')))));
    let out = '';
    await new Promise<void>((resolve, reject) => {
      serve.stdout!.on('data', (d) => ((out += d), out.includes('tapping everything') && resolve()));
      serve.once('exit', (code) => reject(new Error(`tap serve exited ${code}: ${out}`)));
    });
    expect(out).toContain(`tapping everything at ${local}`);
    expect(await hostTour(local)).toContain('echo');
    serve.kill('SIGTERM');
    await new Promise((r) => serve.once('exit', r));
    const trace = recorded(configDir);
    expect(trace).toContain('"method":"tools/list"');
    expect(trace).toContain('"startedBy":"install"');
  }, 90_000);

  it('the dashboard serves it while it runs, and a second server of the same port is refused with why', async () => {
    const { configDir, local } = await installed();
    const registry = new Registry();
    cleanups.push(() => registry.closeAll());
    const watcher = new TapWatcher(configDir, registry, 100);
    await watcher.start();
    cleanups.push(() => watcher.close());
    expect(await watcher.startInstalled()).toEqual([expect.stringContaining(`tapping everything at ${local}`)]);
    expect(await hostTour(local)).toContain('echo');
    const [entry] = await watcher.list();
    expect(entry).toMatchObject({ name: 'everything', running: true, listen: local });

    const again = new TapWatcher(configDir, new Registry(), 100);
    expect(await again.startInstalled()).toEqual([expect.stringMatching(/not serving .* port is in use .*another Loupe or loupe tap serve/)]);
    again.stop();
  }, 90_000);

  it('tap serve with nothing installed says so and exits 1', async () => {
    const r = await runCli(['tap', 'serve', '--config-dir', tempDir()]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('nothing to serve');
  }, 60_000);
});
