/**
 * The renderer main thread's tasks during a measurement, from a Chrome trace: each task's wall
 * time and its CPU time. On a loaded machine a task's wall time stretches while the thread waits
 * for a core; its CPU time is the work the page itself asked for.
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
}

interface TraceEvent { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string } }

export async function traceMainThread<T>(browser: Browser, page: Page, during: () => Promise<T>): Promise<{ result: T; main?: MainThreadFigures }> {
  await browser.startTracing(page, { categories: ['toplevel'] });
  const t0 = performance.now();
  const outcome = await during().then((value) => ({ value }), (error: unknown) => ({ error }));
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  if ('error' in outcome) throw outcome.error;
  const result = outcome.value;
  const wallUs = (performance.now() - t0) * 1000;
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best: MainThreadFigures | undefined;
  let bestCpu = -1;
  for (const m of mains) {
    const tasks = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.pid === m.pid && e.tid === m.tid);
    const cpu = tasks.reduce((s, e) => s + (e.tdur ?? 0), 0);
    if (cpu <= bestCpu) continue;
    bestCpu = cpu;
    best = {
      tasks: tasks.length,
      longestTaskMs: Math.max(0, ...tasks.map((e) => (e.dur ?? 0) / 1000)),
      longestTaskCpuMs: Math.max(0, ...tasks.map((e) => (e.tdur ?? 0) / 1000)),
      tasksOverCpu50: tasks.filter((e) => (e.tdur ?? 0) > 50_000).length,
      busyShare: cpu / wallUs,
    };
  }
  return { result, main: best };
}
