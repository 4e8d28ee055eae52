/**
 * The one frame validator: the page checks what the proxy streams with it, the trace reader checks
 * every line of a file with it. It runs `FrameSchema` and turns zod's first issue into a sentence
 * that names the frame and the field (`frame 12: meta.status: expected number, received string`).
 */
import type { z } from 'zod';
import { FrameSchema, type Frame } from './frame';
import { channelProblem } from './channel';
import { guardFor } from './schema-guard';

let frameGuard: ((v: unknown) => v is Frame) | undefined;

/** The fast yes/no, derived from FrameSchema; zod runs only to explain a refusal. The guard is
 *  compiled on the first frame checked, not when the module loads (an open of the page with no
 *  session checks none). */
export function isFrame(v: unknown): v is Frame {
  if (isPlainStdioMessage(v)) return true;
  frameGuard ??= guardFor(FrameSchema);
  return frameGuard(v);
}

const DIRECTIONS: readonly unknown[] = ['c2s', 's2c', 'local'];
const PLAIN_KEYS = new Set(['seq', 'ts', 'dir', 'lane', 'raw', 'size', 'meta']);

/**
 * The commonest frame of a stdio trace, checked by hand: a message with exactly `seq`, `ts`,
 * `dir`, `lane`, `raw`, `size` and a meta of only `transport: "stdio"`, each as FrameSchema wants
 * it. It only ever says yes to what the compiled guard passes (frame-check.test.ts compares them on
 * odd frames); anything else is the guard's to judge. `loupe check` reads millions of such lines,
 * and the guard's walk through the union and two strict objects cost several times this.
 */
export function isPlainStdioMessage(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || Object.getPrototypeOf(v) !== Object.prototype) return false;
  const f = v as Record<string, unknown>;
  // Exactly the seven keys, each once (for..in names a key once), all read and checked below.
  let keys = 0;
  for (const k in f) if (++keys > 7 || !PLAIN_KEYS.has(k)) return false;
  if (keys !== 7) return false;
  const { seq, ts, dir, lane, raw, size, meta } = f;
  if (lane !== 'message' || typeof raw !== 'string' || !DIRECTIONS.includes(dir)) return false;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq <= 0) return false;
  if (typeof ts !== 'number' || !Number.isFinite(ts)) return false;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) return false;
  if (typeof meta !== 'object' || meta === null || Object.getPrototypeOf(meta) !== Object.prototype) return false;
  let metaKeys = 0;
  for (const k in meta) if (++metaKeys > 1 || k !== 'transport') return false;
  return metaKeys === 1 && (meta as { transport?: unknown }).transport === 'stdio';
}

export type FrameCheck = { ok: true; frame: Frame } | { ok: false; problem: string };

function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out ? '.' : ''}${String(p)}`;
  return out;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value;
  for (const p of path) v = typeof v === 'object' && v !== null ? (v as Record<PropertyKey, unknown>)[p] : undefined;
  return v;
}

const show = (v: unknown): string => JSON.stringify(v) ?? String(v);
const oneOf = (values: readonly unknown[]): string =>
  values.length < 2 ? values.map(show).join('') : `${values.slice(0, -1).map(show).join(', ')} or ${show(values[values.length - 1])}`;

function describe(issue: z.core.$ZodIssue, value: unknown): string {
  const where = pathText(issue.path) || 'it';
  const got = valueAt(value, issue.path);
  switch (issue.code) {
    case 'unrecognized_keys': {
      const keys = issue.keys.map((k) => (issue.path.length ? `${pathText(issue.path)}.${k}` : k));
      return `${keys.join(', ')}: ${keys.length > 1 ? 'these fields are' : 'this field is'} not part of ${issue.path.length ? pathText(issue.path) : 'a frame'}`;
    }
    case 'invalid_type':
      return got === undefined ? `${where} is missing (expected ${issue.expected})` : `${where} is ${show(got)}, expected ${issue.expected}`;
    case 'invalid_value':
      return `${where} is ${show(got)}, expected ${oneOf(issue.values)}`;
    case 'invalid_union':
      // A discriminated union names no values in its issue; the schema's message lists them.
      return `${where} is ${show(got)}: ${issue.message.replace(/^Invalid input: /, '')}`;
    default:
      return `${where} is ${show(got)}: ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`;
  }
}

function label(value: unknown): string {
  const seq = typeof value === 'object' && value !== null ? (value as { seq?: unknown }).seq : undefined;
  return typeof seq === 'number' ? `frame ${seq}` : 'a frame';
}

/** Checks one frame; on failure the problem names the frame (by seq) and the field. */
export function checkFrame(value: unknown): FrameCheck {
  let frame: Frame;
  if (isFrame(value)) frame = value;
  else {
    const r = FrameSchema.safeParse(value);
    // The guard and the schema are one definition; if they ever disagree, the schema wins.
    if (!r.success) return { ok: false, problem: `${label(value)}: ${describe(r.error.issues[0], value)}` };
    frame = r.data;
  }
  // What one field cannot say alone: an app channel's frames are the bridge's, not a transport's.
  const problem = channelProblem(frame);
  return problem ? { ok: false, problem: `${label(value)}: ${problem}` } : { ok: true, frame };
}

/** A frame from parts (test builders, importers): checked, or an Error that says what is wrong. */
export function toFrame(value: unknown): Frame {
  const r = checkFrame(value);
  if (!r.ok) throw new Error(r.problem);
  return r.frame;
}
