/**
 * History's Open and Export of a long stored session: the trace reaches the page in pieces whose
 * size does not grow with the session, and the pieces make the whole trace, line for line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProxyMessage } from '../../lib/wire/protocol';
import { readTraceText } from '../../lib/trace';
import { exportStored } from '../store/export';
import type { SessionStore } from '../store/store';
import { logFrame, testHeader } from '../store/testing';
import { HISTORY_PIECE_CHARS, piecesOf } from './history-stream';
import type { PageClient } from './testing/harness';
import { startHistoryPage, type HistoryPage } from './testing/history-page';

type TracePiece = Extract<ProxyMessage, { type: 'history/trace' }>;

// About 250 bytes a trace line: some 5 MB, ten pieces.
const FRAMES = 20_000;
const SECRET = 'sk-live-stream-0123456789';

let proxy: HistoryPage;
let dir: string;
let store: SessionStore;
let page: PageClient;
/** The byte length of every message the page was sent. */
let sizes: number[];

beforeEach(async () => {
  sizes = [];
  proxy = await startHistoryPage('history-stream', (data) => sizes.push(data.length));
  ({ dir, store, page } = proxy);
});

afterEach(() => proxy.close());

/** A stored session of FRAMES log lines; the first carries a secret its connection had. */
function longSession(): string {
  const w = store.create({ source: 'launched', header: testHeader('long'), startedAt: Date.now(), secrets: [{ rule: 'env:API_KEY', value: SECRET }] });
  for (let seq = 1; seq <= FRAMES; seq++) {
    const f = logFrame(seq, seq * 1000);
    w.append(seq === 1 ? { ...f, raw: f.raw.replace('tick 1', `tick ${SECRET}`) } : f);
  }
  w.close();
  return w.id;
}

/** Every piece of the answer to `msg`, up to the one without `more`. */
async function pieces(msg: Record<string, unknown>): Promise<TracePiece[]> {
  const rid = `r${Math.random()}`;
  page.send({ ...msg, rid });
  const out: TracePiece[] = [];
  for (;;) {
    const piece = await page.next('history/trace', (m) => m.rid === rid, 60_000);
    out.push(piece);
    if (!piece.more) return out;
  }
}

/** Pieces of bounded size, `more` on all but the last. */
function expectBounded(got: TracePiece[], wholeChars: number): void {
  expect(got.length).toBeGreaterThan(5);
  expect(got.map((p) => p.more === true)).toEqual(got.map((_, i) => i < got.length - 1));
  for (const p of got) {
    expect(p.text.length).toBeLessThanOrEqual(HISTORY_PIECE_CHARS);
    expect(p.text.endsWith('\n')).toBe(true);
  }
  // Each message on the wire, its JSON escaping included, stays a small share of the whole.
  expect(Math.max(...sizes)).toBeLessThan(2 * HISTORY_PIECE_CHARS);
  expect(Math.max(...sizes)).toBeLessThan(wholeChars / 4);
}

describe('a long stored session, in pieces', () => {
  it('opens with every frame as recorded, line for line', async () => {
    const id = longSession();
    const got = await pieces({ type: 'history/open', id });
    const session = store.open(id);
    const whole = [JSON.stringify(session.meta.header), ...[...session.frames()].map((f) => JSON.stringify(f))].join('\n') + '\n';
    expectBounded(got, whole.length);
    const text = got.map((p) => p.text).join('');
    expect(text).toBe(whole);
    const trace = readTraceText(text);
    expect(trace.frames).toHaveLength(FRAMES);
    expect(trace.frames[FRAMES - 1]).toEqual(logFrame(FRAMES, FRAMES * 1000));
    expect(text).toContain(SECRET);
  }, 120_000);

  it('exports redacted, the same file loupe export writes', async () => {
    const id = longSession();
    const got = await pieces({ type: 'history/export', id, redact: {} });
    const file = path.join(dir, 'cli.ndjson');
    const cli = exportStored(store.open(id), file, { loupeVersion: '0.0.0', redact: {} });
    const expected = readFileSync(file, 'utf8');
    expectBounded(got, expected.length);
    const text = got.map((p) => p.text).join('');
    // Line for line but the header's time of export.
    const [head, ...lines] = text.split('\n');
    const [cliHead, ...cliLines] = expected.split('\n');
    expect(lines).toEqual(cliLines);
    const header = JSON.parse(head) as Record<string, unknown>;
    const cliHeader = JSON.parse(cliHead) as Record<string, unknown>;
    expect({ ...header, createdAt: 0, loupeVersion: 0 }).toEqual({ ...cliHeader, createdAt: 0, loupeVersion: 0 });
    expect(text).not.toContain(SECRET);
    expect(got.at(-1)!.redacted).toBe(cli.redacted);
    expect(got.slice(0, -1).every((p) => p.redacted === undefined)).toBe(true);
  }, 120_000);
});

describe('piecesOf', () => {
  it('keeps lines whole: a line longer than a piece goes alone', () => {
    const lines = ['a\n', 'bb\n', 'x'.repeat(20) + '\n', 'c\n'];
    expect([...piecesOf(lines, 6)]).toEqual(['a\nbb\n', 'x'.repeat(20) + '\n', 'c\n']);
    expect([...piecesOf([], 6)]).toEqual([]);
  });
});
