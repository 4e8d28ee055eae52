/**
 * The commonest line of a stdio trace, read without parsing the whole line as JSON: a message
 * frame written by Loupe, its fields in the order the recorder gives them and a meta of only its
 * transport, e.g.
 *   {"seq":12,"ts":86504,"dir":"c2s","lane":"message","raw":"{\"jsonrpc\":…}","size":40,"meta":{"transport":"stdio"}}
 * Only `raw` is read by JSON.parse (its string literal alone); the rest is matched as the fixed
 * text it is. A line that differs in any way (another order, a space, another meta, a float, a
 * number past 15 digits, a raw that is not one valid string literal) is not this line: the caller
 * parses it in full, so it is read, and refused, exactly as before. Reading a long trace, this
 * halves the cost of a line (plain-line.test.ts compares both readings on odd lines).
 */
import type { Frame } from '../mcp/frame';

const HEAD = '{"seq":';
const TS = ',"ts":';
const DIR = ',"dir":"';
const LANE_RAW = '","lane":"message","raw":';
const SIZE = ',"size":';
const TAIL = ',"meta":{"transport":"stdio"}}';
/** Digits a number may have here: up to 15, every such integer is exact in a double. */
const MAX_DIGITS = 15;

/** Whether `line` holds `text` at `at`: compared by char codes, several times cheaper here than
 *  startsWith on a line cut from a large chunk. */
function holds(line: string, at: number, text: string): boolean {
  if (at < 0 || at + text.length > line.length) return false;
  for (let k = 0; k < text.length; k++) if (line.charCodeAt(at + k) !== text.charCodeAt(k)) return false;
  return true;
}

/** The whole number written at `at` (no sign, no leading zero but a lone 0, no fraction or
 *  exponent) and where it ends; `end` -1 when it is not one. */
let end = -1;
function wholeAt(line: string, at: number): number {
  let n = 0;
  let i = at;
  for (; i < line.length && i - at <= MAX_DIGITS; i++) {
    const c = line.charCodeAt(i);
    if (c < 48 || c > 57) break;
    n = n * 10 + (c - 48);
  }
  const digits = i - at;
  end = digits === 0 || digits > MAX_DIGITS || (digits > 1 && line.charCodeAt(at) === 48) ? -1 : i;
  return n;
}

/** The frame on `line` when it is the plain message line above (valid as a frame: a positive
 *  seq), else undefined: then the line is to be read in full. */
export function readPlainMessageLine(line: string): Frame | undefined {
  if (!holds(line, 0, HEAD) || !holds(line, line.length - TAIL.length, TAIL)) return undefined;
  const seq = wholeAt(line, HEAD.length);
  if (end < 0 || seq === 0 || !holds(line, end, TS)) return undefined;
  const ts = wholeAt(line, end + TS.length);
  if (end < 0 || !holds(line, end, DIR)) return undefined;
  const dirAt = end + DIR.length;
  const dir = holds(line, dirAt, 'c2s') ? 'c2s' : holds(line, dirAt, 's2c') ? 's2c' : holds(line, dirAt, 'local') ? 'local' : undefined;
  if (dir === undefined || !holds(line, dirAt + dir.length, LANE_RAW)) return undefined;
  const rawAt = dirAt + dir.length + LANE_RAW.length;
  // From the end: the size's digits sit between `,"size":` and the tail.
  const tailAt = line.length - TAIL.length;
  let sizeAt = tailAt;
  while (sizeAt > rawAt && line.charCodeAt(sizeAt - 1) >= 48 && line.charCodeAt(sizeAt - 1) <= 57) sizeAt--;
  if (!holds(line, sizeAt - SIZE.length, SIZE)) return undefined;
  const size = wholeAt(line, sizeAt);
  if (end !== tailAt) return undefined;
  const literalEnd = sizeAt - SIZE.length;
  // The raw's literal runs from its opening quote to the quote before `,"size":`. Parsed alone, it
  // is one string exactly when the whole line is valid JSON with that string as `raw`.
  if (literalEnd - rawAt < 2 || line.charCodeAt(rawAt) !== 34 || line.charCodeAt(literalEnd - 1) !== 34) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(line.slice(rawAt, literalEnd));
  } catch {
    return undefined;
  }
  if (typeof raw !== 'string') return undefined;
  // The fields in the order JSON.parse of the line gives them.
  return { seq, ts, dir, lane: 'message', raw, size, meta: { transport: 'stdio' } };
}
