/**
 * The contract between a transport and the recorder. A transport moves bytes and reports every
 * crossing, valid or not, to `record` before anything parses it: what a parser would drop is
 * exactly what the inspector must show.
 */
import type { DistributiveOmit, Frame } from '../../lib/mcp/frame';

/** A frame before the recorder numbers it: `ts` is microseconds on the session clock when the
 *  bytes were seen (see SessionClock); the lane decides which meta it may carry. */
export type Crossing = DistributiveOmit<Frame, 'seq'>;

export interface WireTransport {
  /** Opens the connection (spawns the process, or connects). Rejects with a clear message. */
  start(): Promise<void>;
  /** Writes one message exactly as given (no re-serialisation) and records it. */
  send(text: string): Promise<void>;
  /** Ends the connection gracefully, then forcefully; resolves when nothing is left running. */
  close(): Promise<void>;
  /** Every crossing, in wire order. The recorder answers the seq it gave the frame: the HTTP
   *  transports link message frames to their exchange by it (`meta.exchange`). */
  onCrossing?: (c: Crossing) => number | void;
  /** Each JSON-RPC message that parsed, after it was recorded (for the MCP client on top). */
  onMessage?: (text: string, json: unknown) => void;
  /** The connection ended by itself (process exit, stream gone). */
  onClosed?: (reason: string) => void;
}
