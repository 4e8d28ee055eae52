/**
 * Test support: what a tap recorded, as a trace, read the way `loupe check` reads a tap file: its
 * header from the file, its frames from the stored session it names (or from the file, for a tap
 * that could not store them).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Frame } from '../../../lib/mcp/frame';
import type { Trace } from '../../../lib/trace/format';
import { readTraceText } from '../../../lib/trace/reader';
import { segmentName } from '../../store/layout';
import type { StoredSession } from '../../store/reader';
import { tapEntryFrames, tapEntryOf } from '../tap-trace';

export function tapRecording(file: string): Trace {
  const entry = tapEntryOf(file);
  if (!entry) return readTraceText(readFileSync(file, 'utf8'));
  return { header: entry.header, frames: [...tapEntryFrames(entry)] };
}

/** The text a tap wrote to disk: its file and its stored session's segments, for what must never be written. */
export function tapWrittenText(file: string): string {
  const entry = tapEntryOf(file);
  const text = readFileSync(file, 'utf8');
  if (!entry) return text;
  let segments = '';
  for (let n = 1; ; n++) {
    try {
      segments += readFileSync(path.join(entry.dir, segmentName(n)), 'utf8');
    } catch {
      return text + segments;
    }
  }
}

/** A tap's traffic is on disk once: its file holds only its header, naming the stored session,
 *  whose frames (numbered from 1, a few messages at least) are returned. */
export function storedOnce(tapFile: string, stored: StoredSession): Frame[] {
  const entry = readTraceText(readFileSync(tapFile, 'utf8'));
  expect(entry.frames).toEqual([]);
  expect(entry.header).toMatchObject({ source: 'tap', tap: { stored: stored.meta.id } });
  const frames = [...stored.frames()];
  expect(frames.filter((f) => f.lane === 'message').length).toBeGreaterThan(3);
  expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i + 1));
  return frames;
}
