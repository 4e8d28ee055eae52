/**
 * A stdio tap stores its session as every session Loupe records is: `loupe sessions` lists it with
 * source `tap`, and it holds the frames of the tap file, frame for frame.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readTraceText } from '../../lib/trace/reader';
import { EVERYTHING, LOUPE_BIN, runCli, tempDir } from '../cli/shared/run-cli';
import { sessionsDir } from '../store/layout';
import { SessionStore } from '../store/store';
import { storedOnce } from './testing/tap-recording';

it('stores the session a stdio tap records, once: its tap file is a header naming it', async () => {
  const configDir = tempDir();
  const child = spawn(process.execPath, [LOUPE_BIN, 'tap', '--config-dir', configDir, '--name', 'everything', '--', ...EVERYTHING], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  const answered = new Promise<void>((resolve) =>
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('"id":2')) resolve();
    }),
  );
  const ended = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  child.stdin.write(
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"host","version":"1"}}}\n' +
      '{"jsonrpc":"2.0","method":"notifications/initialized"}\n' +
      '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"message":"stored"}}}\n',
  );
  await answered;
  child.stdin.end();
  expect(await ended).toBe(0);
  expect(err).not.toMatch(/loupe tap: warning/);

  const tapFiles = readdirSync(path.join(configDir, 'taps'));
  const tapFile = path.join(configDir, 'taps', tapFiles[0]);
  const store = new SessionStore(sessionsDir(configDir));
  const [listed] = store.list();
  expect(listed).toMatchObject({ name: 'everything', source: 'tap', state: 'clean', frames: expect.any(Number) });
  // Counted in the recorder's worker before the tap ended.
  expect(listed.findings).toEqual({ error: expect.any(Number), warning: expect.any(Number), info: expect.any(Number) });
  const stored = store.open(listed.id);
  const tapTrace = { frames: storedOnce(tapFile, stored) };
  expect(listed.frames).toBe(tapTrace.frames.length);
  expect(stored.segmentsFor({ tool: 'echo' })).toHaveLength(1);

  // `loupe sessions` shows it, and `loupe export` writes it back as the tap recorded it.
  const table = await runCli(['sessions', '--config-dir', configDir]);
  expect(table.stdout).toMatch(new RegExp(`${listed.id}\\s+everything\\s+tap\\s+`));
  const file = path.join(tempDir(), 'tap.loupe.ndjson');
  const exported = await runCli(['export', listed.id, '--config-dir', configDir, '--out', file, '--no-redact']);
  expect(exported.code).toBe(0);
  const trace = readTraceText(readFileSync(file, 'utf8'));
  expect(trace.header.source).toBe('tap');
  expect(trace.frames).toEqual(tapTrace.frames);
}, 60_000);
