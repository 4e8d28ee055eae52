import { mkdtempSync, openSync, rmSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { segmentName } from './layout';
import { SessionStore } from './store';
import { logFrame, testHeader } from './testing';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A session written as another process writes it: flushed, never closed, so no index line covers its segment. */
function openWriter() {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-scan-'));
  dirs.push(dir);
  const w = new SessionStore(dir).create({ source: 'tap', header: testHeader('followed'), startedAt: Date.now() });
  // A store of its own reads it, as the dashboard reads a tap's: it has no writer to ask.
  return { store: new SessionStore(dir), w, segment: path.join(dir, w.id, segmentName(1)) };
}

/** Overwrites the segment's first byte: a scan that reads the segment from its start fails on it. */
function breakFirstLine(segment: string): void {
  const fd = openSync(segment, 'r+');
  writeSync(fd, 'x', 0);
  closeSync(fd);
}

it('reads a segment being written by another process on from where the last read stopped', () => {
  const { store, w, segment } = openWriter();
  for (let seq = 1; seq <= 3000; seq++) w.append(logFrame(seq, seq * 10));
  w.flush();
  expect(store.open(w.id).frameCount).toBe(3000);

  // Were the segment scanned again from byte 0, its broken first line would refuse the read.
  breakFirstLine(segment);
  for (let seq = 3001; seq <= 5000; seq++) w.append(logFrame(seq, seq * 10));
  w.flush();
  const again = store.open(w.id);
  expect(again.frameCount).toBe(5000);
  expect(again.lastSeq).toBe(5000);
  // The summary goes on from the first scan's: marks every 1,024 frames, a seq read through them.
  expect(again.segments[0].marks.map((m) => m[0])).toEqual([1, 1025, 2049, 3073, 4097]);
  expect(again.frameAt(4500)).toEqual(logFrame(4500, 45_000));
  w.close();
});

it('scans a segment from its start again when it is not the file it read before', () => {
  const { store, w, segment } = openWriter();
  for (let seq = 1; seq <= 100; seq++) w.append(logFrame(seq, seq));
  w.flush();
  expect(store.open(w.id).frameCount).toBe(100);
  // Replaced by a shorter file (a segment is only ever appended to, so this one is new): read whole.
  rmSync(segment);
  const fd = openSync(segment, 'w');
  closeSync(fd);
  expect(() => store.open(w.id)).not.toThrow();
  expect(store.open(w.id).frameCount).toBe(0);
});
