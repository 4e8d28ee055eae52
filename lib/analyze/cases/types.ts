/** A rule's test case: a minimal trace that triggers it and a near miss that must not. */
import type { Frame } from '../../mcp/frame';

export interface RuleCase {
  rule: string;
  /** What the case shows (the test name). */
  name: string;
  trigger: () => Frame[];
  nearMiss: () => Frame[];
  /** Frames the first annotation must point at, first is the frame it sits on. */
  frames?: number[];
  options?: { slowMs?: number; timeoutMs?: number };
}

export const req = (id: unknown, method: string, params?: unknown) => ({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
export const note = (method: string, params?: unknown) => ({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
export const res = (id: unknown, result: unknown = {}) => ({ jsonrpc: '2.0', id, result });
export const err = (id: unknown, code = -32601, message = 'Method not found') => ({ jsonrpc: '2.0', id, error: { code, message } });
