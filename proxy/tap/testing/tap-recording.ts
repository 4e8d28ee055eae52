/**
 * Test support: what a tap recorded, as a trace, read the way `loupe check` reads a tap file: its
 * header from the file, its frames from the stored session it names (or from the file, for a tap
 * that could not store them).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Trace } from '../../../lib/trace/format';
import { readTraceText } from '../../../lib/trace/reader';
import { segmentName } from '../../store/layout';
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
