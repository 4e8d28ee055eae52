/**
 * The stdio tap as a host meets it: `loupe tap -- COMMAND` spawned as a real subprocess. What each
 * side receives must be byte-identical with and without the tap, the exit must be the server's,
 * and the trace file must hold what crossed.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EVERYTHING, FIXTURES, LOUPE_BIN, runCli, tempDir } from '../cli/shared/run-cli';
import { tapRecording } from './testing/tap-recording';

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
}

/** Runs argv with `input` written to its stdin in uneven chunks, collecting everything. */
function runWith(argv: string[], input: Buffer, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0], argv.slice(1), { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout: Buffer.concat(out), stderr: err }));
    // Chunks that split lines and UTF-8 sequences anywhere.
    let at = 0;
    const step = () => {
      if (at >= input.length) return child.stdin.end();
      const n = 1 + ((at * 7919) % 65536);
      child.stdin.write(input.subarray(at, at + n), step);
      at += n;
    };
    step();
  });
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function tapTrace(configDir: string) {
  const dir = path.join(configDir, 'taps');
  const files = readdirSync(dir).filter((f) => f.endsWith('.loupe.ndjson'));
  expect(files).toHaveLength(1);
  return tapRecording(path.join(dir, files[0]));
}

describe('loupe tap (stdio)', () => {
  it('passes bytes both ways unchanged: invalid UTF-8, CRLF, partial and long lines, in any chunking', async () => {
    const input = Buffer.concat([
      Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}\n'),
      Buffer.from([0xc3, 0x28, 0x0a, 0xe2, 0x82]),
      Buffer.from('\r\n'),
      randomBytes(200_000),
      Buffer.from('x'.repeat(2 * 1024 * 1024)),
      Buffer.from('\nno newline at the end'),
    ]);
    const server = ['node', path.join(FIXTURES, 'tap-bytes.mjs')];
    const configDir = tempDir();
    const direct = await runWith(server, input);
    const tapped = await runWith([process.execPath, LOUPE_BIN, 'tap', '--config-dir', configDir, '--', ...server], input);

    expect(tapped.code).toBe(0);
    expect(sha(tapped.stdout)).toBe(sha(direct.stdout));
    expect(tapped.stdout.length).toBe(direct.stdout.length);
    // The server saw exactly what the host sent: it reports the hash of its stdin on stderr.
    const report = `read ${input.length} bytes sha256 ${sha(input)}`;
    expect(direct.stderr).toContain(report);
    expect(tapped.stderr).toContain(report);
    expect(tapped.stderr).toContain('tap-bytes: ready');

    const trace = tapTrace(configDir);
    expect(trace.header.source).toBe('tap');
    expect(trace.header.target).toMatchObject({ transport: 'stdio', name: 'tap-bytes' });
    const c2s = trace.frames.filter((f) => f.dir === 'c2s' && f.lane === 'message');
    expect(c2s[0].raw).toBe('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    // Sizes of the recorded lines add up to the bytes that crossed (each line's `\n` is not in size).
    const newlines = input.filter((b) => b === 0x0a).length;
    expect(c2s.reduce((n, f) => n + f.size, 0) + newlines).toBe(input.length);
    expect(c2s.some((f) => f.invalidUtf8 && f.rawBase64)).toBe(true);
    const s2c = trace.frames.filter((f) => f.dir === 's2c' && f.lane === 'message');
    expect(s2c.some((f) => f.meta && 'crlf' in f.meta && f.meta.crlf)).toBe(true);
    expect(trace.frames.some((f) => f.lane === 'stderr' && f.raw === 'tap-bytes: ready')).toBe(true);
    expect(trace.frames.at(-1)).toMatchObject({ lane: 'lifecycle', meta: { event: 'exit', code: 0 } });
  }, 60_000);

  it("ends with the server's exit code, and by the server's signal", async () => {
    const server = ['node', path.join(FIXTURES, 'tap-bytes.mjs')];
    const coded = await runWith([process.execPath, LOUPE_BIN, 'tap', '--config-dir', tempDir(), '--', ...server], Buffer.from('bye\n'), {
      TAP_BYTES_EXIT: '3',
    });
    expect(coded.code).toBe(3);
    const killed = await runWith(
      [process.execPath, LOUPE_BIN, 'tap', '--config-dir', tempDir(), '--', 'node', '-e', 'process.kill(process.pid, "SIGTERM")'],
      Buffer.alloc(0),
    );
    expect(killed.signal).toBe('SIGTERM');
  }, 60_000);

  it('says why it cannot start on stderr, exits with a code of its own, and writes nothing to stdout', async () => {
    const missing = await runWith([process.execPath, LOUPE_BIN, 'tap', '--config-dir', tempDir(), '--', 'no-such-server-command-xyz'], Buffer.alloc(0));
    expect(missing.code).toBe(127);
    expect(missing.stdout.length).toBe(0);
    expect(missing.stderr).toMatch(/loupe tap: cannot start "no-such-server-command-xyz": command not found/);
    const usage = await runWith([process.execPath, LOUPE_BIN, 'tap', '--config-dir', tempDir()], Buffer.alloc(0));
    expect(usage.code).toBe(64);
    expect(usage.stdout.length).toBe(0);
    expect(usage.stderr).toMatch(/no server command: put it after --/);
  }, 60_000);

  it("keeps passing the host's bytes to a server that closed its stdout early, and ends with its code", async () => {
    // The server answers once, closes stdout, then reads to EOF and reports what it read.
    const server = [
      'node',
      '-e',
      `
      const { closeSync } = require('node:fs');
      const { createHash } = require('node:crypto');
      const hash = createHash('sha256'); let n = 0;
      process.stdout.write('{"jsonrpc":"2.0","method":"only"}\\n', () => closeSync(1));
      process.stdin.on('data', (b) => { hash.update(b); n += b.length; });
      process.stdin.on('end', () => { process.stderr.write('read ' + n + ' sha256 ' + hash.digest('hex') + '\\n'); process.exit(5); });
    `,
    ];
    const input = Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}\n'), randomBytes(300_000)]);
    const configDir = tempDir();
    const r = await runWith([process.execPath, LOUPE_BIN, 'tap', '--config-dir', configDir, '--', ...server], input);
    expect(r.code).toBe(5);
    expect(r.stdout.toString()).toBe('{"jsonrpc":"2.0","method":"only"}\n');
    expect(r.stderr).toContain(`read ${input.length} sha256 ${sha(input)}`);
    const trace = tapTrace(configDir);
    expect(trace.frames.filter((f) => f.dir === 's2c' && f.lane === 'message').map((f) => f.raw)).toEqual(['{"jsonrpc":"2.0","method":"only"}']);
    expect(trace.frames.at(-1)).toMatchObject({ lane: 'lifecycle', meta: { event: 'exit', code: 5 } });
  }, 60_000);

  it("ends the host's stdout when the server's ends, not when the tap exits (which may wait for its recorder)", async () => {
    // The server answers, closes its stdout, and exits only once the host has closed its stdin:
    // a host that waits for the end of the output before it closes would wait for ever on a tap
    // that kept its stdout open until it exited.
    const server = [
      'node',
      '-e',
      `process.stdout.write('{"jsonrpc":"2.0","method":"bye"}\\n', () => require('node:fs').closeSync(1)); process.stdin.resume(); process.stdin.on('end', () => process.exit(4));`,
    ];
    const child = spawn(process.execPath, [LOUPE_BIN, 'tap', '--config-dir', tempDir(), '--', ...server], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await new Promise((resolve) => child.stdout.once('end', resolve));
    expect(child.exitCode).toBeNull();
    expect(out).toBe('{"jsonrpc":"2.0","method":"bye"}\n');
    child.stdin.end();
    expect(await exited).toBe(4);
  }, 60_000);

  it('runs the server when nothing can be recorded, says so on stderr, and keeps stdout clean', async () => {
    // A config dir that is a file: the tap file cannot be created; the recorder says why.
    const notADir = path.join(tempDir(), 'a-file');
    writeFileSync(notADir, '');
    const input = Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    const server = ['node', path.join(FIXTURES, 'tap-bytes.mjs')];
    const direct = await runWith(server, input, { TAP_BYTES_EXIT: '3' });
    const r = await runWith([process.execPath, LOUPE_BIN, 'tap', '--config-dir', notADir, '--', ...server], input, { TAP_BYTES_EXIT: '3' });
    expect(r.code).toBe(3);
    expect(sha(r.stdout)).toBe(sha(direct.stdout));
    expect(r.stderr).toMatch(/loupe tap: warning: not recording this session: .*ENOTDIR/);
    expect(r.stderr).not.toMatch(/is incomplete/);
  }, 60_000);

  it("carries an SDK client's whole tour of server-everything, with the same answers as without it", async () => {
    const configDir = tempDir();
    const tour = async (command: string, args: string[], beforeClose: () => Promise<void> = async () => {}) => {
      const client = new Client({ name: 'tour', version: '1.0.0' });
      await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
      const tools = await client.listTools();
      const echo = await client.callTool({ name: 'echo', arguments: { message: 'through the tap' } });
      const resources = await client.listResources();
      const first = await client.readResource({ uri: resources.resources[0].uri });
      const prompts = await client.listPrompts();
      await client.ping();
      await beforeClose();
      await client.close();
      return { tools: tools.tools.map((t) => t.name), echo, resources: resources.resources.length, first, prompts: prompts.prompts.map((p) => p.name) };
    };
    const direct = await tour(EVERYTHING[0], EVERYTHING.slice(1));
    // The recorder's thread creates the file while the session runs; on a busy machine that can
    // come after the last answer, and a host that closes at once may end the tap (SIGKILL after
    // 4 s) before it: wait for the file first, as a host's session would long have run.
    // The recorder's thread runs at the lowest priority: on a machine busy with other work it writes
    // the session well after the host got its answers, and a host that closes at once may end the
    // tap (SDK: SIGKILL a few seconds after closing) before it has. A host's session runs far
    // longer than a test's tour: wait, as it would, until the tour is on disk.
    const recorded = async () => {
      const hasPing = () => {
        try {
          return tapTrace(configDir).frames.some((f) => f.dir === 'c2s' && f.lane === 'message' && f.raw.includes('"ping"'));
        } catch {
          return false;
        }
      };
      for (let i = 0; i < 300 && !hasPing(); i++) await new Promise((r) => setTimeout(r, 100));
    };
    const tapped = await tour(process.execPath, [LOUPE_BIN, 'tap', '--config-dir', configDir, '--name', 'everything', '--', ...EVERYTHING], recorded);
    expect(tapped).toEqual(direct);

    // The trace file is complete once the tap has exited; give the process a moment to finish
    // (the recorder's worker creates the file once the session is under way).
    for (let i = 0; i < 100 && !existsSync(path.join(configDir, 'taps')); i++) await new Promise((r) => setTimeout(r, 100));
    let trace = tapTrace(configDir);
    for (let i = 0; i < 100 && !trace.frames.some((f) => f.meta && 'event' in f.meta && f.meta.event === 'exit'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      trace = tapTrace(configDir);
    }
    expect(trace.header.target.name).toBe('everything');
    const methods = trace.frames.filter((f) => f.dir === 'c2s' && f.lane === 'message').map((f) => JSON.parse(f.raw).method);
    expect(methods).toEqual(
      expect.arrayContaining([
        'initialize',
        'notifications/initialized',
        'tools/list',
        'tools/call',
        'resources/list',
        'resources/read',
        'prompts/list',
        'ping',
      ]),
    );
    const echoReply = trace.frames.find((f) => f.dir === 's2c' && f.raw.includes('Echo: through the tap'));
    expect(echoReply).toBeDefined();
  }, 90_000);

  it("judges the host as the client under test: a host's own violations are findings", async () => {
    const configDir = tempDir();
    // A host that sends a server-only method and never says initialized.
    const input = Buffer.from(
      [
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bad-host","version":"1"}}}',
        '{"jsonrpc":"2.0","id":2,"method":"sampling/createMessage","params":{"messages":[],"maxTokens":1}}',
        '',
      ].join('\n'),
    );
    const r = await runWith([process.execPath, LOUPE_BIN, 'tap', '--config-dir', configDir, '--', ...EVERYTHING], input);
    expect(r.code).toBe(0);
    const file = path.join(configDir, 'taps', readdirSync(path.join(configDir, 'taps'))[0]);
    const check = await runCli(['check', file, '--format', 'json']);
    const rules = JSON.parse(check.stdout).annotations.map((a: { rule: string }) => a.rule);
    expect(rules).toContain('jsonrpc.wrong-direction');
  }, 60_000);
});
