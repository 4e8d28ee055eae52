import { describe, expect, it } from 'vitest';
import type { WindowRows } from './stored-rows';
import { followed, followFrom, followsNow, scrolledToBottom, unseenSince } from './window-follow';

const run = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ seq: from + i }));
const rows = (from: number, to: number, hasBefore = true, hasAfter = false): WindowRows<{ seq: number }> => ({ frames: run(from, to), hasBefore, hasAfter });

describe('a window following a session still being written', () => {
  it('follows only while asked to, while the session is written, and while its rows reach the newest frame', () => {
    expect(followsNow(true, 'recording', { hasAfter: false })).toBe(true);
    expect(followsNow(false, 'recording', { hasAfter: false })).toBe(false);
    expect(followsNow(true, 'clean', { hasAfter: false })).toBe(false);
    expect(followsNow(true, 'unclean', { hasAfter: false })).toBe(false);
    expect(followsNow(true, undefined, { hasAfter: false })).toBe(false);
    // Rows read around an older seq: newer frames are to be read first.
    expect(followsNow(true, 'recording', { hasAfter: true })).toBe(false);
  });

  it('reads on from one past the last row held, or past the last frame when no row matched yet', () => {
    expect(followFrom(run(10, 20), 500)).toBe(21);
    expect(followFrom([], 500)).toBe(501);
    expect(followFrom([], undefined)).toBe(1);
  });

  it('puts the frames written since on at the bottom and lets the oldest go past the cap', () => {
    const step = followed(rows(1, 100, false), { frames: run(101, 150), hasAfter: false }, 120);
    expect(step.kind).toBe('appended');
    if (step.kind !== 'appended') return;
    expect(step.dropped).toBe(30);
    expect(step.rows.frames.map((f) => f.seq)).toEqual(run(31, 150).map((f) => f.seq));
    expect(step.rows).toMatchObject({ hasBefore: true, hasAfter: false });
  });

  it('says when nothing new matched, and when more came than one read takes', () => {
    expect(followed(rows(1, 100), { frames: [], hasAfter: false })).toEqual({ kind: 'none' });
    // A reply that only repeats rows held adds nothing.
    expect(followed(rows(1, 100), { frames: run(99, 100), hasAfter: false })).toEqual({ kind: 'none' });
    expect(followed(rows(1, 100), { frames: run(101, 400), hasAfter: true })).toEqual({ kind: 'newest' });
  });

  it('knows the bottom of a scroller, give or take a few pixels', () => {
    expect(scrolledToBottom(500, 300, 800)).toBe(true);
    expect(scrolledToBottom(497.5, 300, 800)).toBe(true);
    expect(scrolledToBottom(480, 300, 800)).toBe(false);
    // Rows that do not fill the view: always at the bottom.
    expect(scrolledToBottom(0, 300, 200)).toBe(true);
  });

  it('counts the frames written since the window stopped following', () => {
    expect(unseenSince(1200, 1000)).toBe(200);
    expect(unseenSince(1000, 1000)).toBe(0);
    expect(unseenSince(undefined, 1000)).toBe(0);
    expect(unseenSince(1000, undefined)).toBe(0);
  });
});
