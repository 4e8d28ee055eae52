/** A call's shape (calls.ts pairs them): its own file, so answered-runs.ts and calls.ts both name it without a cycle. */

export type Sender = 'c2s' | 's2c';

export interface Call {
  /** The frame the request message sits on (the first line of a reassembled message). */
  seq: number;
  ts: number;
  dir: Sender;
  id: string | number;
  method: string;
  params?: unknown;
  responseSeq?: number;
  responseTs?: number;
  isError?: boolean;
  /** `error.code` of an error response. */
  errorCode?: number;
  /** The `notifications/cancelled` that named it, and when. */
  cancelledSeq?: number;
  cancelledTs?: number;
  progressToken?: string | number;
  /** How many `notifications/progress` carried its token while it was open. */
  progressCount: number;
  /** Set once it was found overdue, so a clock tick reports it once. */
  timedOut?: boolean;
  /** The transport refused the request before it reached a session (an HTTP 4xx to the POST that
   *  carried it): it is not open, and is never overdue. */
  refused?: boolean;
  /** Open by design (a `subscriptions/listen` stream lives until someone closes it): never overdue. */
  longLived?: boolean;
}

/**
 * A call as its request makes it: every field present from the start (the rest undefined), so
 * that every call has one shape for the engine however it is filled in later.
 */
export function requestCall(seq: number, ts: number, dir: Sender, id: string | number, method: string, params: unknown, longLived: boolean | undefined): Call {
  return {
    seq,
    ts,
    dir,
    id,
    method,
    params,
    responseSeq: undefined,
    responseTs: undefined,
    isError: undefined,
    errorCode: undefined,
    cancelledSeq: undefined,
    cancelledTs: undefined,
    progressToken: undefined,
    progressCount: 0,
    timedOut: undefined,
    refused: undefined,
    longLived,
  };
}
