/**
 * The sequence diagram's rows: one per frame, built incrementally from the session's one model
 * (lib/model): request/response links, progress and cancellation come from its pairing; this file
 * adds only the diagram's own layout facts (nesting, checkpoints, labels). Pure: no React, no DOM.
 */
import type { Frame } from '../mcp/frame';
import type { Classified } from '../mcp/classify';
import { SessionModel } from '../model/session-model';
import { rowLabel } from './row-label';
import type { RowKind, SeqRow } from './seq-row';
import { asObject } from '../mcp/json';

export type { SeqRow } from './seq-row';

/** Every this many rows the set of unanswered requests is remembered, so a window can find the
 *  requests that span it without scanning from the start. */
export const CHECKPOINT_EVERY = 1024;

export class SequenceModel {
  readonly rows: SeqRow[] = [];
  /** The session model the rows are read from. */
  readonly session: SessionModel;
  private readonly indexBySeq = new Map<number, number>();
  /** Unanswered client requests, oldest first: the innermost is the last. */
  private readonly openClientRequests: number[] = [];
  /** checkpoints[k] = request seqs unanswered just before row k * CHECKPOINT_EVERY. */
  readonly checkpoints: number[][] = [];
  private readonly open = new Set<number>();
  /** Bumped on every change, so views can tell when to redraw. */
  version = 0;

  /** Without a session model, the diagram keeps one of its own (fed by `push`). */
  constructor(session?: SessionModel) {
    this.session = session ?? new SessionModel();
  }

  /** Adds frames to its own session model and brings the rows up to date (tests and exports). */
  push(frames: readonly Frame[]): void {
    this.session.append(frames);
    this.session.advance();
    this.sync();
  }

  /** Adds a row for every frame the session model has analysed since the last call: a row needs
   *  the frame's pairing, which the analyser decides. */
  sync(): void {
    const { frames } = this.session;
    const to = this.session.analysed;
    if (this.rows.length >= to) return;
    for (let i = this.rows.length; i < to; i++) this.pushOne(frames[i], this.session.classifiedOf(i));
    this.version++;
  }

  row(seq: number): SeqRow | undefined {
    const i = this.indexBySeq.get(seq);
    return i === undefined ? undefined : this.rows[i];
  }

  /** Request seqs that are unanswered at the start of row `index`. */
  openAt(index: number): number[] {
    const k = Math.floor(index / CHECKPOINT_EVERY);
    const base = this.checkpoints[k] ?? [];
    const candidates = new Set(base);
    for (let i = k * CHECKPOINT_EVERY; i < index && i < this.rows.length; i++) {
      const r = this.rows[i];
      if (r.kind === 'request' && r.id !== undefined) candidates.add(r.seq);
    }
    return [...candidates].filter((seq) => {
      const req = this.row(seq)!;
      const resp = req.pairSeq === undefined ? undefined : this.row(req.pairSeq);
      return !resp || resp.index >= index;
    });
  }

  private pushOne(f: Frame, c: Classified): void {
    const index = this.rows.length;
    if (index % CHECKPOINT_EVERY === 0) this.checkpoints.push([...this.open]);
    const kind: RowKind = f.lane === 'message' ? (c.kind === 'other' ? 'invalid' : c.kind) : f.lane;
    // Every field is present from the start: one object shape for all rows keeps 100,000 of them fast.
    const row: SeqRow = {
      index,
      seq: f.seq,
      ts: f.ts,
      dir: f.dir,
      lane: f.lane,
      channel: f.channel,
      kind,
      method: c.method,
      id: c.id,
      label: '',
      pairSeq: undefined,
      latencyUs: undefined,
      parentSeq: undefined,
      depth: 0,
      isProgress: undefined,
      progressCount: undefined,
      cancelledBy: undefined,
      errorCode: undefined,
      round: undefined,
      rounds: undefined,
      subscription: undefined,
      pollOf: undefined,
      polls: undefined,
      forward: undefined,
    };
    this.rows.push(row);
    this.indexBySeq.set(f.seq, index);
    const params = asObject(asObject(c.json)?.params);
    if (f.dir !== 'local' && f.lane === 'message') {
      if (kind === 'request' && c.id !== undefined) this.onRequest(row, f);
      else if (kind === 'response' || kind === 'error') this.onResponse(row);
      else if (kind === 'notification') this.onNotification(row);
    }
    row.label = rowLabel(row, f, c, params);
  }

  private onRequest(row: SeqRow, f: Frame): void {
    if (this.session.callAt(row.seq)?.seq !== row.seq) return;
    this.open.add(row.seq);
    this.linkForward(row);
    // An app's bridge nests nothing: its requests are the app's and the host's, not the session's.
    if (row.channel !== undefined) return;
    if (row.dir === 'c2s') {
      this.openClientRequests.push(row.seq);
      this.placeModernRequest(row);
      return;
    }
    // A server request during a client request belongs to it. Over HTTP the POST's stream says
    // which (the request its exchange carried); over stdio nothing does, so the innermost
    // unanswered client request is taken.
    const carrier = this.session.exchanges.of(f)?.sent.find((m) => this.session.calls.callAt(m.seq)?.seq === m.seq);
    const parent = carrier?.seq ?? this.openClientRequests.at(-1);
    if (parent !== undefined) this.nestUnder(row, parent);
  }

  private onResponse(row: SeqRow): void {
    const call = this.session.callAt(row.seq);
    if (!call || call.responseSeq !== row.seq) return;
    const req = this.row(call.seq);
    if (!req) return;
    this.open.delete(req.seq);
    req.pairSeq = row.seq;
    row.pairSeq = req.seq;
    row.method = req.method;
    req.latencyUs = row.latencyUs = row.ts - req.ts;
    row.depth = req.depth;
    row.parentSeq = req.parentSeq;
    row.round = req.round;
    row.pollOf = req.pollOf;
    row.isProgress = req.isProgress;
    if (call.errorCode !== undefined) row.errorCode = call.errorCode;
    if (req.dir === 'c2s' && req.channel === undefined) {
      const at = this.openClientRequests.lastIndexOf(req.seq);
      if (at >= 0) this.openClientRequests.splice(at, 1);
    }
  }

  private onNotification(row: SeqRow): void {
    if (row.method === 'notifications/progress') {
      const owner = this.session.callsOf(row.channel)?.progressAt(row.seq);
      if (!owner || !this.row(owner.seq)) return;
      row.isProgress = true;
      this.nestUnder(row, owner.seq);
      const req = this.row(owner.seq)!;
      req.progressCount = (req.progressCount ?? 0) + 1;
    } else if (row.channel === undefined && this.session.state.listens.streamAt(row.seq)) {
      // A listen stream is one long-lived request: its notifications sit under it.
      row.subscription = this.session.state.listens.streamAt(row.seq)!.requestSeq;
      this.nestUnder(row, row.subscription);
    } else if (row.method === 'notifications/cancelled') {
      const target = this.session.callsOf(row.channel)?.cancelledAt(row.seq);
      const req = target && this.row(target.seq);
      if (req) req.cancelledBy = row.seq;
    }
  }

  /** The host's request for an app's forwarded call: both rows name each other (the app's row
   *  came first, so it is updated here). */
  private linkForward(row: SeqRow): void {
    const link = this.session.forwardAt(row.seq);
    if (!link || link.sessionSeq !== row.seq) return;
    const app = this.row(link.appSeq);
    if (!app) return;
    row.forward = app.seq;
    app.forward = row.seq;
  }

  /** A later round of a multi-round-trip call sits under its first round; a tasks/* request under
   *  the call that created the task, folded with progress (lib/mcp/rounds.ts, task-spans.ts). */
  private placeModernRequest(row: SeqRow): void {
    const st = this.session.state;
    const logical = st.rounds.logicalCallOf(row.seq);
    if (logical && logical.rounds.length > 1) {
      const first = this.row(logical.rounds[0]);
      const at = logical.rounds.indexOf(row.seq);
      if (first && at > 0) {
        first.round = 1;
        first.rounds = at + 1;
        row.round = at + 1;
        this.nestUnder(row, first.seq);
      }
    }
    const task = st.taskSpans.spanOfPoll(row.seq);
    const creator = task && this.row(task.callSeq);
    if (creator) {
      row.pollOf = creator.seq;
      row.isProgress = true;
      creator.polls = (creator.polls ?? 0) + 1;
      this.nestUnder(row, creator.seq);
    }
  }

  private nestUnder(row: SeqRow, parentSeq: number): void {
    const parent = this.row(parentSeq);
    if (!parent) return;
    row.parentSeq = parentSeq;
    row.depth = parent.depth + 1;
  }
}
