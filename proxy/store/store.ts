/**
 * The sessions kept on disk under `<config dir>/sessions/`: creating one for a writer, listing
 * them, deleting one, and keeping the whole within its disk budget. When the total passes the
 * budget, the oldest whole sessions that are not being written are deleted, never part of one: a
 * session on disk is either all there or gone.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { TRACE_FORMAT, TRACE_VERSION, type TraceHeader, type TraceSource, type TraceTarget } from '../../lib/trace/format';
import { LOUPE_VERSION } from '../../lib/version';
import type { KnownSecret } from '../../lib/trace/redact';
import { formatBytes } from '../../lib/text/bytes';
import { makeDirs } from '../shared/make-dirs';
import { noFindingsReason, type FindingCounts } from '../../lib/analyze/finding-counts';
import { DEFAULT_DISK_BUDGET, type DiskBudget } from './disk-budget';
import { COUNT_UP_TO_FRAMES, keepFindings } from './findings';
import { readFindings, type StoredFindings } from './findings-file';
import { LateJudge } from './late-judge';
import { LiveJudge, type LiveFindings } from './live-judge';
import { alive } from './process-alive';
import { isSessionId, newSessionId, SECRETS_FILE, SESSION_FILE, type SegmentSummary, type StoredMeta, type StoredSource } from './layout';
import { StoredSession, StoreError } from './reader';
import { SessionWriter, WARN_AT, writeJsonAtomically, type WriterHandoff, type WriterOptions } from './writer';

export interface NewSession {
  source: StoredSource;
  header: TraceHeader;
  startedAt: number;
  /** Values its exports must redact (the connection's env and header values, …). */
  secrets?: KnownSecret[];
}

/** The header a stored session's exports start from. */
export function storedHeader(target: TraceTarget, startedAt: number, source: TraceSource, requestTimeoutMs?: number): TraceHeader {
  const at = new Date(startedAt).toISOString();
  return {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    loupeVersion: LOUPE_VERSION,
    createdAt: at,
    startedAt: at,
    target,
    source,
    ...(requestTimeoutMs !== undefined ? { requestTimeoutMs } : {}),
  };
}

/** One line of `loupe sessions`. */
export interface SessionListing {
  id: string;
  name: string;
  /** The command line or URL, as the trace header describes it (without secrets). */
  target: string;
  source: StoredSource;
  startedAt: number;
  endedAt?: number;
  frames: number;
  /** Bytes on disk, every file of its folder. */
  bytes: number;
  /** `clean`: closed by its writer; `recording`: its writer still runs; `unclean`: its writer
   *  stopped without closing it (killed, crashed), and it holds what was written until then. */
  state: 'clean' | 'recording' | 'unclean';
  /** The analyser's findings by severity, once counted after a clean close; absent otherwise. */
  findings?: FindingCounts;
  /** Set while its findings are being judged (just closed, or judged on demand). */
  judging?: true;
}

function folderBytes(dir: string): number {
  let n = 0;
  for (const name of readdirSync(dir)) n += statSync(path.join(dir, name)).size;
  return n;
}

export class SessionStore {
  /** The sessions this process writes, by id: a read takes the summary of the segment being written from its writer. */
  private readonly writing = new Map<string, SessionWriter>();
  /** Findings being counted for sessions closed by this process. */
  private readonly counting = new Set<Promise<void>>();
  /** The ids of the sessions whose findings are being counted. */
  private readonly judging = new Set<string>();
  /** Judges closed sessions without findings when they are listed or read (judgeOnDemand). */
  private late?: LateJudge;
  /** Judges the sessions this process writes once they pass their memory budget (judgeOnDemand). */
  private live?: LiveJudge;
  /** Sessions another process writes (a followed tap's) that `live` judges as they grow. */
  private readonly following = new Set<string>();
  private warnedTotal = false;

  constructor(
    readonly dir: string,
    readonly budget: DiskBudget = DEFAULT_DISK_BUDGET,
    /** Where warnings for a person go (the budget nears, a session was deleted, a write failed). */
    readonly onNotice: (text: string) => void = () => {},
    /** Smaller segments than SEGMENT_BYTES, for tests that need several. */
    private readonly segmentBytes?: number,
    /** Sessions of more frames are not counted (findings.ts), for tests that need a smaller cap. */
    private readonly countUpTo = COUNT_UP_TO_FRAMES,
  ) {}

  /** Starts a session's folder and returns its writer; the total budget is enforced first. */
  create(s: NewSession): SessionWriter {
    makeDirs(this.dir, 0o700);
    this.enforceTotal();
    let id = newSessionId(s.startedAt, randomBytes(3).toString('hex'));
    while (existsSync(path.join(this.dir, id))) id = newSessionId(s.startedAt, randomBytes(3).toString('hex'));
    const dir = path.join(this.dir, id);
    makeDirs(dir, 0o700);
    const meta: StoredMeta = { id, source: s.source, header: s.header, startedAt: s.startedAt, writerPid: process.pid };
    if (s.secrets && s.secrets.length > 0) writeJsonAtomically(path.join(dir, SECRETS_FILE), { secrets: s.secrets });
    writeJsonAtomically(path.join(dir, SESSION_FILE), meta);
    return this.track(new SessionWriter(dir, meta, this.writerOptions()));
  }

  /**
   * Goes on writing a session another process handed on (SessionWriter.handOff): this process is
   * its writer from now on, and closes it as its own (findings counted).
   */
  continueSession(id: string, from: WriterHandoff): SessionWriter {
    if (!isSessionId(id)) throw new StoreError(`not a session id: ${JSON.stringify(id)}`);
    const dir = path.join(this.dir, id);
    const meta = JSON.parse(readFileSync(path.join(dir, SESSION_FILE), 'utf8')) as StoredMeta;
    meta.writerPid = process.pid;
    writeJsonAtomically(path.join(dir, SESSION_FILE), meta);
    return this.track(new SessionWriter(dir, meta, this.writerOptions(), from));
  }

  private writerOptions(): WriterOptions {
    return {
      sessionBytes: this.budget.sessionBytes,
      ...(this.segmentBytes ? { segmentBytes: this.segmentBytes } : {}),
      onNotice: this.onNotice,
      onSegment: () => this.enforceTotal(),
    };
  }

  /** A writer of this process: read from it while it writes, judged as it grows, counted once closed. */
  private track(writer: SessionWriter): SessionWriter {
    const { id, dir } = writer;
    this.writing.set(id, writer);
    writer.passedMemoryBudget = () => this.live?.start(id, dir);
    const close = writer.close.bind(writer);
    writer.close = () => {
      this.writing.delete(id);
      // The judging of the closed session takes over from here (live-judge.ts says why).
      this.live?.stop(id);
      const end = close();
      if (!writer.error && end.frames <= this.countUpTo) writer.counted ??= this.countFindings(id, dir);
      return end;
    };
    return writer;
  }

  /** Settles once the findings of every session this store closed, or judges on demand, are counted and kept. */
  async settled(): Promise<void> {
    while (this.counting.size > 0) await Promise.all([...this.counting]);
    await this.late?.settled();
  }

  /**
   * From now on, a cleanly closed session without findings (too long to be judged on close, or
   * stored before they were kept) is judged in a worker thread when it is listed or its findings
   * are read (late-judge.ts): the dashboard's proxy does this, so History shows every session's
   * findings; the page reads the list again while one is judged. And a session this store writes
   * is judged as it grows once it passes its memory budget (live-judge.ts), so a page past that
   * budget still sees findings over every frame while the session runs.
   */
  judgeOnDemand(): void {
    this.live ??= new LiveJudge(this.onNotice);
    this.late ??= new LateJudge((id, error) => {
      // A session deleted while it was judged has nothing left to judge.
      if (error !== undefined && existsSync(path.join(this.dir, id, SESSION_FILE))) this.onNotice(`the findings of session ${id} were not judged: ${error}`);
    });
  }

  /** Whether the session's findings are being judged now; on demand, a closed one without them starts to be. */
  private isJudging(s: StoredSession): boolean {
    const id = s.meta.id;
    if (this.judging.has(id)) return true;
    if (!this.late || !s.meta.end || s.meta.findings || this.writing.has(id)) return false;
    return this.late.request(id, s.dir);
  }

  private countFindings(id: string, dir: string): Promise<void> {
    const counted = keepFindings(dir).then(
      () => undefined,
      (e: Error) => {
        // A session deleted while it was being counted has nothing left to count.
        if (existsSync(path.join(dir, SESSION_FILE))) this.onNotice(`the findings of session ${id} were not counted: ${e.message}`);
      },
    );
    this.counting.add(counted);
    this.judging.add(id);
    void counted.finally(() => {
      this.counting.delete(counted);
      this.judging.delete(id);
    });
    return counted;
  }

  /**
   * The stored session another process writes from the same header as a trace file of its own (a
   * tap's recorder writes its tap file and its stored session from one header): the id, or
   * undefined while there is none. Only sessions started in the header's second are read.
   */
  findByHeader(source: StoredSource, header: TraceHeader): string | undefined {
    const startedAt = Date.parse(header.startedAt ?? '');
    if (Number.isNaN(startedAt)) return undefined;
    const prefix = newSessionId(startedAt, '');
    const same = JSON.stringify(header);
    for (const id of this.ids().reverse()) {
      if (!id.startsWith(prefix)) continue;
      try {
        const meta = JSON.parse(readFileSync(path.join(this.dir, id, SESSION_FILE), 'utf8')) as StoredMeta;
        if (meta.source === source && JSON.stringify(meta.header) === same) return id;
      } catch {
        // Being written or removed: not the one.
      }
    }
    return undefined;
  }

  /** The ids of the sessions on disk, oldest first. */
  ids(): string[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((name) => isSessionId(name) && existsSync(path.join(this.dir, name, SESSION_FILE)))
      .sort();
  }

  /** `live`: see StoredSession.open; for a session this store is writing, its writer's is taken. */
  open(id: string, live?: SegmentSummary): StoredSession {
    if (!isSessionId(id)) throw new StoreError(`'${id}' is not a session id: they look like 20261206-154501-3fa9c1 (\`loupe sessions\` lists them)`);
    const dir = path.join(this.dir, id);
    if (!existsSync(path.join(dir, SESSION_FILE))) throw new StoreError(`no session ${id} in ${this.dir} (\`loupe sessions\` lists them)`);
    return StoredSession.open(dir, live ?? this.writing.get(id)?.writtenSegment());
  }

  list(): SessionListing[] {
    const out: SessionListing[] = [];
    for (const id of this.ids()) {
      let s: StoredSession;
      try {
        s = StoredSession.open(path.join(this.dir, id));
      } catch {
        continue;
      }
      out.push(this.listing(s));
    }
    return out;
  }

  /** A session's line of the list, from a session opened with `open`. */
  listing(s: StoredSession): SessionListing {
    const { meta } = s;
    const id = path.basename(s.dir);
    const target = meta.header.target;
    return {
      id,
      name: target.name,
      target: target.url ?? [target.command, ...(target.args ?? [])].filter(Boolean).join(' '),
      source: meta.source,
      startedAt: meta.startedAt,
      ...(meta.end ? { endedAt: meta.end.at } : {}),
      frames: s.frameCount,
      bytes: folderBytes(s.dir),
      state: this.stateOf(s),
      ...(meta.findings ? { findings: meta.findings } : {}),
      ...(this.isJudging(s) ? { judging: true as const } : {}),
    };
  }

  /** Whether a session closed cleanly, is still being written (here or by another process), or neither. */
  stateOf(s: StoredSession): SessionListing['state'] {
    const { meta } = s;
    return meta.end ? 'clean' : this.writing.has(path.basename(s.dir)) || alive(meta.writerPid) ? 'recording' : 'unclean';
  }

  /** The findings so far of a session this store writes, or follows, and judges as it grows (live-judge.ts). */
  liveFindings(id: string): LiveFindings | undefined {
    return this.writing.has(id) || this.following.has(id) ? this.live?.findings(id) : undefined;
  }

  /**
   * Judges as it grows a session another process writes (a tap's, which the dashboard follows
   * past its memory budget), in the same queue as the sessions this store writes; only on demand
   * (judgeOnDemand). The judging ends by itself once its writer closes it; the returned function
   * stops it sooner (the dashboard stops following) and lets go of what it found.
   */
  judgeFollowed(id: string): () => void {
    const live = this.live;
    if (!live || this.writing.has(id) || !isSessionId(id)) return () => {};
    this.following.add(id);
    live.start(id, path.join(this.dir, id));
    return () => {
      if (!this.following.delete(id)) return;
      live.stop(id);
    };
  }

  /** The findings kept for a session (findings-file.ts), or why there are none. */
  findings(s: StoredSession): StoredFindings {
    const kept = readFindings(s.dir);
    if (kept) return kept;
    if (this.isJudging(s)) return { none: 'judging' };
    if (this.late?.failure(s.meta.id) !== undefined) return { none: 'failed' };
    return { none: noFindingsReason({ state: this.stateOf(s), frames: s.frameCount }, this.countUpTo) };
  }

  delete(id: string): void {
    const dir = this.open(id).dir;
    if (this.writing.has(id)) throw new StoreError(`session ${id} is being recorded: close it first`);
    rmSync(dir, { recursive: true, force: true });
  }

  /** Bytes of every stored session. */
  totalBytes(): number {
    return this.ids().reduce((n, id) => n + folderBytes(path.join(this.dir, id)), 0);
  }

  /** Deletes the oldest whole sessions no one is writing until the total fits its budget. */
  enforceTotal(): void {
    if (!existsSync(this.dir)) return;
    const sizes = this.ids().map((id) => ({ id, bytes: folderBytes(path.join(this.dir, id)) }));
    let total = sizes.reduce((n, s) => n + s.bytes, 0);
    const limit = this.budget.totalBytes;
    if (total >= limit * WARN_AT && !this.warnedTotal) {
      this.warnedTotal = true;
      this.onNotice(
        `stored sessions take ${formatBytes(total)} of their disk budget of ${formatBytes(limit)}: past it, the oldest are deleted (raise it with --disk-total)`,
      );
    }
    for (const s of sizes) {
      if (total <= limit) break;
      if (this.writing.has(s.id) || this.recordingElsewhere(s.id)) continue;
      rmSync(path.join(this.dir, s.id), { recursive: true, force: true });
      total -= s.bytes;
      this.onNotice(`deleted the stored session ${s.id} (${formatBytes(s.bytes)}), the oldest, to keep stored sessions within ${formatBytes(limit)}`);
    }
  }

  private recordingElsewhere(id: string): boolean {
    try {
      const meta = StoredSession.open(path.join(this.dir, id)).meta;
      return !meta.end && alive(meta.writerPid);
    } catch {
      return false;
    }
  }
}
