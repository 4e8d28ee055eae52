/**
 * The renderer main thread's work during a measurement, from a Chrome trace: each task's wall time
 * and CPU time, and the CPU spent per rendered frame. On a loaded machine wall time stretches while
 * the thread waits for a core; CPU time is the work the page itself asked for, so "longest frame
 * CPU" says how long the longest frame would have been on an idle machine.
 */
import type { Browser, Page } from '@playwright/test';

export interface MainThreadFigures {
  tasks: number;
  longestTaskMs: number;
  /** CPU time of the task that used the most. */
  longestTaskCpuMs: number;
  tasksOverCpu50: number;
  /** Share of the wall time the main thread spent on the CPU. */
  busyShare: number;
  /** CPU of all tasks from the end of one frame's rendering to the end of the next, per frame. */
  frames: number;
  medianFrameCpuMs: number;
  p99FrameCpuMs: number;
  longestFrameCpuMs: number;
  framesOverCpu50: number;
  /** What the longest frame spent its CPU on: its heaviest trace events, e.g. "FireAnimationFrame 18.2, MajorGC 10.0". */
  longestFrameParts: string;
  /** When the longest frame began, in ms after the first task of the recording: the first frames
   *  of a stream (rows mounted, code still cold) or a later one (a periodic job, a GC). */
  longestFrameAtMs: number;
}

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

/** What the trace must record: tasks (toplevel) and the commit that ends each frame (the detailed timeline). */
export const MAIN_THREAD_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'];

const RUN_TASK = 'ThreadControllerImpl::RunTask';

/**
 * Groups a thread's tasks into frames: a frame closes with the task that commits to the
 * compositor, and holds every task since the previous one (the whole of a long animation frame).
 */
export function framesOf(events: readonly TraceEvent[]): { cpuMs: number; tasks: TraceEvent[] }[] {
  const tasks = events.filter((e) => e.ph === 'X' && e.name === RUN_TASK).sort((a, b) => a.ts - b.ts);
  const commits = events
    .filter((e) => e.ph === 'X' && e.name === 'Commit')
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  const frames: { cpuMs: number; tasks: TraceEvent[] }[] = [];
  let open = { cpuMs: 0, tasks: [] as TraceEvent[] };
  let c = 0;
  for (const t of tasks) {
    open.cpuMs += (t.tdur ?? 0) / 1000;
    open.tasks.push(t);
    while (c < commits.length && commits[c] < t.ts) c++;
    if (c < commits.length && commits[c] <= t.ts + (t.dur ?? 0)) {
      frames.push(open);
      open = { cpuMs: 0, tasks: [] };
    }
  }
  return frames;
}

/** The renderer main thread that worked the most (the page's; others are idle helpers). */
export function busiestMainThread(events: readonly TraceEvent[]): TraceEvent[] {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best: TraceEvent[] = [];
  let bestCpu = -1;
  for (const m of mains) {
    const mine = events.filter((e) => e.pid === m.pid && e.tid === m.tid);
    const cpu = mine.reduce((s, e) => s + (e.ph === 'X' && e.name === RUN_TASK ? (e.tdur ?? 0) : 0), 0);
    if (cpu > bestCpu) {
      bestCpu = cpu;
      best = mine;
    }
  }
  return best;
}

/** The heaviest events inside a frame's tasks (one level below the task), by CPU, as text. */
export function partsOf(thread: readonly TraceEvent[], tasks: readonly TraceEvent[]): string {
  const cpu = new Map<string, number>();
  for (const t of tasks) {
    const end = t.ts + (t.dur ?? 0);
    // Direct children only: an event inside another event of the same task is part of that one.
    const inside = thread.filter((e) => e !== t && e.ph === 'X' && e.name !== RUN_TASK && e.ts >= t.ts && e.ts < end).sort((a, b) => a.ts - b.ts);
    let coveredTo = -1;
    let accounted = 0;
    for (const e of inside) {
      if (e.ts < coveredTo) continue;
      coveredTo = e.ts + (e.dur ?? 0);
      const ms = (e.tdur ?? e.dur ?? 0) / 1000;
      accounted += ms;
      cpu.set(e.name, (cpu.get(e.name) ?? 0) + ms);
    }
    const rest = (t.tdur ?? 0) / 1000 - accounted;
    if (rest > 0) cpu.set('other', (cpu.get('other') ?? 0) + rest);
  }
  return [...cpu]
    .sort((a, b) => b[1] - a[1])
    .filter(([, ms]) => ms >= 1)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join(', ');
}

export function mainThreadFigures(events: readonly TraceEvent[], wallUs: number): MainThreadFigures | undefined {
  const mine = busiestMainThread(events);
  const tasks = mine.filter((e) => e.ph === 'X' && e.name === RUN_TASK);
  if (!tasks.length) return undefined;
  const cpu = tasks.reduce((s, e) => s + (e.tdur ?? 0), 0);
  const frames = framesOf(mine);
  const frameCpu = frames.map((f) => f.cpuMs).sort((a, b) => a - b);
  const longest = frames.reduce<(typeof frames)[number] | undefined>((m, f) => (!m || f.cpuMs > m.cpuMs ? f : m), undefined);
  const at = (q: number) => frameCpu[Math.min(frameCpu.length - 1, Math.floor(q * frameCpu.length))] ?? 0;
  return {
    tasks: tasks.length,
    longestTaskMs: Math.max(0, ...tasks.map((e) => (e.dur ?? 0) / 1000)),
    longestTaskCpuMs: Math.max(0, ...tasks.map((e) => (e.tdur ?? 0) / 1000)),
    tasksOverCpu50: tasks.filter((e) => (e.tdur ?? 0) > 50_000).length,
    busyShare: cpu / wallUs,
    frames: frameCpu.length,
    medianFrameCpuMs: at(0.5),
    p99FrameCpuMs: at(0.99),
    longestFrameCpuMs: frameCpu.at(-1) ?? 0,
    framesOverCpu50: frameCpu.filter((x) => x > 50).length,
    longestFrameParts: longest ? partsOf(mine, longest.tasks) : '',
    longestFrameAtMs: longest?.tasks.length ? (longest.tasks[0].ts - tasks.reduce((m, e) => Math.min(m, e.ts), Infinity)) / 1000 : 0,
  };
}

export async function traceMainThread<T>(browser: Browser, page: Page, during: () => Promise<T>): Promise<{ result: T; main?: MainThreadFigures }> {
  await browser.startTracing(page, { categories: MAIN_THREAD_CATEGORIES });
  const t0 = performance.now();
  const outcome = await during().then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  if ('error' in outcome) throw outcome.error;
  return { result: outcome.value, main: mainThreadFigures(events, (performance.now() - t0) * 1000) };
}
