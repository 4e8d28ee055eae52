/**
 * The sequence diagram's listen lanes: each subscriptions/listen stream (lib/mcp/listens.ts) is a
 * long-lived lane beside the server, from its acknowledgement to its end, with its tagged
 * notifications on it. Every fact is read from the session model: the stream and its
 * notifications from the listen index, how it ended from the pairing of its request (calls.ts).
 */
import type { SessionModel } from '../model/session-model';

export type ListenLaneState = 'awaiting acknowledgement' | 'listening' | 'ended by cancel' | 'ended by error' | 'stream closed';

export interface ListenLane {
  /** The subscriptions/listen request; its JSON-RPC id is the subscription id. */
  requestSeq: number;
  id: string | number;
  /** Where the lane starts: the acknowledgement, or the request while none has come. */
  startSeq: number;
  acknowledged: boolean;
  /** What ended it (the notifications/cancelled naming it, or its response); open when absent. */
  endSeq?: number;
  state: ListenLaneState;
  /** The tagged notifications after the acknowledgement, in order. */
  notifications: number[];
  /** Side-by-side column: streams open at the same time never share one. */
  column: number;
}

function stateOf(acknowledged: boolean, cancelledSeq: number | undefined, responseSeq: number | undefined, isError: boolean | undefined): ListenLaneState {
  const cancelled = cancelledSeq !== undefined && (responseSeq === undefined || cancelledSeq < responseSeq);
  if (cancelled) return 'ended by cancel';
  if (responseSeq !== undefined) return isError ? 'ended by error' : 'stream closed';
  return acknowledged ? 'listening' : 'awaiting acknowledgement';
}

/** Every listen stream of the session as a lane, in the order they were opened. */
export function listenLanes(session: SessionModel): ListenLane[] {
  const columnsEnd: Array<number | undefined> = [];
  return session.state.listens.all.map((stream) => {
    const call = session.calls.callAt(stream.requestSeq);
    const acknowledged = stream.ackSeq !== undefined;
    const state = stateOf(acknowledged, call?.cancelledSeq, call?.responseSeq, call?.isError);
    const endSeq = state === 'ended by cancel' ? call?.cancelledSeq : call?.responseSeq;
    const startSeq = stream.ackSeq ?? stream.requestSeq;
    // The first column whose stream ended before this one started; open streams keep theirs.
    let column = columnsEnd.findIndex((end) => end !== undefined && end < startSeq);
    if (column < 0) column = columnsEnd.length;
    columnsEnd[column] = endSeq;
    const notifications = stream.notifications.filter((seq) => seq !== stream.ackSeq);
    return { requestSeq: stream.requestSeq, id: stream.id, startSeq, acknowledged, endSeq, state, notifications, column };
  });
}

/** How the lane names itself, to people and to assistive technology. */
export function listenLaneLabel(lane: ListenLane): string {
  const n = lane.notifications.length;
  return `Listen stream #${lane.requestSeq} (id ${JSON.stringify(lane.id)}): ${lane.state}, ${n} notification${n === 1 ? '' : 's'}`;
}

/** The short caption written at the lane's start. */
export function listenLaneCaption(lane: ListenLane): string {
  return `listen #${lane.requestSeq} · ${lane.state}`;
}
