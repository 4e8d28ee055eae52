/**
 * A fast check of the two frame-carrying proxy messages (`frames/snapshot`, `frames/append`), with
 * exactly the rules of their zod schemas in lib/wire/protocol.ts. A 100,000-frame snapshot is the
 * page's largest message; zod's generic walk over it took longer than parsing its JSON, and it ran
 * on the main thread before the first row could be drawn. Each frame goes through `checkFrame`, the
 * one frame validator (trace files use it too); every other message still goes through zod.
 * frames-message.test.ts checks that both agree, on generated frames and on broken ones.
 *
 * The compact binary form (lib/wire/frame-chunk.ts) is taken apart into the very objects the JSON
 * form parses to, and they go through the same check: one contract whichever form brought them.
 */
import type { Frame } from '../mcp/frame';
import { checkFrame } from '../mcp/frame-check';
import type { ProxyMessage } from '../wire/protocol';
import { isObject } from '../mcp/json';
import { decodeFramesChunk } from '../wire/frame-chunk';

type FramesMessage = Extract<ProxyMessage, { type: 'frames/snapshot' | 'frames/append' }>;

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

export type FramesCheck = { ok: true; msg: FramesMessage } | { ok: false; problem: string };

/** Checks a frames message; undefined when `json` is some other message (zod checks those). */
export function checkFramesMessage(json: unknown): FramesCheck | undefined {
  if (!isObject(json) || (json.type !== 'frames/snapshot' && json.type !== 'frames/append')) return undefined;
  const { sessionId, frames, endSeq, more } = json;
  if (typeof sessionId !== 'string' || sessionId.length < 1 || sessionId.length > 100) return { ok: false, problem: 'sessionId: expected a string of 1 to 100 characters' };
  const snapshot = json.type === 'frames/snapshot';
  if (snapshot && (!isInt(endSeq) || endSeq < 0)) return { ok: false, problem: 'endSeq: expected a non-negative integer' };
  if (snapshot && more !== undefined && typeof more !== 'boolean') return { ok: false, problem: 'more: expected a boolean' };
  if (!Array.isArray(frames)) return { ok: false, problem: 'frames: expected an array' };
  const checked: Frame[] = [];
  for (let i = 0; i < frames.length; i++) {
    const r = checkFrame(frames[i]);
    if (!r.ok) return { ok: false, problem: `frames[${i}]: ${r.problem}` };
    checked.push(r.frame);
  }
  if (snapshot && isInt(endSeq)) return { ok: true, msg: { type: 'frames/snapshot', sessionId, frames: checked, endSeq, ...(more !== undefined && { more: more as boolean }) } };
  return { ok: true, msg: { type: 'frames/append', sessionId, frames: checked } };
}

/** Checks a frames message in the compact binary form, with the same rules as the JSON form. */
export function checkFramesChunk(buffer: ArrayBuffer): FramesCheck {
  const decoded = decodeFramesChunk(buffer);
  if (!decoded.ok) return { ok: false, problem: decoded.problem };
  return checkFramesMessage(decoded.msg)!;
}
