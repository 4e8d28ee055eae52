/**
 * A Frame is one crossing of the wire, exactly as recorded. Frames are append-only: everything
 * derived from them (parsed JSON, pairs, latency, annotations) lives beside them, never inside.
 */

/** Who sent it. `local` marks what the recorder itself observed (a process started or exited). */
export type Direction = 'c2s' | 's2c' | 'local';

/** `message`: JSON-RPC traffic (or what should have been); `stderr`: server logs;
 *  `http`: an HTTP exchange; `lifecycle`: process and connection events. */
export type Lane = 'message' | 'stderr' | 'http' | 'lifecycle';

export interface StdioMeta {
  transport: 'stdio';
  /** Set when the line ended in `\r\n`; the `\r` is not part of `raw`. */
  crlf?: boolean;
}

export interface LifecycleMeta {
  transport: 'stdio' | 'http';
  /** `note`: a line a host logged about its own doing, kept from an imported host log. */
  event: 'spawn' | 'spawn-error' | 'exit' | 'connect' | 'disconnect' | 'stdin-closed' | 'signal' | 'note';
  pid?: number;
  command?: string;
  args?: string[];
  code?: number | null;
  signal?: string | null;
  error?: string;
}

export interface HttpMeta {
  transport: 'http';
  /** Links message frames read from a body to the exchange frame that carried them. */
  exchange?: number;
  [key: string]: unknown;
}

export type FrameMeta = StdioMeta | LifecycleMeta | HttpMeta;

export interface Frame {
  /** 1-based, dense, per session. */
  seq: number;
  /** Microseconds since the session's origin, monotonic, taken at the wire. */
  ts: number;
  dir: Direction;
  lane: Lane;
  /** The exact text that crossed (for stdio: one line without its `\n`). Invalid UTF-8 is
   *  decoded with U+FFFD and flagged by `invalidUtf8`; `rawBase64` then holds the exact bytes. */
  raw: string;
  /** Bytes on the wire, before any truncation. */
  size: number;
  /** Present when the recorder kept only the first bytes of an oversized line. */
  truncated?: boolean;
  invalidUtf8?: boolean;
  rawBase64?: string;
  meta?: FrameMeta;
}

/** Human text for a direction, used by tables and exports. */
export function directionLabel(dir: Direction): string {
  return dir === 'c2s' ? 'client → server' : dir === 's2c' ? 'server → client' : 'local';
}
