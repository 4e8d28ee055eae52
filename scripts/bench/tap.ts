/**
 * What the stdio tap costs a host: an SDK client pinging server-everything through
 * `loupe tap` (timed in turns with the direct client, so load weighs on both alike), and a flood of
 * notifications read by a host through the tap beside the same flood read directly.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EVERYTHING_ARGS, FLOOD_SERVER, ROOT } from './paths';
import type { Pinger } from './stats';
import type { FloodFigures } from './flood';

const LOUPE_BIN = path.join(ROOT, 'bin/loupe.mjs');

function tapArgv(configDir: string, server: string[]): string[] {
  return [LOUPE_BIN, 'tap', '--config-dir', configDir, '--', process.execPath, ...server];
}

export async function tapPinger(): Promise<Pinger> {
  const configDir = mkdtempSync(path.join(tmpdir(), 'loupe-bench-tap-'));
  const client = new Client({ name: 'loupe-bench-tap', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: tapArgv(configDir, EVERYTHING_ARGS), stderr: 'ignore' }));
  return {
    ping: () => client.ping(),
    close: async () => {
      await client.close();
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}

/** The flood fixture read by a line counter, directly or through the tap. */
export async function floodAsHost(count: number, throughTap: boolean): Promise<FloodFigures> {
  const configDir = mkdtempSync(path.join(tmpdir(), 'loupe-bench-tap-'));
  const argv = throughTap ? tapArgv(configDir, [FLOOD_SERVER]) : [FLOOD_SERVER];
  const child = spawn(process.execPath, argv, { stdio: ['pipe', 'pipe', 'ignore'] });
  const lines = createInterface({ input: child.stdout });
  let seen = 0;
  const done = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the flood did not finish within 2 minutes (${seen} notifications read)`)), 120_000);
    child.once('exit', (code) => reject(new Error(`the flood exited with code ${code} after ${seen} notifications`)));
    lines.on('line', (line) => {
      if (line.includes('"id":2')) {
        clearTimeout(timer);
        resolve(performance.now());
      } else if (line.includes('notifications/message')) seen++;
    });
  });
  const send = (m: unknown) => child.stdin.write(JSON.stringify(m) + '\n');
  send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } });
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const t0 = performance.now();
  send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'flood', arguments: { count } } });
  const end = await done;
  child.removeAllListeners('exit');
  child.stdin.end();
  await new Promise((r) => child.once('close', r));
  rmSync(configDir, { recursive: true, force: true });
  const seconds = (end - t0) / 1000;
  return { frames: seen, seconds, framesPerSecond: seen / seconds };
}
