/**
 * Reassembles pretty-printed JSON on stdio. A line that fails to parse only because it ends early
 * (`{`) starts a run; following unparseable lines join it until the run parses as one value
 * (a multi-line message) or can no longer become one (then each line is judged on its own).
 * Runs are per direction. The outcome for a line may come a few frames later, but it depends on
 * the frames alone, so live and offline analysis agree.
 */
import type { Frame } from '../mcp/frame';
import { parseStrict, type StrictJson } from '../mcp/strict-json';

export interface TextUnit {
  /** The frames whose text forms this unit: one, or a reassembled run. */
  frames: Frame[];
  parsed: StrictJson;
  reassembled: boolean;
}

const MAX_RUN_LINES = 2000;
const MAX_RUN_CHARS = 1_000_000;

function startsLikeJson(raw: string): boolean {
  const t = raw.trimStart();
  return t.startsWith('{') || t.startsWith('[');
}

function complete(p: StrictJson): boolean {
  return p.ok || (p.value !== undefined && !p.incomplete);
}

export class LineAssembler {
  private readonly runs = new Map<string, { frames: Frame[]; parsed: StrictJson[]; chars: number }>();

  push(frame: Frame, parsed: StrictJson): TextUnit[] {
    const out: TextUnit[] = [];
    const run = this.runs.get(frame.dir);
    if (frame.truncated) {
      if (run) out.push(...this.flushDir(frame.dir));
      out.push({ frames: [frame], parsed, reassembled: false });
      return out;
    }
    // A line that parses alone may still belong to an open run (`  2` inside a printed array).
    if (run) {
      const joined = [...run.frames.map((f) => f.raw), frame.raw].join('\n');
      const p = parseStrict(joined);
      if (complete(p)) {
        this.runs.delete(frame.dir);
        out.push({ frames: [...run.frames, frame], parsed: p, reassembled: true });
        return out;
      }
      if (p.incomplete && run.frames.length < MAX_RUN_LINES && run.chars + frame.raw.length < MAX_RUN_CHARS) {
        run.frames.push(frame);
        run.parsed.push(parsed);
        run.chars += frame.raw.length + 1;
        return out;
      }
      out.push(...this.flushDir(frame.dir));
    }
    if (complete(parsed)) {
      out.push({ frames: [frame], parsed, reassembled: false });
      return out;
    }
    if (parsed.incomplete && startsLikeJson(frame.raw)) {
      this.runs.set(frame.dir, { frames: [frame], parsed: [parsed], chars: frame.raw.length });
      return out;
    }
    out.push({ frames: [frame], parsed, reassembled: false });
    return out;
  }

  /** End of trace: every pending line is judged on its own. */
  flush(): TextUnit[] {
    return [...this.runs.keys()].sort().flatMap((dir) => this.flushDir(dir));
  }

  private flushDir(dir: string): TextUnit[] {
    const run = this.runs.get(dir);
    this.runs.delete(dir);
    return run ? run.frames.map((f, i) => ({ frames: [f], parsed: run.parsed[i], reassembled: false })) : [];
  }
}

export { startsLikeJson };
