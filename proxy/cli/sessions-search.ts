/**
 * `loupe sessions ID --search TEXT`: the frames of a stored session that hold a text, read from its
 * segments (proxy/store/search.ts), printed redacted as every output of Loupe's is, with the
 * session's own secrets: a line a person pastes into an issue leaks nothing an export would not.
 */
import type { Frame } from '../../lib/mcp/frame';
import { printable } from '../../lib/text/printable';
import { redactFrames } from '../../lib/trace/redact';
import { storedRedaction } from '../store/export';
import type { StoredSession } from '../store/reader';
import { searchStored, type StoredSearch } from '../store/search';
import { printLine, printReport } from './shared/terminal';

/** Characters shown before the text found, and in all, of each frame. */
const BEFORE = 40;
const WIDTH = 140;

function excerpt(raw: string, text: string): string {
  const at = raw.toLowerCase().indexOf(text.trim().toLowerCase());
  const from = Math.max(0, at - BEFORE);
  const shown = raw.slice(from, from + WIDTH).replace(/\s+/g, ' ');
  return printable(`${from > 0 ? '…' : ''}${shown}${from + WIDTH < raw.length ? '…' : ''}`);
}

function row(f: Frame, text: string): string {
  const channel = f.channel ? ` ${f.channel}` : '';
  return `${String(f.seq).padStart(9)}  ${(f.ts / 1000).toFixed(3).padStart(10)}s  ${f.dir.padEnd(5)} ${f.lane.padEnd(9)}${channel}  ${excerpt(f.raw, text)}`;
}

export function printSearch(session: StoredSession, q: StoredSearch, json: boolean): void {
  const found = searchStored(session, q);
  const { frames } = redactFrames(found.frames, storedRedaction(session, {}));
  if (json) {
    process.stdout.write(JSON.stringify({ frames, next: found.next ?? null }, null, 2) + '\n');
    return;
  }
  if (frames.length === 0) {
    printLine(`no frame of ${session.meta.id} holds '${printable(q.text.trim())}'`);
    return;
  }
  printReport(frames.map((f) => row(f, q.text)).join('\n'));
  const more = found.next === undefined ? '' : `; more from seq ${found.next} (--from-seq ${found.next})`;
  printLine(`${frames.length} frame(s)${more}`);
}
