/**
 * A fast check of the two frame-carrying proxy messages (`frames/snapshot`, `frames/append`), with
 * exactly the rules of their zod schemas in lib/wire/protocol.ts. A 100,000-frame snapshot is the
 * page's largest message; zod's generic walk over it took longer than parsing its JSON, and it ran
 * on the main thread before the first row could be drawn. Every other message still goes through
 * zod. frames-message.test.ts checks that both agree, on generated frames and on broken ones.
 */
import type { ProxyMessage } from '../wire/protocol';

type FramesMessage = Extract<ProxyMessage, { type: 'frames/snapshot' | 'frames/append' }>;

const DIRS = new Set(['c2s', 's2c', 'local']);
const LANES = new Set(['message', 'stderr', 'http', 'lifecycle']);

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why a value is not a wire frame, or undefined when it is one. */
export function frameProblem(f: unknown): string | undefined {
  if (!isObject(f)) return 'a frame is not an object';
  if (!isInt(f.seq) || f.seq <= 0) return 'seq: expected a positive integer';
  if (typeof f.ts !== 'number' || !Number.isFinite(f.ts)) return 'ts: expected a number';
  if (typeof f.dir !== 'string' || !DIRS.has(f.dir)) return 'dir: expected c2s, s2c or local';
  if (typeof f.lane !== 'string' || !LANES.has(f.lane)) return 'lane: expected message, stderr, http or lifecycle';
  if (typeof f.raw !== 'string') return 'raw: expected a string';
  if (!isInt(f.size) || f.size < 0) return 'size: expected a non-negative integer';
  if (f.truncated !== undefined && typeof f.truncated !== 'boolean') return 'truncated: expected a boolean';
  if (f.invalidUtf8 !== undefined && typeof f.invalidUtf8 !== 'boolean') return 'invalidUtf8: expected a boolean';
  if (f.rawBase64 !== undefined && typeof f.rawBase64 !== 'string') return 'rawBase64: expected a string';
  if (f.textDropped !== undefined && typeof f.textDropped !== 'boolean') return 'textDropped: expected a boolean';
  if (f.meta !== undefined && !isObject(f.meta)) return 'meta: expected an object';
  return undefined;
}

export type FramesCheck = { ok: true; msg: FramesMessage } | { ok: false; problem: string };

/** Checks a frames message; undefined when `json` is some other message (zod checks those). */
export function checkFramesMessage(json: unknown): FramesCheck | undefined {
  if (!isObject(json) || (json.type !== 'frames/snapshot' && json.type !== 'frames/append')) return undefined;
  const { sessionId, frames } = json;
  if (typeof sessionId !== 'string' || sessionId.length < 1 || sessionId.length > 100) return { ok: false, problem: 'sessionId: expected a string of 1 to 100 characters' };
  if (json.type === 'frames/snapshot' && (!isInt(json.endSeq) || json.endSeq < 0)) return { ok: false, problem: 'endSeq: expected a non-negative integer' };
  if (!Array.isArray(frames)) return { ok: false, problem: 'frames: expected an array' };
  for (let i = 0; i < frames.length; i++) {
    const problem = frameProblem(frames[i]);
    if (problem) return { ok: false, problem: `frames[${i}].${problem}` };
  }
  return { ok: true, msg: json as unknown as FramesMessage };
}
