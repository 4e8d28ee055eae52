/**
 * `subscriptions/listen` streams (basic/patterns/subscriptions): each is one long-lived request,
 * acknowledged by `notifications/subscriptions/acknowledged`, whose notifications carry its
 * JSON-RPC id in `_meta["io.modelcontextprotocol/subscriptionId"]`. The sequence diagram draws each
 * as a lane of its own; the modern.* rules judge the acknowledgement and the tags.
 */
import { idKey } from './calls';

export interface ListenStream {
  /** The `subscriptions/listen` request and its id (the subscription id). */
  requestSeq: number;
  id: string | number;
  /** The notification filter the client asked for, and the one the server acknowledged. */
  requested: unknown;
  acknowledged?: unknown;
  ackSeq?: number;
  /** Every notification tagged with this subscription, the acknowledgement included. */
  notifications: number[];
}

export class ListenIndex {
  /** In the order the streams were opened. */
  readonly all: ListenStream[] = [];
  private readonly byId = new Map<string, ListenStream>();
  private readonly bySeq = new Map<number, ListenStream>();

  open(requestSeq: number, id: unknown, requested: unknown): void {
    const key = idKey(id);
    if (key === undefined) return;
    const stream: ListenStream = { requestSeq, id: id as string | number, requested, notifications: [] };
    this.all.push(stream);
    this.byId.set(key, stream);
    this.bySeq.set(requestSeq, stream);
  }

  /** The stream a subscription id names (the newest listen request with that id). */
  byTag(tag: unknown): ListenStream | undefined {
    const key = idKey(tag);
    return key === undefined ? undefined : this.byId.get(key);
  }

  /** A notification tagged `tag` arrived on frame `seq`. */
  notified(tag: unknown, seq: number, acknowledged?: unknown): void {
    const stream = this.byTag(tag);
    if (!stream) return;
    stream.notifications.push(seq);
    if (acknowledged !== undefined && stream.ackSeq === undefined) {
      stream.ackSeq = seq;
      stream.acknowledged = acknowledged;
    }
    this.bySeq.set(seq, stream);
  }

  /** The stream a frame belongs to: its listen request or one of its notifications. */
  streamAt(seq: number): ListenStream | undefined {
    return this.bySeq.get(seq);
  }
}
