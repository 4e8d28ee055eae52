/**
 * Places the model's rows: which rows are shown (progress may be folded into its request), where
 * each lane sits, the shape of each row's arrow and the activation bars of requests in flight.
 */
import { RowOffsets, DEFAULT_OFFSETS, type OffsetOptions } from './row-offsets';
import type { SequenceModel, SeqRow } from './sequence-model';
import { listenLanes, type ListenLane } from './listen-lanes';
import { channelLabel } from '../mcp/channel';

export interface LayoutOptions extends OffsetOptions {
  /** Hide progress notifications; their request shows the count instead. */
  collapseProgress: boolean;
}

export const DEFAULT_LAYOUT: LayoutOptions = { ...DEFAULT_OFFSETS, collapseProgress: false };

export class SequenceLayout {
  readonly offsets: RowOffsets;
  /** Model row index for each shown position. */
  private readonly indexAt: number[] = [];
  private readonly positionOf: number[] = [];
  private synced = 0;

  constructor(
    readonly model: SequenceModel,
    readonly options: LayoutOptions = DEFAULT_LAYOUT,
  ) {
    this.offsets = new RowOffsets(options);
    this.sync();
  }

  /** Takes in the rows the model gained since the last call. */
  sync(): void {
    const rows = this.model.rows;
    for (; this.synced < rows.length; this.synced++) {
      const row = rows[this.synced];
      if (this.options.collapseProgress && row.isProgress) {
        this.positionOf.push(-1);
        continue;
      }
      this.positionOf.push(this.indexAt.length);
      this.indexAt.push(row.index);
      this.offsets.push(row.ts);
    }
  }

  get length(): number {
    return this.indexAt.length;
  }

  rowAt(position: number): SeqRow {
    return this.model.rows[this.indexAt[position]];
  }

  /** The shown position of a frame, or -1 when it is folded away or unknown. */
  positionOfSeq(seq: number): number {
    const row = this.model.row(seq);
    return row ? (this.positionOf[row.index] ?? -1) : -1;
  }

  /** Request spans to draw as activation bars over positions first..last. */
  spans(first: number, last: number): Span[] {
    if (last < first) return [];
    const seqs = new Set(this.model.openAt(this.rowAt(first).index));
    for (let p = first; p <= last; p++) {
      const r = this.rowAt(p);
      if (r.kind === 'request' && r.id !== undefined && r.dir !== 'local') seqs.add(r.seq);
    }
    const out: Span[] = [];
    for (const seq of seqs) {
      // A listen stream is drawn as a lane of its own (listenLanes), not as an activation bar.
      if (this.model.session.callAt(seq)?.longLived) continue;
      const req = this.model.row(seq)!;
      const from = this.positionOf[req.index];
      const to = req.pairSeq === undefined ? -1 : this.positionOfSeq(req.pairSeq);
      out.push({ requestSeq: seq, dir: req.dir, channel: req.channel, depth: req.depth, from, to, answered: req.pairSeq !== undefined });
    }
    return out;
  }

  /** Forwarded calls that cross positions first..last: the app's request and the host's request
   *  for it (-1: folded away), drawn as a link down the host's lifeline. */
  forwards(first: number, last: number): ForwardMark[] {
    if (last < first) return [];
    const out: ForwardMark[] = [];
    const seen = new Set<number>();
    for (let p = first; p <= last; p++) {
      const r = this.rowAt(p);
      if (r.forward === undefined || r.kind !== 'request') continue;
      const [appSeq, sessionSeq] = r.channel !== undefined ? [r.seq, r.forward] : [r.forward, r.seq];
      if (seen.has(appSeq)) continue;
      seen.add(appSeq);
      out.push({ appSeq, sessionSeq, from: this.positionOfSeq(appSeq), to: this.positionOfSeq(sessionSeq) });
    }
    return out;
  }

  /** Where a layer drawn behind positions first..last sits: its top (one row above the first, so
   *  bars entering the window are drawn), its height, and the y of a position's centre in it. */
  layerBox(first: number, last: number): { top: number; height: number; y(position: number): number } {
    const o = this.offsets;
    const h = this.options.rowHeight;
    const top = o.top(first) - (first > 0 ? h : 0);
    return { top, height: o.top(last) + h - top, y: (p) => o.top(p) - top + h / 2 };
  }

  /** Listen lanes that cross positions first..last, with where they start and end (-1: still open). */
  listenLanes(first: number, last: number): PlacedListenLane[] {
    if (last < first) return [];
    const out: PlacedListenLane[] = [];
    for (const lane of listenLanes(this.model.session)) {
      const from = this.positionOfSeq(lane.startSeq);
      const to = lane.endSeq === undefined ? -1 : this.positionOfSeq(lane.endSeq);
      if (from < 0 || from > last || (to >= 0 && to < first)) continue;
      const marks = lane.notifications.map((seq) => this.positionOfSeq(seq)).filter((p) => p >= first && p <= last);
      out.push({ lane, from, to, marks });
    }
    return out;
  }
}

export interface PlacedListenLane {
  lane: ListenLane;
  /** Positions of its start and of its end (-1: open at the end of the trace). */
  from: number;
  to: number;
  /** Positions of its notifications inside the window. */
  marks: number[];
}

export interface ForwardMark {
  appSeq: number;
  sessionSeq: number;
  /** Positions of the app's request and of the host's (-1: not shown). */
  from: number;
  to: number;
}

export interface Span {
  requestSeq: number;
  dir: SeqRow['dir'];
  /** The request's channel: an app's bar sits on the app's or the host's lifeline. */
  channel?: string;
  depth: number;
  /** Position of the request and of its response (-1: not answered yet). */
  from: number;
  to: number;
  answered: boolean;
}

export type LaneName = 'lifecycle' | 'client' | 'server' | 'stderr' | 'http';
export const LANE_ORDER: LaneName[] = ['lifecycle', 'client', 'server', 'stderr', 'http'];
export const LANE_TITLES: Record<LaneName, string> = { lifecycle: 'lifecycle', client: 'client', server: 'server', stderr: 'stderr', http: 'http' };

/** Where each lifeline sits: the fixed lanes, and one column per MCP App (its channel's), between
 *  the lifecycle lane and the client, which is then the apps' host. */
export interface Lanes extends Record<LaneName, number> {
  apps: readonly AppLane[];
}

export interface AppLane {
  channel: string;
  x: number;
  /** `App #n`. */
  title: string;
}

/** The title of a fixed lane: with apps on the page, the client is their host. */
export function laneTitle(lane: LaneName, lanes: Lanes): string {
  return lane === 'client' && lanes.apps.length ? 'host' : LANE_TITLES[lane];
}

/** The x of an app channel's column (the lifecycle lane for a channel the lanes do not know). */
export function appLaneX(lanes: Lanes, channel: string): number {
  return lanes.apps.find((a) => a.channel === channel)?.x ?? lanes.lifecycle;
}

/** Narrower than this, the diagram scrolls sideways instead of squeezing its lanes. */
export const MIN_DIAGRAM_WIDTH = 400;

export function diagramWidth(available: number): number {
  return Math.max(available, MIN_DIAGRAM_WIDTH);
}

/** Lane centres for a diagram `width` pixels wide (the seq column and severity dot take the
 *  first 56). Side lanes sit closer together when space is short. Each app channel takes a column
 *  left of the client (its host), so the bridge is drawn app <-> host and the session host <->
 *  server; the client moves right by as much, keeping at least half the room for the session. */
export function laneXs(width: number, appChannels: readonly string[] = []): Lanes {
  const w = diagramWidth(width);
  const side = w < 800 ? 48 : 90;
  const server = w - 2 * side - 24;
  const n = appChannels.length;
  const step = n ? Math.max(56, Math.min(140, Math.floor((server - 150) / (2 * n)))) : 0;
  const apps = appChannels.map((channel, i) => ({ channel, x: 150 + i * step, title: channelLabel(channel) }));
  return { lifecycle: 80, client: 150 + n * step, server, stderr: w - side - 20, http: w - 20, apps };
}

/** The x of a request's activation bar: on the lifeline of the side that answers it. */
export function spanX(span: Span, lanes: Lanes): number {
  if (span.channel !== undefined) return span.dir === 'c2s' ? lanes.client - 6 : appLaneX(lanes, span.channel) + 6;
  return span.dir === 'c2s' ? lanes.server - span.depth * NEST_STEP : lanes.client + span.depth * NEST_STEP;
}

export interface RowShape {
  /** `arrow` between two lanes, or `mark` on one lane. */
  type: 'arrow' | 'mark';
  x1: number;
  x2: number;
  dashed: boolean;
  head: 'filled' | 'open' | 'cross' | 'none';
  /** Where the label starts, and which way it runs. */
  labelX: number;
  labelAnchor: 'start' | 'end';
}

export const NEST_STEP = 10;

/** The x of a listen lane: beside the server's lifeline, one column per stream open at once, kept
 *  short of the stderr lane. */
export function listenLaneX(column: number, lanes: Lanes): number {
  const room = Math.max(1, Math.floor((lanes.stderr - lanes.server - 24) / 10));
  return lanes.server + 14 + (column % room) * 10;
}

export function rowShape(row: SeqRow, lanes: Lanes): RowShape {
  if (row.channel !== undefined) return appRowShape(row, lanes, appLaneX(lanes, row.channel));
  if (row.lane === 'stderr') {
    return { type: 'arrow', x1: lanes.server, x2: lanes.stderr, dashed: true, head: 'open', labelX: lanes.stderr - 6, labelAnchor: 'end' };
  }
  if (row.lane === 'lifecycle' || row.lane === 'http' || row.dir === 'local') {
    const x = row.lane === 'http' ? lanes.http : lanes.lifecycle;
    return {
      type: 'mark',
      x1: x,
      x2: x,
      dashed: false,
      head: 'none',
      labelX: row.lane === 'http' ? x - 10 : x + 10,
      labelAnchor: row.lane === 'http' ? 'end' : 'start',
    };
  }
  const inset = row.depth * NEST_STEP;
  return arrowShape(row, lanes.client + inset, lanes.server - inset);
}

/** A row of an app's channel: its events are marks on the app's lifeline, its bridge messages
 *  arrows between the app (the bridge's client) and the host. */
function appRowShape(row: SeqRow, lanes: Lanes, app: number): RowShape {
  if (row.lane !== 'message' || row.dir === 'local')
    return { type: 'mark', x1: app, x2: app, dashed: false, head: 'none', labelX: app + 10, labelAnchor: 'start' };
  return arrowShape(row, app, lanes.client);
}

function arrowShape(row: SeqRow, client: number, server: number): RowShape {
  const [x1, x2] = row.dir === 'c2s' ? [client, server] : [server, client];
  const answer = row.kind === 'response' || row.kind === 'error';
  return {
    type: 'arrow',
    x1,
    x2,
    dashed: answer || row.kind === 'notification',
    head: row.kind === 'error' || row.kind === 'invalid' ? 'cross' : row.kind === 'notification' ? 'open' : 'filled',
    labelX: Math.min(x1, x2) + 8,
    labelAnchor: 'start',
  };
}
