/** One row of the sequence diagram, as lib/view/sequence-model.ts builds it and row-label.ts names it. */
import type { Direction, Lane } from '../mcp/frame';
import type { JsonRpcId } from '../mcp/classify';

export type RowKind = 'request' | 'response' | 'error' | 'notification' | 'invalid' | 'batch' | 'stderr' | 'lifecycle' | 'http';

export interface SeqRow {
  index: number;
  seq: number;
  ts: number;
  dir: Direction;
  lane: Lane;
  /** The frame's channel: undefined for the session's own, `app:<n>` for an MCP App's bridge. */
  channel?: string;
  kind: RowKind;
  method?: string;
  id?: JsonRpcId;
  /** Plain text; the view renders it as text, never as markup. */
  label: string;
  /** On a request: its response's seq; on a response: its request's seq. */
  pairSeq?: number;
  latencyUs?: number;
  /** The request this row sits under: a server request sent during a client request, a progress
   *  notification under the request that carries its token, or the response of a nested request. */
  parentSeq?: number;
  depth: number;
  isProgress?: boolean;
  /** On a request: how many progress notifications it received. */
  progressCount?: number;
  /** On a request: a `notifications/cancelled` named it (seq of that notification). */
  cancelledBy?: number;
  errorCode?: number;
  /** A round of a multi-round-trip call (1-based): rounds after the first sit under the first. */
  round?: number;
  /** On the first round's request: how many rounds the logical call took so far. */
  rounds?: number;
  /** A notification on a subscriptions/listen stream: the listen request's seq. */
  subscription?: number;
  /** A tasks/* request or its answer: the seq of the call that created the task (folded with progress). */
  pollOf?: number;
  /** On a call that created a task: how many tasks/* requests named it. */
  polls?: number;
  /** A forwarded call (lib/model/forwards.ts): on an app's request, the seq of the session request
   *  the host sent for it; on that session request, the app request's seq. */
  forward?: number;
}
