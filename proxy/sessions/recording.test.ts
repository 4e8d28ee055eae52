import { afterEach, describe, expect, it } from 'vitest';
import { analyze } from '../../lib/analyze';
import { readTraceText } from '../../lib/trace/reader';
import { writeTrace } from '../../lib/trace/writer';
import type { Connection } from '../../lib/wire/connection';
import { PageClient, startHarness, type Harness } from '../server/testing/harness';
import { exportSession } from '../trace/session-export';
import { ScriptedTap, type ByteStep } from '../tap/testing/scripted-tap';
import { Registry } from './registry';
import type { Session } from './session';
import { waitFor } from './test-support';

const tapped: Connection = { id: 'tapped', name: 'tapped-server', transport: 'stdio', command: 'tapped-server', args: [], env: {} };

const init =
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"host","version":"1"}}}';
const initResult =
  '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"tapped","version":"1"}}}';
const echo = '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"héllo"}}}';
const bytes = (s: string) => new TextEncoder().encode(s);
const at = (b: Uint8Array, from: number, to?: number) => b.subarray(from, to);

/** Both directions, lines split across chunks (one of them inside the two bytes of "é"), a line
 *  that is not JSON, one with invalid UTF-8, and an unterminated last line. */
function script(): ByteStep[] {
  const call = bytes(echo + '\n');
  const split = call.indexOf(0xc3) + 1;
  return [
    { dir: 'c2s', bytes: init.slice(0, 40) },
    { dir: 'c2s', bytes: init.slice(40) + '\n' },
    { dir: 's2c', bytes: initResult + '\nstarting up...\n' },
    { dir: 'c2s', bytes: '{"jsonrpc":"2.0","method":"notifications/initialized"}\n' },
    { dir: 'c2s', bytes: at(call, 0, split) },
    { dir: 'c2s', bytes: at(call, split) },
    { dir: 's2c', bytes: new Uint8Array([...bytes('{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"'), 0xff, 0xfe, ...bytes('"}]}}\n')]) },
    { dir: 's2c', bytes: '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"bye"}}' },
    { end: "the host closed the tapped server's stdin" },
  ];
}

let registry: Registry;
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await registry?.closeAll();
});

function openTap(steps: ByteStep[]): Session {
  registry = new Registry();
  return registry.openSource({ kind: 'tap', connection: tapped, frames: () => new ScriptedTap(steps) });
}

describe('a Recording with no client driver (tap), fed by a scripted byte source', () => {
  it('records every line in both directions exactly as it crossed, and ends when the traffic ends', async () => {
    const session = openTap(script());
    await waitFor(() => session.summary().status === 'closed', 5000, 'the tap to end');
    const frames = session.frames();
    expect(frames.map((f) => f.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(frames.map((f) => f.dir)).toEqual(['c2s', 's2c', 's2c', 'c2s', 'c2s', 's2c', 's2c']);
    expect(frames[0].raw).toBe(init);
    expect(frames[2].raw).toBe('starting up...');
    expect(frames[4].raw).toBe(echo);
    expect(frames[5]).toMatchObject({ invalidUtf8: true });
    expect(Buffer.from(frames[5].rawBase64!, 'base64').includes(Buffer.from([0xff, 0xfe]))).toBe(true);
    expect(frames[6].raw).toMatch(/"data":"bye"/);
    expect(session.summary()).toMatchObject({ source: 'tap', client: false, status: 'closed', lastSeq: 7 });
    expect(session.pending()).toEqual([]);
    await expect(session.request('ping', {})).rejects.toThrow(/only records \(tap\)/);
    await expect(session.sendRaw('{}')).rejects.toThrow(/only records/);
  });

  it('is analysed and exported like any session', async () => {
    const session = openTap(script());
    await waitFor(() => session.summary().status === 'closed', 5000, 'the tap to end');
    const ids = analyze(session.frames()).annotations.map((a) => `${a.rule}@${a.frames[0]}`);
    expect(ids).toContain('stdio.non-json-line@3');
    expect(ids.some((id) => id.endsWith('@6'))).toBe(true);
    const prepared = exportSession(session, { loupeVersion: 'test', redact: {} });
    const back = readTraceText(writeTrace(prepared));
    expect(back.frames.map((f) => f.raw)).toEqual(session.frames().map((f) => f.raw));
    expect(back.frames[5].rawBase64).toBe(session.frames()[5].rawBase64);
  });

  it('streams its frames to a page: a snapshot, then live batches, every seq once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    registry = new Registry();
    harness = await startHarness(registry);
    const session = registry.openSource({ kind: 'tap', connection: tapped, frames: () => new ScriptedTap(script(), { gate }) });
    const page = await PageClient.connect(harness);
    page.send({ type: 'session/attach', rid: 'a', sessionId: session.id });
    const snapshot = await page.next('frames/snapshot');
    expect(snapshot.frames).toEqual([]);
    release();
    const seen: number[] = [];
    while (seen.length < 7) seen.push(...(await page.next('frames/append')).frames.map((f) => f.seq));
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
    page.close();
  });
});
