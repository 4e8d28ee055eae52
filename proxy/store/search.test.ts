import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '../../lib/mcp/frame';
import { searchStored } from './search';
import { SessionStore } from './store';
import { logFrame, testHeader } from './testing';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A stored session of `count` log notifications, with `special` frames put in at their seqs. */
function storedSession(count: number, special: Record<number, Record<string, unknown>>, segmentBytes?: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-search-'));
  dirs.push(dir);
  const store = new SessionStore(dir, undefined, undefined, segmentBytes);
  const w = store.create({ source: 'launched', header: testHeader('search'), startedAt: Date.now() });
  for (let seq = 1; seq <= count; seq++) w.append({ ...logFrame(seq, seq * 3), ...special[seq] } as Frame);
  w.close();
  return store.open(w.id);
}

const call = (name: string) => `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"${name}"}}`;

describe('a text search over a stored session', () => {
  it('finds the frames that hold the text, in any segment, decoding each one exactly', () => {
    const s = storedSession(30_000, { 4_321: { raw: call('NeedleTool') }, 29_999: { raw: call('needletool'), dir: 'c2s' } }, 400_000);
    expect(s.segments.length).toBeGreaterThan(2);
    const r = searchStored(s, { text: 'needleTOOL' });
    expect(r.frames.map((f) => f.seq)).toEqual([4_321, 29_999]);
    // The frame a hit decodes to is the stored frame, short lines and all.
    expect(r.frames[1]).toEqual({ ...logFrame(29_999, 29_999 * 3), raw: call('needletool'), dir: 'c2s' });
    expect(r.scannedBytes).toBe(s.bytes);
    expect(r.next).toBeUndefined();
    // A near miss: one letter off finds nothing.
    expect(searchStored(s, { text: 'needletooI' }).frames).toEqual([]);
  });

  it('finds lines that a read of the segment cuts in two, and a frame larger than a read', () => {
    const big = `{"jsonrpc":"2.0","id":1,"result":{"blob":"${'x'.repeat(5 * 1024 * 1024)}","tail":"Big-Needle"}}`;
    const s = storedSession(40_000, { 39_000: { raw: big } });
    // About 122 bytes a line: the first 4 MiB read ends near seq 34,400, inside the frames 'tick 34' finds.
    const expected = Array.from({ length: 40_000 }, (_, i) => i + 1).filter((seq) => seq !== 39_000 && `tick ${seq}`.startsWith('tick 34'));
    expect(expected).toHaveLength(1_111);
    expect(searchStored(s, { text: 'tick 34', limit: 5_000 }).frames.map((f) => f.seq)).toEqual(expected);
    const found = searchStored(s, { text: 'big-needle' }).frames;
    expect(found.map((f) => f.seq)).toEqual([39_000]);
    expect(found[0].raw).toBe(big);
  });

  it('stops at the limit and goes on from where it stopped', () => {
    const s = storedSession(5_000, {});
    const first = searchStored(s, { text: 'tick 4', limit: 100 });
    expect(first.frames).toHaveLength(100);
    expect(first.frames[0].seq).toBe(4);
    const seqs = [...first.frames.map((f) => f.seq)];
    for (let next = first.next; next !== undefined;) {
      const more = searchStored(s, { text: 'tick 4', limit: 100, fromSeq: next });
      seqs.push(...more.frames.map((f) => f.seq));
      next = more.next;
    }
    const expected = Array.from({ length: 5_000 }, (_, i) => i + 1).filter((seq) => `tick ${seq}`.includes('tick 4'));
    expect(seqs).toEqual(expected);
  });

  it('finds text stored escaped (stderr, a line that is not JSON) and keeps to a lane or a channel', () => {
    const s = storedSession(3_000, {
      10: { lane: 'stderr', raw: 'warning: "quoted" path C:\\tmp', meta: { transport: 'stdio' } },
      20: { raw: 'not json { "quoted"' },
      30: { channel: 'app:1', raw: '{"jsonrpc":"2.0","id":1,"method":"ui/initialize","params":{"quoted":1}}' },
    });
    expect(searchStored(s, { text: '"quoted"' }).frames.map((f) => f.seq)).toEqual([10, 20, 30]);
    expect(searchStored(s, { text: 'C:\\tmp' }).frames.map((f) => f.seq)).toEqual([10]);
    expect(searchStored(s, { text: '"quoted"', lane: 'stderr' }).frames.map((f) => f.seq)).toEqual([10]);
    expect(searchStored(s, { text: 'quoted', channel: 'app:1' }).frames.map((f) => f.seq)).toEqual([30]);
    expect(searchStored(s, { text: 'quoted', channel: 'session' }).frames.map((f) => f.seq)).toEqual([10, 20]);
  });

  it('searches an HTTP head as the page shows it: a secret header value finds nothing', () => {
    const head = 'POST /mcp HTTP/1.1\r\nauthorization: Bearer sekrit-token-123\r\ncontent-type: application/json\r\n\r\n{}';
    const s = storedSession(100, { 50: { lane: 'http', raw: head, meta: { transport: 'http' } } });
    expect(searchStored(s, { text: 'sekrit-token' }).frames).toEqual([]);
    expect(searchStored(s, { text: 'content-type: application/json' }).frames.map((f) => f.seq)).toEqual([50]);
  });

  it('searches the frames as a redacted view shows them: a secret they hold is not found, the text around it is', () => {
    const secret = 'k3y-Q7w2E9r4T1y6';
    const log = (data: string) => `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"${data}"}}`;
    const s = storedSession(2_000, { 700: { raw: log(`connected with ${secret}`) }, 1_500: { raw: log('token=Free-Guess-42 sent') } });
    const redaction = { secrets: [{ rule: 'env:API_KEY', value: secret }] };
    // Unredacted, each guess tells which frame holds it.
    expect(searchStored(s, { text: secret }).frames.map((f) => f.seq)).toEqual([700]);
    expect(searchStored(s, { text: 'free-guess' }).frames.map((f) => f.seq)).toEqual([1_500]);
    // Redacted: neither the known secret, nor a part of it, nor what a built-in rule masks is found.
    for (const guess of [secret, 'k3y-Q7w2', 'free-guess-42', 'with k3y']) expect(searchStored(s, { text: guess, redaction }).frames).toEqual([]);
    // What the view shows still is, and the frames found are as the view shows them.
    const around = searchStored(s, { text: 'connected with', redaction }).frames;
    expect(around.map((f) => f.seq)).toEqual([700]);
    expect(around[0].raw).toBe(log('connected with «redacted:env:API_KEY»'));
    expect(searchStored(s, { text: 'tick 1999', redaction }).frames.map((f) => f.seq)).toEqual([1_999]);
    // The markers are not in the stored text: a search for one says so rather than finding nothing.
    expect(() => searchStored(s, { text: '«redacted:env', redaction })).toThrow(/not in the «redacted:…» markers/);
  });

  it('answers a text a redacted view hides in very many frames a part at a time, going on from where it stopped', () => {
    const secret = 'k3y-Q7w2E9r4T1y6';
    const log = (data: string) => `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"${data}"}}`;
    // Every frame but one holds the secret; that one shows a text that begins as the secret does.
    const special: Record<number, Record<string, unknown>> = {};
    for (let seq = 1; seq <= 45_000; seq++) special[seq] = { raw: log(seq === 44_000 ? 'k3y-Q7w2 shown' : `sent ${secret} #${seq}`) };
    const s = storedSession(45_000, special);
    const redaction = { secrets: [{ rule: 'env:API_KEY', value: secret }] };
    const first = searchStored(s, { text: 'k3y-Q7w2', redaction });
    expect(first).toMatchObject({ frames: [], next: 20_001 });
    const second = searchStored(s, { text: 'k3y-Q7w2', redaction, fromSeq: first.next });
    expect(second).toMatchObject({ frames: [], next: 40_001 });
    const third = searchStored(s, { text: 'k3y-Q7w2', redaction, fromSeq: second.next });
    expect(third.frames.map((f) => f.seq)).toEqual([44_000]);
    expect(third.next).toBeUndefined();
    // Unredacted, the frames that hold it are found at once.
    expect(searchStored(s, { text: 'k3y-Q7w2', limit: 3 }).frames.map((f) => f.seq)).toEqual([1, 2, 3]);
  });

  it('refuses an empty text rather than listing every frame', () => {
    const s = storedSession(10, {});
    expect(() => searchStored(s, { text: '  ' })).toThrow(/a search needs some text/);
  });
});
