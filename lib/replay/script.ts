/**
 * A recorded session turned into what a replay server needs: each message the client sent (by
 * method and params) with what the server sent back for it, in recorded order.
 *
 * What belongs to a client message: the response with its id, and every other server message
 * (notifications, server requests) that came after it and before the client's next request or
 * notification. Responses the client sent to server requests do not end that window: a tool that
 * asks for roots still gets its later notifications. Server messages that follow a notification
 * (server-everything asks for roots after `notifications/initialized`) belong to that notification.
 */
import { classifyFrame, type JsonRpcId } from '../mcp/classify';
import type { Frame } from '../mcp/frame';

import type { JsonObject } from '../mcp/json';
import { nestsDeeperThan, tooDeep } from '../mcp/json-depth';

export type { JsonObject };

export interface RecordedReply {
  /** The server message as recorded (a response still carries the recorded id). */
  message: JsonObject;
  /** True for the response to the client message this reply belongs to. */
  isResponse: boolean;
}

export interface RecordedExchange {
  kind: 'request' | 'notification';
  method: string;
  params: unknown;
  /** The frame the client message was recorded in. */
  seq: number;
  /** The server's messages for it, in recorded order. */
  replies: RecordedReply[];
}

export interface ReplayScript {
  exchanges: RecordedExchange[];
}

/** A recording a replay cannot serve; the message names the frame. */
export class ReplayScriptError extends Error {
  override name = 'ReplayScriptError';
}

type Parsed = { frame: Frame; kind: string; json: JsonObject; method?: string; id?: JsonRpcId };

function parseMessages(frames: readonly Frame[]): Parsed[] {
  const out: Parsed[] = [];
  for (const frame of frames) {
    if (frame.lane !== 'message' || frame.dir === 'local') continue;
    const c = classifyFrame(frame);
    // Matching a request walks its params and answering sends the replies, both recursively:
    // refused here, so the replay never starts with a message that would overflow the stack later.
    if (nestsDeeperThan(c.json)) {
      throw new ReplayScriptError(
        `frame ${frame.seq} holds a message ${tooDeep()}; a replay can neither match nor send it (remove that frame from the trace to replay the rest)`,
      );
    }
    // A batch is replayed element by element: each one is matched on its own.
    const values = c.kind === 'batch' ? (c.json as unknown[]) : [c.json];
    for (const v of values) {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) continue;
      const json = v as JsonObject;
      const id = typeof json.id === 'string' || typeof json.id === 'number' ? json.id : undefined;
      const method = typeof json.method === 'string' ? json.method : undefined;
      const kind = method !== undefined ? (id !== undefined ? 'request' : 'notification') : 'error' in json || 'result' in json ? 'response' : 'invalid';
      out.push({ frame, kind, json, method, id });
    }
  }
  return out;
}

/** Throws ReplayScriptError for a recording it cannot serve. */
export function buildReplayScript(frames: readonly Frame[]): ReplayScript {
  const messages = parseMessages(frames);
  const exchanges: RecordedExchange[] = [];
  /** Requests still waiting for their response, by id (ids are reused across a session). */
  const waiting = new Map<string, RecordedExchange>();
  let current: RecordedExchange | undefined;
  for (const m of messages) {
    if (m.frame.dir === 'c2s') {
      if (m.kind !== 'request' && m.kind !== 'notification') continue;
      current = { kind: m.kind, method: m.method!, params: m.json.params, seq: m.frame.seq, replies: [] };
      exchanges.push(current);
      if (m.kind === 'request') waiting.set(JSON.stringify(m.id), current);
      continue;
    }
    if (m.kind === 'response') {
      const key = JSON.stringify(m.id);
      const owner = waiting.get(key);
      if (owner) {
        waiting.delete(key);
        owner.replies.push({ message: m.json, isResponse: true });
      }
      continue;
    }
    if (m.kind === 'request' || m.kind === 'notification') current?.replies.push({ message: m.json, isResponse: false });
  }
  return { exchanges };
}
