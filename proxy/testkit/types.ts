/** The options and results of the test kit, shared by its modules and mirrored in test/index.d.ts. */
import type { Severity } from '../../lib/analyze';

export type McpServerOption =
  | { command: string; args?: string[]; env?: Record<string, string>; cwd?: string }
  | { url: string; headers?: Record<string, string>; mode?: 'streamable' | 'sse' | 'auto' };

export type ServerRequestAnswer = Record<string, unknown> | { error: { code: number; message: string; data?: unknown } };
/** A fixed answer, or a function of the request's params. */
export type ServerRequestPolicy = ServerRequestAnswer | ((params: unknown) => ServerRequestAnswer | Promise<ServerRequestAnswer>);

export interface ConnectOptions {
  protocolVersion?: string;
  /** legacy (the initialize handshake, default), modern (2026-07-28: server/discover, `_meta` on
   *  every request) or auto (the dual-era probe). */
  era?: 'legacy' | 'modern' | 'auto';
  clientCapabilities?: Record<string, unknown>;
  /** How long to wait for the session to be ready (ms, default 30 000). */
  timeoutMs?: number;
}

export interface TestFinding {
  rule: string;
  severity: Severity;
  /** The frame it sits on (sequence number). */
  frame: number;
  message: string;
}

export interface RequestOptions {
  timeoutMs?: number;
}
