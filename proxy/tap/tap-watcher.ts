/**
 * The dashboard's side of tapping: watches the config dir's `taps/` folder, opens a session for
 * every tap that is running (including taps that started before this Loupe did), and lists every
 * recorded tap so a finished one can be opened later. Taps find no socket to talk to: they only
 * append to their files (a tap file in `taps/` that names the stored session, and that session's
 * segments, which the session here follows), so nothing Loupe does can slow a host down.
 */
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { makeDirs } from '../shared/make-dirs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Connection } from '../../lib/wire/connection';
import type { TapEntry } from '../../lib/wire/protocol';
import type { LiveSession } from '../sessions/types';
import type { TapSource } from '../sessions/sources';
import { isSessionId, segmentNumber, SESSION_FILE, sessionsDir, type StoredMeta } from '../store/layout';
import { alive } from '../store/process-alive';
import { SessionStore } from '../store/store';
import { tapsDir } from './tap-file';
import { TapFileSource } from './tap-file-source';
import { StoredTapSource } from './stored-tap-source';
import { judgeFollowedTap } from './tap-live-judging';
import { TapTail, tapRunning, type TapHeader } from './tap-tail';
import { UrlTaps, type UrlTapRequest } from './url-taps';

export interface TapRegistry {
  openSource(source: TapSource): LiveSession;
  get(id: string): LiveSession | undefined;
}

const TAP_FILE = /\.loupe\.ndjson$/;

/** The stored session that holds a tap's frames, when its file names one (a valid id only: the name is joined to a path). */
function storedOf(header: TapHeader): string | undefined {
  const id = header.tap?.stored;
  return typeof id === 'string' && isSessionId(id) ? id : undefined;
}

/** The size of a stored session's frames: its segments. */
async function storedBytes(dir: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (segmentNumber(name) !== undefined) total += (await stat(path.join(dir, name)).catch(() => undefined))?.size ?? 0;
  }
  return total;
}

/** How a tapped server is named in the session list: the server, then who is talking to it. */
export function tapConnection(file: string, header: TapHeader): Connection {
  const host = header.tap?.host?.name;
  const name = host ? `${header.target.name} · ${host}` : header.target.name;
  // The transport decides how messages are framed (lines or whole bodies) for every view.
  if (header.target.transport === 'http')
    return { id: `tap:${file}`, transport: 'http', name, url: header.target.url ?? 'http://tap.invalid/', headers: {}, mode: 'auto' };
  return { id: `tap:${file}`, transport: 'stdio', env: {}, name, command: header.target.command ?? 'tap', args: header.target.args ?? [] };
}

export class TapWatcher {
  readonly dir: string;
  private watcher?: FSWatcher;
  private timer?: ReturnType<typeof setInterval>;
  /** file -> the session following it. */
  private readonly sessions = new Map<string, string>();
  private readonly headers = new Map<string, TapHeader>();
  private readonly listeners = new Set<(taps: TapEntry[]) => void>();
  private scanning?: Promise<void>;
  /** The HTTP taps this Loupe runs itself (started from the page, or set up by install). */
  readonly urlTaps: UrlTaps;
  /** Where the taps' recorders store their sessions; only read here. */
  private readonly store: SessionStore;

  /** `store`: the dashboard's, which answers the page's History; it judges a followed tap past
   *  its memory budget from the tap's stored copy (tap-live-judging.ts). Without it, one that only reads. */
  constructor(
    configDir: string,
    private readonly registry: TapRegistry,
    private readonly pollMs = 2000,
    store?: SessionStore,
  ) {
    this.dir = tapsDir(configDir);
    this.urlTaps = new UrlTaps(configDir);
    this.store = store ?? new SessionStore(sessionsDir(configDir));
  }

  async start(): Promise<void> {
    makeDirs(this.dir, 0o700);
    await this.scan();
    try {
      this.watcher = watch(this.dir, () => void this.scan());
      this.watcher.on('error', () => {});
      // Following taps alone must not keep Loupe running.
      this.watcher.unref();
    } catch {
      /* the poll below still finds new taps */
    }
    this.timer = setInterval(() => void this.scan(), this.pollMs);
    this.timer.unref?.();
  }

  stop(): void {
    this.watcher?.close();
    clearInterval(this.timer);
    void this.urlTaps.stopAll();
  }

  /** Stops following and ends the taps this Loupe runs, each recording its end. */
  async close(): Promise<void> {
    this.stop();
    await this.urlTaps.stopAll();
  }

  /** Serves the local taps `loupe tap install` gave hosts' HTTP servers, while this Loupe runs. */
  async startInstalled(): Promise<string[]> {
    const { lines } = await this.urlTaps.startInstalled();
    await this.scan();
    return lines;
  }

  /** Starts an HTTP tap in this Loupe ("Tap a URL") and opens the session that follows it. */
  async startUrl(request: UrlTapRequest): Promise<{ sessionId: string; listen: string }> {
    const started = await this.urlTaps.start(request, 'dashboard');
    return { sessionId: await this.open(started.file), listen: started.listen };
  }

  /** Stops an HTTP tap this Loupe runs; its session ends with the tap's last frame. */
  async stopUrl(file: string): Promise<void> {
    await this.urlTaps.stop(file);
    await this.notify();
  }

  /** Live: a tap this Loupe runs while it runs it, any other while its process does. */
  private running(file: string, header: TapHeader): boolean {
    return header.tap?.pid === process.pid ? this.urlTaps.has(file) : tapRunning(header);
  }

  onChange(fn: (taps: TapEntry[]) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Every recorded tap, newest first. */
  async list(): Promise<TapEntry[]> {
    const out: TapEntry[] = [];
    for (const file of (await readdir(this.dir).catch(() => [] as string[])).filter((f) => TAP_FILE.test(f))) {
      const header = await this.header(file);
      if (!header) continue;
      const stored = storedOf(header);
      if (stored && !existsSync(path.join(this.store.dir, stored, SESSION_FILE))) {
        // Its session was deleted (from History, or as the oldest past the disk budget): the file
        // that named it goes too, once its tap has ended.
        if (!this.running(file, header)) await rm(path.join(this.dir, file), { force: true }).catch(() => {});
        continue;
      }
      const bytes = stored ? await storedBytes(path.join(this.store.dir, stored)) : ((await stat(path.join(this.dir, file)).catch(() => undefined))?.size ?? 0);
      const sessionId = this.sessions.get(file);
      const running = this.running(file, header);
      out.push({
        file,
        name: header.target.name,
        ...(header.tap?.host?.name ? { host: header.tap.host.name } : {}),
        startedAt: header.startedAt ?? header.createdAt,
        running,
        ...(!running && stored && (await this.stillWritten(stored)) ? { finishing: true as const } : {}),
        bytes,
        ...(header.tap?.listen ? { listen: this.urlTaps.listen(file) ?? header.tap.listen } : {}),
        ...(this.urlTaps.has(file) ? { stoppable: true } : {}),
        ...(sessionId && this.registry.get(sessionId) ? { sessionId } : {}),
      });
    }
    return out.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  }

  /** Whether a stored session is still being written (by the process finishing an ended tap's recording). */
  private async stillWritten(id: string): Promise<boolean> {
    try {
      const meta = JSON.parse(await readFile(path.join(this.store.dir, id, SESSION_FILE), 'utf8')) as StoredMeta;
      return !meta.end && alive(meta.writerPid);
    } catch {
      return false;
    }
  }

  /** Opens (or finds) the session that shows a recorded tap. Only names inside the taps folder. */
  async open(file: string): Promise<string> {
    if (path.basename(file) !== file || !TAP_FILE.test(file)) throw new Error(`not a recorded tap: ${JSON.stringify(file)}`);
    const known = this.sessions.get(file);
    if (known && this.registry.get(known)) return known;
    const header = await this.header(file);
    if (!header) throw new Error(`${file} is not a tap's trace (it has no readable header)`);
    const full = path.join(this.dir, file);
    const stored = storedOf(header);
    // The stored session holds a tap's frames; only a tap that could not store it (or an older one) has them in its file.
    const frames = () => (stored ? new StoredTapSource(path.join(this.store.dir, stored)) : new TapFileSource(full));
    const session = this.registry.openSource({ kind: 'tap', connection: tapConnection(file, header), frames });
    this.sessions.set(file, session.id);
    judgeFollowedTap(session, this.store);
    this.linkStored(session, header);
    // The list says live or ended: tell the pages when the tap's session ends.
    const off = session.on('summary', (s) => {
      if (s.status === 'closed' || s.status === 'failed') {
        off();
        void this.notify();
      }
    });
    void this.notify();
    return session.id;
  }

  /**
   * The tap's recorder stores the session too (proxy/tap/tap-session-store.ts), from the same
   * header, a moment after it creates the tap file: found, the page reads frames the memory let go
   * and searches every frame there. Looked for a few times, then left (a tap run without a store).
   */
  private linkStored(session: LiveSession, header: TapHeader, tries = 10): void {
    const id = storedOf(header) ?? this.store.findByHeader('tap', header);
    if (id !== undefined) return session.linkStored?.(id);
    if (tries > 1) setTimeout(() => this.registry.get(session.id) && this.linkStored(session, header, tries - 1), 500).unref();
  }

  private async header(file: string): Promise<TapHeader | undefined> {
    const known = this.headers.get(file);
    if (known) return known;
    const tail = new TapTail(path.join(this.dir, file));
    // Reading the whole file for its first line would be wasteful; the header is all TapTail
    // needs to have seen, and frames read here are thrown away (the session reads its own).
    await tail.read().catch(() => []);
    if (tail.header) this.headers.set(file, tail.header);
    return tail.header;
  }

  private scan(): Promise<void> {
    // One scan at a time; a burst of events while scanning leads to one more scan.
    this.scanning ??= (async () => {
      try {
        for (const file of (await readdir(this.dir).catch(() => [] as string[])).filter((f) => TAP_FILE.test(f))) {
          if (this.sessions.has(file)) continue;
          const header = await this.header(file);
          if (header && this.running(file, header)) await this.open(file);
          else if (header) this.sessions.set(file, '');
        }
        await this.notify();
      } finally {
        this.scanning = undefined;
      }
    })();
    return this.scanning;
  }

  private async notify(): Promise<void> {
    if (this.listeners.size === 0) return;
    const taps = await this.list();
    for (const fn of this.listeners) fn(taps);
  }
}
