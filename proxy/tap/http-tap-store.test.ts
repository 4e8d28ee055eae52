/**
 * An HTTP tap stores its session as the stdio tap does: `loupe sessions` lists it with source `tap`
 * and the tapped URL as its server, it holds the frames of the tap file, frame for frame, `loupe
 * export` writes it back, and a tap killed mid-session leaves what it had written, listed as ended
 * unclean.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readTraceText } from '../../lib/trace/reader';
import { LOUPE_BIN, runCli, tempDir } from '../cli/shared/run-cli';
import { sessionsDir } from '../store/layout';
import { SessionStore } from '../store/store';
import { startEverything, type RunningServer } from '../transports/http/testing';
import { storedOnce } from './testing/tap-recording';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const SECRET = 'Bearer stored-tap-secret-4711';

async function everything(): Promise<RunningServer> {
  const server = await startEverything('streamableHttp');
  cleanups.push(() => server.stop());
  return server;
}

/** `loupe tap --url` as a person runs it; resolves with the address it tells them to use. */
async function startTap(configDir: string, upstream: string): Promise<{ child: ChildProcess; url: string; ended: Promise<number | NodeJS.Signals | null> }> {
  const child = spawn(process.execPath, [LOUPE_BIN, 'tap', '--url', upstream, '--name', 'everything', '--config-dir', configDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => void (child.exitCode === null && child.signalCode === null && child.kill('SIGKILL')));
  let out = '';
  let err = '';
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  const ended = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('close', (code, signal) => resolve(signal ?? code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /point the host at (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    void ended.then(() => reject(new Error(`loupe tap ended before it listened: ${out}${err}`)));
  });
  expect(out).toMatch(/stored session \d{8}-\d{6}-[0-9a-f]{6}/);
  return { child, url, ended };
}

/** A host's short visit through the tap: handshake, an echo, the session's end. */
async function visit(tapUrl: string): Promise<void> {
  const host = new Client({ name: 'host', version: '1' });
  const transport = new StreamableHTTPClientTransport(new URL(tapUrl), { requestInit: { headers: { Authorization: SECRET } } });
  await host.connect(transport);
  const echoed = await host.callTool({ name: 'echo', arguments: { message: 'stored by the http tap' } });
  expect(JSON.stringify(echoed)).toContain('stored by the http tap');
  await transport.terminateSession();
  await host.close();
}

it('stores the session an HTTP tap records, once: its tap file is a header naming it', async () => {
  const server = await everything();
  const configDir = tempDir();
  const tap = await startTap(configDir, server.url);
  await visit(tap.url);
  tap.child.kill('SIGTERM');
  expect(await tap.ended).toBe(0);

  const tapFiles = readdirSync(path.join(configDir, 'taps'));
  const tapFile = path.join(configDir, 'taps', tapFiles[0]);
  const store = new SessionStore(sessionsDir(configDir));
  const [listed, ...more] = store.list();
  expect(more).toEqual([]);
  expect(listed).toMatchObject({ name: 'everything', source: 'tap', target: server.url, state: 'clean', frames: expect.any(Number) });
  // Counted before the tap ended; a killed tap's session has none (below).
  expect(listed.findings).toEqual({ error: expect.any(Number), warning: expect.any(Number), info: expect.any(Number) });
  const stored = store.open(listed.id);
  const tapTrace = { frames: storedOnce(tapFile, stored) };
  expect(listed.frames).toBe(tapTrace.frames.length);
  expect(stored.meta.header.target).toMatchObject({ transport: 'http', url: server.url });
  expect(stored.segmentsFor({ tool: 'echo' })).toHaveLength(1);
  // The host's credential reached the server but was masked before anything was written.
  expect(
    readFileSync(
      path.join(
        stored.dir,
        readdirSync(stored.dir).find((n) => n.startsWith('seg-'))!,
      ),
      'utf8',
    ),
  ).not.toContain('stored-tap-secret-4711');

  const table = await runCli(['sessions', '--config-dir', configDir]);
  expect(table.stdout).toMatch(new RegExp(`${listed.id}\\s+everything\\s+tap\\s+`));
  const file = path.join(tempDir(), 'http-tap.loupe.ndjson');
  const exported = await runCli(['export', listed.id, '--config-dir', configDir, '--out', file, '--no-redact']);
  expect(exported.code).toBe(0);
  const trace = readTraceText(readFileSync(file, 'utf8'));
  expect(trace.header.source).toBe('tap');
  expect(trace.header.target).toMatchObject({ transport: 'http', url: server.url });
  expect(trace.frames).toEqual(tapTrace.frames);
}, 90_000);

it('keeps what a killed HTTP tap had stored, listed as ended unclean and exportable', async () => {
  const server = await everything();
  const configDir = tempDir();
  const tap = await startTap(configDir, server.url);
  await visit(tap.url);
  const store = new SessionStore(sessionsDir(configDir));
  // The writer appends in batches: wait until the echo's answer is on disk, then kill the tap
  // with no chance to close anything.
  const echoOnDisk = () =>
    store.ids().some((id) => [...store.open(id).frames()].some((f) => f.lane === 'message' && f.dir === 's2c' && f.raw.includes('stored by the http tap')));
  while (!echoOnDisk()) await new Promise((r) => setTimeout(r, 50));
  tap.child.kill('SIGKILL');
  expect(await tap.ended).toBe('SIGKILL');

  const [listed] = store.list();
  expect(listed).toMatchObject({ source: 'tap', target: server.url, state: 'unclean' });
  expect(listed.findings).toBeUndefined();
  const frames = [...store.open(listed.id).frames()];
  expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i + 1));
  expect(listed.frames).toBe(frames.length);
  const file = path.join(tempDir(), 'killed.loupe.ndjson');
  const exported = await runCli(['export', listed.id, '--config-dir', configDir, '--out', file, '--no-redact']);
  expect(exported.code).toBe(0);
  expect(readTraceText(readFileSync(file, 'utf8')).frames).toEqual(frames);
}, 90_000);
