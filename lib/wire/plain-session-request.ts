/**
 * The page's most frequent message, `session/request` (every Ping, every completion), read
 * without zod. The page socket checks every message against PageMessageSchema, and for this one
 * that check was a tenth of the proxy's own time on a ping's path. This reader is only a faster
 * way to the same answer: when it returns a message, the schema accepts the same object and its
 * parse equals the value returned (plain-session-request.test.ts holds it to that). Anything it is
 * not sure of (an unknown key, a string the schema might count differently, a `__proto__` key the
 * schema's parse drops) returns undefined, and the schema decides, with its error messages.
 */
import type { PageMessage } from './protocol';

type SessionRequest = Extract<PageMessage, { type: 'session/request' }>;

const KEYS = new Set(['type', 'rid', 'sessionId', 'method', 'params', 'timeoutMs', 'resetTimeoutOnProgress', 'maxTotalMs']);

/** A string whose UTF-16 length is within bounds: the schema, which counts code points, agrees. */
function boundedString(v: unknown, min: number, max: number): boolean {
  return typeof v === 'string' && v.length >= min && v.length <= max;
}

function positiveInteger(v: unknown): boolean {
  return v === undefined || (typeof v === 'number' && Number.isSafeInteger(v) && v > 0);
}

function plainParams(v: unknown): boolean {
  if (v === undefined) return true;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  return Object.getPrototypeOf(v) === Object.prototype && !Object.hasOwn(v, '__proto__');
}

export function plainSessionRequest(json: unknown): SessionRequest | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const m = json as Record<string, unknown>;
  if (m.type !== 'session/request' || Object.getPrototypeOf(m) !== Object.prototype) return undefined;
  for (const key in m) if (!KEYS.has(key)) return undefined;
  if (m.rid !== undefined && !boundedString(m.rid, 0, 100)) return undefined;
  if (!boundedString(m.sessionId, 1, 100) || !boundedString(m.method, 1, 1000) || !plainParams(m.params)) return undefined;
  if (!positiveInteger(m.timeoutMs) || !positiveInteger(m.maxTotalMs)) return undefined;
  if (m.resetTimeoutOnProgress !== undefined && typeof m.resetTimeoutOnProgress !== 'boolean') return undefined;
  return m as SessionRequest;
}
