import { afterEach, describe, expect, it } from 'vitest';
import type { StdioConnection } from '../../lib/wire/connection';
import { SessionClock } from '../shared/clock';
import { fixtureServer, inlineServer, processAlive, processGone, waitFor } from '../sessions/test-support';
import { StdioTransport, type StdioOptions } from './stdio';
import type { Crossing } from './types';
import { LineSplitter } from '../../lib/mcp/framing';

const open: StdioTransport[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

function make(conn: StdioConnection, options: StdioOptions = {}) {
  const t = new StdioTransport(conn, new SessionClock(), { closeGraceMs: 300, killGraceMs: 300, ...options });
  const crossings: Crossing[] = [];
  const messages: unknown[] = [];
  const closed: string[] = [];
  t.onCrossing = (c) => ({ seq: crossings.push(c), ...c });
  t.onMessage = (_frame, json) => messages.push(json);
  t.onClosed = (r) => closed.push(r);
  open.push(t);
  return { t, crossings, messages, closed };
}

const lifecycle = (c: Crossing) => (c.lane === 'lifecycle' ? c.meta : undefined);
const events = (cs: Crossing[]) =>
  cs
    .map(lifecycle)
    .filter((m) => m !== undefined)
    .map((m) => m.event);

describe('StdioTransport', () => {
  it('records spawn, the banner as a message frame, stderr lines, writes, and the exit', async () => {
    const { t, crossings, messages } = make(fixtureServer('stdio-banner.mjs'));
    await t.start();
    const spawn = crossings[0];
    expect(spawn).toMatchObject({ dir: 'local', lane: 'lifecycle', meta: { event: 'spawn', pid: t.pid, command: process.execPath } });
    const spawned = lifecycle(spawn);
    expect(spawned?.event === 'spawn' && spawned.args[0]).toMatch(/stdio-banner\.mjs$/);

    const request = '{"jsonrpc":"2.0","id":7,"method":"tools/list"}';
    await t.send(request);
    await waitFor(() => messages.length === 1, 5000, 'the tools/list response');
    expect(crossings.find((c) => c.dir === 'c2s')).toMatchObject({ lane: 'message', raw: request, size: request.length });
    expect(crossings.find((c) => c.dir === 's2c' && c.lane === 'message')?.raw).toBe('banner-server v1 starting up');
    await waitFor(() => crossings.some((c) => c.lane === 'stderr' && c.raw === '[banner] got tools/list'), 5000, 'stderr');
    expect(crossings.filter((c) => c.lane === 'stderr').map((c) => c.raw)).toContain('[banner] listening on stdio');
    expect(messages[0]).toMatchObject({ id: 7, result: { tools: [{ name: 'echo' }] } });

    const pid = t.pid!;
    await t.close();
    expect(events(crossings)).toEqual(['spawn', 'stdin-closed', 'exit']);
    expect(crossings.at(-1)).toMatchObject({ meta: { event: 'exit', code: 0, signal: null } });
    expect(processGone(pid)).toBe(true);
    const ts = crossings.map((c) => c.ts);
    expect([...ts].sort((a, b) => a - b)).toEqual(ts);
  });

  it('reports a command that does not exist, naming it', async () => {
    const { t, crossings } = make({ ...inlineServer(''), command: 'loupe-no-such-command-xyz', args: ['--x'] });
    await expect(t.start()).rejects.toThrow(/cannot start "loupe-no-such-command-xyz": command not found \(ENOENT\)/);
    expect(crossings).toHaveLength(1);
    expect(crossings[0]).toMatchObject({ lane: 'lifecycle', meta: { event: 'spawn-error', command: 'loupe-no-such-command-xyz', args: ['--x'] } });
    await t.close();
  });

  it('reports a working directory that does not exist', async () => {
    const { t } = make({ ...inlineServer(''), cwd: '/no/such/dir/for/loupe' });
    await expect(t.start()).rejects.toThrow(/working directory \/no\/such\/dir\/for\/loupe does not exist/);
  });

  it('records the exit code of a server that crashes, and its last words on stderr', async () => {
    const { t, crossings, closed } = make(inlineServer("process.stderr.write('boom\\n'); process.exit(3)"));
    await t.start();
    await waitFor(() => closed.length === 1, 5000, 'the exit');
    expect(closed[0]).toBe('the server process exited with code 3');
    expect(crossings.some((c) => c.lane === 'stderr' && c.raw === 'boom')).toBe(true);
    expect(crossings.at(-1)).toMatchObject({ meta: { event: 'exit', code: 3 } });
    await expect(t.send('{}')).rejects.toThrow(/not running/);
  });

  it('keeps a final line without a newline, before the exit', async () => {
    const { t, crossings, closed } = make(inlineServer('process.stdout.write(\'{"a":1}\\npartial\')'));
    await t.start();
    await waitFor(() => closed.length === 1);
    const lines = crossings.filter((c) => c.lane === 'message').map((c) => c.raw);
    expect(lines).toEqual(['{"a":1}', 'partial']);
    expect(events(crossings)).toEqual(['spawn', 'exit']);
  });

  it('truncates a line over the limit with its full size and keeps going', async () => {
    const { t, crossings, messages, closed } = make(inlineServer("process.stdout.write('x'.repeat(300000) + '\\n' + JSON.stringify({ok:1}) + '\\n')"), {
      maxLineBytes: 1000,
    });
    await t.start();
    await waitFor(() => closed.length === 1);
    const [big, next] = crossings.filter((c) => c.lane === 'message');
    expect(big).toMatchObject({ size: 300000, truncated: true });
    expect(big.raw).toHaveLength(1000);
    expect(next).toMatchObject({ raw: '{"ok":1}', size: 8 });
    expect(messages).toEqual([{ ok: 1 }]);
  });

  it('flags CRLF and invalid UTF-8 from the server and keeps the exact bytes', async () => {
    const { t, crossings, closed } = make(inlineServer('process.stdout.write(\'{"a":1}\\r\\n\'); process.stdout.write(Buffer.from([0x7b, 0xff, 0x7d, 0x0a]))'));
    await t.start();
    await waitFor(() => closed.length === 1);
    const [crlf, bad] = crossings.filter((c) => c.lane === 'message');
    expect(crlf).toMatchObject({ raw: '{"a":1}', size: 8, meta: { transport: 'stdio', crlf: true } });
    expect(bad).toMatchObject({ raw: '{\uFFFD}', invalidUtf8: true, rawBase64: Buffer.from([0x7b, 0xff, 0x7d]).toString('base64') });
  });

  it('records a multi-line write as one frame per line, exactly as the server reads it', async () => {
    const { t, crossings } = make(fixtureServer('stdio-banner.mjs'));
    await t.start();
    await t.send('{\n  "jsonrpc": "2.0"\n}');
    expect(crossings.filter((c) => c.dir === 'c2s').map((c) => c.raw)).toEqual(['{', '  "jsonrpc": "2.0"', '}']);
  });

  it('records each write exactly as the server reads its bytes, whatever the text holds', async () => {
    // The server reports every line it read, as the exact bytes in base64.
    const echo = inlineServer(
      "let b = Buffer.alloc(0); process.stdin.on('data', (d) => { b = Buffer.concat([b, d]); let i; while ((i = b.indexOf(10)) >= 0) { process.stdout.write(JSON.stringify({ got: b.subarray(0, i).toString('base64') }) + '\\n'); b = b.subarray(i + 1); } })",
    );
    const { t, crossings, messages } = make(echo);
    await t.start();
    const texts = ['{"jsonrpc":"2.0","id":1,"method":"ping"}', 'café ✓', 'a pair 😀', 'a lone \uD800 surrogate', 'ends in CR\r', '', 'two\nlines'];
    for (const text of texts) await t.send(text);
    await waitFor(() => messages.length === texts.length + 1, 5000, 'every line echoed');
    const read = (messages as Array<{ got: string }>).map((m) => Buffer.from(m.got, 'base64'));
    const expected = new LineSplitter().push(Buffer.concat(read.flatMap((b) => [b, Buffer.from('\n')])));
    const written = crossings.filter((c) => c.dir === 'c2s');
    expect(
      written.map((c) => ({
        raw: c.raw,
        size: c.size,
        crlf: c.lane === 'message' && c.meta?.transport === 'stdio' && c.meta.crlf === true,
        invalidUtf8: c.invalidUtf8 === true,
        rawBase64: c.rawBase64,
      })),
    ).toEqual(expected.map((l) => ({ raw: l.raw, size: l.size, crlf: l.crlf === true, invalidUtf8: l.invalidUtf8 === true, rawBase64: l.rawBase64 })));
    expect(written.find((c) => c.raw.includes('lone'))).toMatchObject({ raw: 'a lone \uFFFD surrogate', size: 'a lone \uFFFD surrogate'.length + 2 });
  });

  it('ends a server that ignores stdin and SIGTERM, and the grandchild it spawned', async () => {
    const { t, crossings } = make(fixtureServer('stdio-stubborn.mjs'), { closeGraceMs: 200, killGraceMs: 300 });
    await t.start();
    const line = await waitFor(() => crossings.find((c) => c.lane === 'stderr' && c.raw.startsWith('grandchild ')), 5000, 'the grandchild pid');
    const grandchild = Number(line.raw.split(' ')[1]);
    expect(processAlive(grandchild)).toBe(true);
    const pid = t.pid!;
    await t.close();
    expect(events(crossings)).toEqual(['spawn', 'stdin-closed', 'signal', 'signal', 'exit']);
    expect(crossings.map(lifecycle).flatMap((m) => (m?.event === 'signal' ? [m.signal] : []))).toEqual(['SIGTERM', 'SIGKILL']);
    expect(crossings.at(-1)).toMatchObject({ meta: { event: 'exit', signal: 'SIGKILL' } });
    expect(processGone(pid)).toBe(true);
    expect(processAlive(grandchild)).toBe(false);
  });

  it('ends the grandchildren of a server that dies by itself', async () => {
    const { t, crossings, closed } = make(fixtureServer('stdio-stubborn.mjs'), { killGraceMs: 300 });
    await t.start();
    const line = await waitFor(() => crossings.find((c) => c.lane === 'stderr' && c.raw.startsWith('grandchild ')), 5000, 'the grandchild pid');
    const grandchild = Number(line.raw.split(' ')[1]);
    process.kill(t.pid!, 'SIGKILL'); // only the leader: a crash
    await waitFor(() => closed.length === 1, 5000, 'the exit');
    expect(closed[0]).toBe('the server process was ended by SIGKILL');
    expect(processAlive(grandchild)).toBe(false);
    expect(processGone(t.pid!)).toBe(true);
  });
});
