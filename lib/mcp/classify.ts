/**
 * Reads a frame's raw text as JSON-RPC, tolerantly: never throws, and says what it found.
 * The analyser judges validity; this only sorts frames for tables and pairing.
 */
import type { Frame } from './frame';
import { isObject } from './json';

export type MessageKind = 'request' | 'notification' | 'response' | 'error' | 'batch' | 'invalid' | 'other';

export type JsonRpcId = string | number;

export interface Classified {
  kind: MessageKind;
  /** The parsed value when the raw text parses as JSON. */
  json?: unknown;
  method?: string;
  id?: JsonRpcId;
  /** A short reason when `kind` is `invalid`. */
  problem?: string;
}

export function classifyValue(json: unknown): Classified {
  if (Array.isArray(json)) return { kind: 'batch', json };
  if (!isObject(json)) return { kind: 'invalid', json, problem: 'not a JSON object' };
  const id = typeof json.id === 'string' || typeof json.id === 'number' ? json.id : undefined;
  if (typeof json.method === 'string') {
    return 'id' in json ? { kind: 'request', json, method: json.method, id } : { kind: 'notification', json, method: json.method };
  }
  if ('error' in json) return { kind: 'error', json, id };
  if ('result' in json) return { kind: 'response', json, id };
  return { kind: 'invalid', json, id, problem: 'neither a request, a notification nor a response' };
}

export function classifyText(raw: string): Classified {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (e) {
    return { kind: 'invalid', problem: `not JSON: ${(e as Error).message}` };
  }
  return classifyValue(json);
}

/** Only message-lane frames are JSON-RPC; the others are classified as `other`. */
export function classifyFrame(frame: Frame): Classified {
  // A frame past the session's byte budget kept no text: there is nothing to judge.
  if (frame.lane !== 'message' || frame.textDropped) return { kind: 'other' };
  return classifyText(frame.raw);
}
