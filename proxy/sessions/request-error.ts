/**
 * Why a request did not get a result: the server answered with a JSON-RPC error, or Loupe gave up
 * (timeout, cancellation, the session ended). `code` follows JSON-RPC and the MCP SDK's numbering.
 */
export class RequestError extends Error {
  /** `local`: Loupe gave up (timeout, cancel, closed); otherwise the server answered with this error. */
  constructor(
    message: string,
    readonly code?: number,
    readonly data?: unknown,
    readonly local = false,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** The MCP SDK's code for a request that timed out (ErrorCode.RequestTimeout). */
export const REQUEST_TIMEOUT = -32001;
/** The MCP SDK's code for a connection that closed under a request (ErrorCode.ConnectionClosed). */
export const CONNECTION_CLOSED = -32000;
/** Loupe's own code for a request the caller cancelled; outside the reserved JSON-RPC range. */
export { REQUEST_CANCELLED } from '../../lib/wire/client-state';
