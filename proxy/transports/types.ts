/**
 * The contract between a transport and the recorder. A transport moves bytes and reports every
 * crossing, valid or not, to `record` before anything parses it: what a parser would drop is
 * exactly what the inspector must show.
 */
import type { DistributiveOmit, Frame } from '../../lib/mcp/frame';

/** A frame before the recorder numbers it: `ts` is microseconds on the session clock when the
 *  bytes were seen (see SessionClock); the lane decides which meta it may carry. */
export type Crossing = DistributiveOmit<Frame, 'seq'>;

/** What a recorder does with a crossing: stores it as a Frame and hands the Frame back
 *  (undefined only from a transport that forwards to a parent with no recorder attached). */
export type RecordCrossing = (c: Crossing) => Frame | undefined;

/** Per-message extras a transport may honour (the stdio transport has no use for them). */
export interface SendOptions {
  /** HTTP: request headers derived from this message (2026-07-28: Mcp-Method, Mcp-Name, ...). */
  headers?: Record<string, string>;
  /** HTTP: aborting closes this message's response stream (how a listen ends over HTTP). */
  signal?: AbortSignal;
  /** HTTP: told when the answer to this message's requests can no longer come (its response
   *  stream ended without it and cannot be resumed), so the caller stops waiting at once. */
  onUnanswerable?: (reason: string) => void;
}

export interface WireTransport {
  /** Opens the connection (spawns the process, or connects). Rejects with a clear message. */
  start(): Promise<void>;
  /** Writes one message exactly as given (no re-serialisation) and records it. */
  send(text: string, options?: SendOptions): Promise<void>;
  /** Ends the connection gracefully, then forcefully; resolves when nothing is left running. */
  close(): Promise<void>;
  /** Every crossing, in wire order. The recorder answers with the Frame it made, so a transport
   *  links frames by their real seq (HTTP: a message to its exchange, `meta.exchange`). */
  onCrossing?: RecordCrossing;
  /** Each JSON-RPC message that parsed, with the frame that recorded it (for the MCP client on
   *  top). A transport with no recorder attached records nothing and so delivers nothing. */
  onMessage?: (frame: Frame, json: unknown) => void;
  /** The connection ended by itself (process exit, stream gone). */
  onClosed?: (reason: string) => void;
}
