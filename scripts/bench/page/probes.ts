/**
 * Functions that run inside the page (passed to Playwright's evaluate / addInitScript), so each is
 * self-contained: no imports, no closures over Node values.
 *
 * Render probe: every animation frame it checks whether the traffic table and the sequence diagram
 * show the frame with seq `lastSeq` (the newest, in view because both follow the live end), and
 * records when they first do. The time taken is that of the NEXT animation frame, i.e. after the
 * frame that showed it was painted, so the figure includes style, layout and paint.
 */

export interface RenderMarks {
  /** performance.now() when the table first showed the newest row (ms since navigation start). */
  table?: number;
  diagram?: number;
  /** When the measured action (a file picked, a tab clicked) happened. */
  asked?: number;
  /** When the first and the last `frames/snapshot` message reached the page (one, or the chunks
   *  of one snapshot), and their size in all (characters of JSON, or bytes of the binary form). */
  snapshotFirstAt?: number;
  snapshotLastAt?: number;
  snapshotSize?: number;
  snapshotForm?: 'JSON' | 'binary' | 'deflated binary';
  /** When the page asked the proxy for the session (sent `session/attach`). */
  attachSentAt?: number;
}

type BenchWindow = Window & { __loupeMarks?: RenderMarks; __loupeFrames?: FrameLog };

export function installRenderProbe(lastSeq: number): void {
  const w = window as BenchWindow;
  // Init scripts pile up on a page reloaded more than once: the first one installed measures.
  if (w.__loupeMarks) return;
  const marks: RenderMarks = {};
  w.__loupeMarks = marks;
  // Installed before the page's scripts run: notes when the snapshot arrives, to tell the time
  // spent waiting for the proxy from the time the page spends on it. Only until the table shows
  // the session: what arrives later is not part of the first render.
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (ev: MessageEvent) => {
        if (marks.table !== undefined) return;
        // JSON (`{"type":"frames/snapshot"…`) or the compact binary form (`LFCS`, deflated `LFZS`,
        // lib/wire/frame-chunk.ts): the size counted is what crossed the socket.
        const data: unknown = ev.data;
        const json = typeof data === 'string' && data.startsWith('{"type":"frames/snapshot"');
        const head = data instanceof ArrayBuffer && data.byteLength >= 4 ? new Uint8Array(data, 0, 4) : undefined;
        const magic = head ? String.fromCharCode(...head) : '';
        const binary = magic === 'LFCS' || magic === 'LFZS';
        if (!json && !binary) return;
        const now = performance.now();
        marks.snapshotFirstAt ??= now;
        marks.snapshotLastAt = now;
        marks.snapshotSize = (marks.snapshotSize ?? 0) + (json ? (data as string).length : (data as ArrayBuffer).byteLength);
        marks.snapshotForm = json ? 'JSON' : magic === 'LFZS' || marks.snapshotForm === 'deflated binary' ? 'deflated binary' : 'binary';
      });
    }

    send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
      if (typeof data === 'string' && data.startsWith('{"type":"session/attach"')) marks.attachSentAt ??= performance.now();
      super.send(data);
    }
  };
  const shows = (container: Element | null, selector: string) => !!container && !!container.querySelector(selector);
  const check = () => {
    if (marks.table === undefined) {
      const grid = document.querySelector('[role="grid"][aria-label="Traffic"]');
      if (grid && Number(grid.getAttribute('aria-rowcount')) - 1 >= lastSeq && shows(grid, `[role="row"][id$="-row-${lastSeq}"]`)) {
        requestAnimationFrame(() => (marks.table ??= performance.now()));
      }
    }
    if (marks.diagram === undefined && shows(document.querySelector('[role="listbox"][aria-label="Sequence diagram"]'), `[data-seq="${lastSeq}"]`)) {
      requestAnimationFrame(() => (marks.diagram ??= performance.now()));
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

export function readMarks(): RenderMarks | undefined {
  return (window as BenchWindow).__loupeMarks;
}

/** Marks the moment a file is picked in the trace import (the input's change event). */
export function markOnFilePicked(): void {
  const w = window as BenchWindow;
  document.addEventListener(
    'change',
    () => {
      if (w.__loupeMarks) w.__loupeMarks.asked = performance.now();
    },
    { capture: true, once: true },
  );
}

/** Clicks a tab by its name and marks the moment. */
export function clickTabMarked(name: string): void {
  const tab = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent?.trim() === name);
  if (!tab) throw new Error(`no tab named ${name}`);
  const marks = (window as BenchWindow).__loupeMarks;
  if (marks) {
    marks.asked = performance.now();
    marks.diagram = undefined;
  }
  tab.click();
}

interface FrameLog {
  running: boolean;
  deltas: number[];
  /** Long animation frames (Chromium's LoAF entries): their durations, in ms. */
  loaf: number[];
  observer?: PerformanceObserver;
}

export interface FrameStats {
  frames: number;
  longestRafGapMs: number;
  p50RafGapMs: number;
  p99RafGapMs: number;
  rafGapsOver50: number;
  /** undefined where the browser has no long-animation-frame entries. */
  longestLoafMs?: number;
  loafOver50: number;
}

/** Records the gap between consecutive animation frames, and long animation frames, until stopped. */
export function startFrameLog(): void {
  const log: FrameLog = { running: true, deltas: [], loaf: [] };
  (window as BenchWindow).__loupeFrames = log;
  try {
    log.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) log.loaf.push(e.duration);
    });
    log.observer.observe({ type: 'long-animation-frame', buffered: false });
  } catch {
    log.observer = undefined;
  }
  let last = performance.now();
  const tick = (now: number) => {
    if (!log.running) return;
    log.deltas.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame((now) => {
    last = now;
    requestAnimationFrame(tick);
  });
}

export function stopFrameLog(): FrameStats {
  const log = (window as BenchWindow).__loupeFrames;
  if (!log) throw new Error('the frame log was not started');
  log.running = false;
  if (log.observer) for (const e of log.observer.takeRecords()) log.loaf.push(e.duration);
  log.observer?.disconnect();
  const sorted = [...log.deltas].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    frames: sorted.length,
    longestRafGapMs: sorted.at(-1) ?? 0,
    p50RafGapMs: at(0.5),
    p99RafGapMs: at(0.99),
    rafGapsOver50: sorted.filter((d) => d > 50).length,
    longestLoafMs: log.observer ? Math.max(0, ...log.loaf) : undefined,
    loafOver50: log.loaf.filter((d) => d > 50).length,
  };
}
