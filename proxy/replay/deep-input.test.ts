/**
 * `loupe replay` and JSON nested deeper than a recursive walk can take: a trace holding such a
 * message is refused at load with a message naming the frame, and such a request from a client is
 * answered with a JSON-RPC error while the replay goes on serving, over stdio and over HTTP.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { writeTrace } from '../../lib/trace';
import { header, message } from '../../lib/trace/testing';
import { LOUPE_BIN, runCliProcess, tempDir } from '../cli/shared/run-cli';

/** An object nested `levels` deep, as text (building it as a value would need the stack it tests). */
const nested = (levels: number) => '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1);

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
};
const INITIALIZED = { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'recorded', version: '1' } } };

/** A tools/call whose message nests `levels` deep, with `leaf` innermost. */
const deepCall = (id: number, levels: number, leaf = '{}') =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":${nested(levels - 1).replace('{}', leaf)}}`;
/** At the limit: matched, answered and diffed (all recursive walks) in the replay's own process. */
const AT_LIMIT = 1000;

/** A recorded initialize, a ping and a tools/call at the depth limit, and `extra` raw lines of
 *  the client's after them. */
function traceFile(...extra: string[]): string {
  const raw = (seq: number, dir: 'c2s' | 's2c', text: string) => ({ ...message(seq, dir, {}), raw: text, size: text.length });
  const frames = [
    message(1, 'c2s', INITIALIZE),
    message(2, 's2c', INITIALIZED),
    message(3, 'c2s', { jsonrpc: '2.0', id: 1, method: 'ping' }),
    message(4, 's2c', { jsonrpc: '2.0', id: 1, result: {} }),
    raw(5, 'c2s', deepCall(2, AT_LIMIT)),
    raw(6, 's2c', `{"jsonrpc":"2.0","id":2,"result":${nested(AT_LIMIT - 1)}}`),
  ];
  extra.forEach((text, i) => frames.push(raw(7 + i, 'c2s', text)));
  const file = path.join(tempDir(), 'deep.loupe.ndjson');
  writeFileSync(file, writeTrace({ header: header(), frames }));
  return file;
}

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill();
});

/** Starts `loupe replay` over stdio; `ask` sends one line and resolves with the next line answered. */
function stdioReplay(trace: string) {
  const child = spawn(process.execPath, [LOUPE_BIN, 'replay', trace]);
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const answers = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    child,
    stderr: () => stderr,
    async ask(line: string): Promise<Record<string, unknown>> {
      child.stdin.write(line + '\n');
      const next = await answers.next();
      if (next.done) throw new Error(`the replay stopped answering: ${stderr}`);
      return JSON.parse(next.value) as Record<string, unknown>;
    },
  };
}

describe('loupe replay and deeply nested JSON', () => {
  it('refuses a trace whose request params nest 6,000 levels deep, naming the frame and the limit', async () => {
    const trace = traceFile(deepCall(3, 6001));
    // A stdio server: it reads its stdin, so it runs as a process of its own.
    const r = await runCliProcess(['replay', trace], { timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).not.toContain('RangeError');
    expect(r.stderr).toContain(`loupe replay: ${trace}: frame 7 holds a message nested more than 1000 levels deep, the limit`);
  }, 40_000);

  it('answers a request 8,000 levels deep over stdio with a JSON-RPC error, then the next request as recorded', async () => {
    const replay = stdioReplay(traceFile());
    expect(await replay.ask(JSON.stringify(INITIALIZE))).toMatchObject({ id: 0, result: INITIALIZED.result });
    const refused = await replay.ask(deepCall(7, 8001));
    expect(refused).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32600, message: 'Loupe replay: the message is nested more than 1000 levels deep, the limit' },
    });
    expect(await replay.ask('{"jsonrpc":"2.0","id":8,"method":"ping"}')).toEqual({ jsonrpc: '2.0', id: 8, result: {} });
    expect(JSON.stringify(await replay.ask(deepCall(9, AT_LIMIT)))).toBe(`{"jsonrpc":"2.0","id":9,"result":${nested(AT_LIMIT - 1)}}`);
    const unrecorded = await replay.ask(deepCall(10, AT_LIMIT, '{"b":1}'));
    expect(unrecorded).toMatchObject({ id: 10, error: { code: -32001 } });
    expect((unrecorded.error as { message: string }).message).toMatch(
      /^Loupe replay: the recording has no tools\/call with these params; closest recorded params: .* \(differs at a\.a\..*\.a\.b\)$/,
    );
    expect(replay.child.exitCode).toBeNull();
    expect(replay.stderr()).not.toContain('RangeError');
  }, 40_000);

  it('answers the same over Streamable HTTP', async () => {
    const child = spawn(process.execPath, [LOUPE_BIN, 'replay', traceFile(), '--listen', '127.0.0.1:0']);
    children.push(child);
    const url = await new Promise<string>((resolve, reject) => {
      let err = '';
      child.stderr.on('data', (c: Buffer) => {
        err += c.toString();
        const m = /serving at (http:\/\/\S+)/.exec(err);
        if (m) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`loupe replay exited (${code}): ${err}`)));
    });
    const post = async (body: string) => {
      const res = await fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' } });
      return { status: res.status, json: (await res.json()) as unknown };
    };
    expect(await post(deepCall(7, 8001))).toEqual({
      status: 200,
      json: { jsonrpc: '2.0', id: 7, error: { code: -32600, message: 'Loupe replay: the message is nested more than 1000 levels deep, the limit' } },
    });
    expect(await post('{"jsonrpc":"2.0","id":8,"method":"ping"}')).toEqual({ status: 200, json: { jsonrpc: '2.0', id: 8, result: {} } });
  }, 40_000);
});
