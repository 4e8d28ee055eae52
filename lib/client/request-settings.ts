/**
 * A connection's client settings (lib/wire/connection.ts) applied to one request: what the caller
 * chose wins, the connection's settings fill the rest, and `_meta` is merged key by key (the
 * request's own keys, such as a progress token, win over the connection's).
 */
import type { ClientSettings } from '../wire/connection';
import { DEFAULT_TIMEOUT_MS } from '../mcp/calls';

/** What applies when neither the call nor the connection says (the proxy's correlator defaults).
 *  The request timeout is the analyser's default too, so both speak of the same wait. */
export const DEFAULT_TIMEOUTS = { requestTimeoutMs: DEFAULT_TIMEOUT_MS, resetTimeoutOnProgress: true, maxTotalTimeoutMs: 600_000 } as const;

/** The one request timeout of a session: what its client waits for a request that names no
 *  other, and so what the analyser's `timing.no-response` judges with. */
export function sessionTimeoutMs(s: ClientSettings | undefined, fallback: number = DEFAULT_TIMEOUT_MS): number {
  return s?.requestTimeoutMs ?? fallback;
}

export interface TimeoutPolicy {
  timeoutMs?: number;
  resetTimeoutOnProgress?: boolean;
  maxTotalMs?: number;
}

export function withSettings<P extends TimeoutPolicy>(policy: P, s: ClientSettings | undefined): P {
  if (!s) return policy;
  return {
    ...policy,
    ...(policy.timeoutMs === undefined && s.requestTimeoutMs !== undefined ? { timeoutMs: s.requestTimeoutMs } : {}),
    ...(policy.resetTimeoutOnProgress === undefined && s.resetTimeoutOnProgress !== undefined ? { resetTimeoutOnProgress: s.resetTimeoutOnProgress } : {}),
    ...(policy.maxTotalMs === undefined && s.maxTotalTimeoutMs !== undefined ? { maxTotalMs: s.maxTotalTimeoutMs } : {}),
  };
}

export function withMeta(params: Record<string, unknown> | undefined, meta: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!meta || Object.keys(meta).length === 0) return params;
  const own = params?._meta && typeof params._meta === 'object' && !Array.isArray(params._meta) ? (params._meta as Record<string, unknown>) : {};
  return { ...(params ?? {}), _meta: { ...meta, ...own } };
}
