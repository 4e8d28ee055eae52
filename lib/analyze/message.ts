/**
 * The analyser's view of one JSON-RPC message. Built once per message from the strict parse, so
 * rules never parse again. `id` is kept as sent (any JSON) so that rules can judge its type.
 */
import type { Direction } from '../mcp/frame';
import { hasOwn, isObj, own, type Obj } from './util';

export type MessageKind = 'request' | 'notification' | 'response' | 'error' | 'unknown';

export interface Message {
  /** The frame the message sits on (the first line of a reassembled message). */
  seq: number;
  /** Every frame that carried it (several for a reassembled message). */
  frames: number[];
  ts: number;
  dir: Exclude<Direction, 'local'>;
  /** The object, or undefined when the element is not an object. */
  obj?: Obj;
  value: unknown;
  kind: MessageKind;
  method?: string;
  hasId: boolean;
  id?: unknown;
  params?: unknown;
  result?: unknown;
  error?: unknown;
  /** Set for elements of a JSON array batch. */
  batch?: { index: number; size: number };
}

export function toMessage(value: unknown, at: Omit<Message, 'value' | 'kind' | 'hasId'>): Message {
  // One object shape for every message keeps the hot path monomorphic.
  const m: Message = {
    seq: at.seq,
    frames: at.frames,
    ts: at.ts,
    dir: at.dir,
    batch: at.batch,
    value,
    obj: undefined,
    kind: 'unknown',
    method: undefined,
    hasId: false,
    id: undefined,
    params: undefined,
    result: undefined,
    error: undefined,
  };
  if (!isObj(value)) return m;
  m.obj = value;
  m.hasId = hasOwn(value, 'id');
  if (m.hasId) m.id = value.id;
  const method = own(value, 'method');
  if (typeof method === 'string') {
    m.method = method;
    m.kind = m.hasId ? 'request' : 'notification';
    m.params = own(value, 'params');
  } else if (hasOwn(value, 'error')) {
    m.kind = 'error';
    m.error = value.error;
    m.result = own(value, 'result');
  } else if (hasOwn(value, 'result')) {
    m.kind = 'response';
    m.result = value.result;
  }
  return m;
}
