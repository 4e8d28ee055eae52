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
  return checkFrames(json as Envelope, (frames) => {
    const checked: Frame[] = [];
    for (let i = 0; i < frames.length; i++) {
      const r = checkFrame(frames[i]);
      if (!r.ok) return `frames[${i}]: ${r.problem}`;
      checked.push(r.frame);
    }
    return checked;
  });
}

/** The envelope's rules, then the frames' check, which gives the frames or the problem. */
type Envelope = { type: FramesMessage['type']; sessionId?: unknown; frames?: unknown; endSeq?: unknown; more?: unknown };

function checkFrames(json: Envelope, check: (frames: unknown[]) => Frame[] | string): FramesCheck {
  const { sessionId, frames, endSeq, more } = json;
  if (typeof sessionId !== 'string' || sessionId.length < 1 || sessionId.length > 100)
    return { ok: false, problem: 'sessionId: expected a string of 1 to 100 characters' };
  const snapshot = json.type === 'frames/snapshot';
  if (snapshot && (!isInt(endSeq) || endSeq < 0)) return { ok: false, problem: 'endSeq: expected a non-negative integer' };
  if (snapshot && more !== undefined && typeof more !== 'boolean') return { ok: false, problem: 'more: expected a boolean' };
  if (!Array.isArray(frames)) return { ok: false, problem: 'frames: expected an array' };
  const checked = check(frames);
  if (typeof checked === 'string') return { ok: false, problem: checked };
  if (snapshot && isInt(endSeq))
    return { ok: true, msg: { type: 'frames/snapshot', sessionId, frames: checked, endSeq, ...(more !== undefined && { more: more as boolean }) } };
  return { ok: true, msg: { type: 'frames/append', sessionId, frames: checked } };
}

/**
 * Checks a frames message in the compact binary form, with the same rules as the JSON form.
 *
 * Frames of one shape differ only in seq, ts, size and raw, and no rule of FrameSchema ties one
 * field to another, so a frame is valid exactly when its numbers are and its shape's first frame
 * is: the one validator runs on that first frame, and the numbers of the others get the schema's
 * rules for them (positive and non-negative safe integers, a finite number). A frame that fails
 * them goes through the validator too, for its problem in the same words. frames-message.test.ts
 * checks both forms agree on generated messages.
 */
export function checkFramesChunk(buffer: ArrayBuffer): FramesCheck {
  const decoded = decodeFramesChunk(buffer);
  if (!decoded.ok) return { ok: false, problem: decoded.problem };
  const { msg, shapeOf } = decoded;
  return checkFrames(msg, (frames) => {
    const shapeChecked: boolean[] = [];
    for (let i = 0; i < frames.length; i++) {
      const f = frames[i] as { seq: number; ts: number; size: number; raw: unknown };
      // raw too: a frame whose text is missing from the texts takes its shape's, which may have none.
      if (
        shapeChecked[shapeOf[i]] &&
        typeof f.raw === 'string' &&
        Number.isSafeInteger(f.seq) &&
        f.seq > 0 &&
        Number.isFinite(f.ts) &&
        Number.isSafeInteger(f.size) &&
        f.size >= 0
      )
        continue;
      const r = checkFrame(f);
      if (!r.ok) return `frames[${i}]: ${r.problem}`;
      shapeChecked[shapeOf[i]] = true;
    }
    return frames as Frame[];
  });
}
