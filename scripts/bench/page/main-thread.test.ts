import { describe, expect, it } from 'vitest';
import { framesOf, mainThreadFigures, partsOf, type TraceEvent } from './main-thread';

const MAIN = { pid: 1, tid: 10 };
const task = (ts: number, dur: number, tdur: number): TraceEvent => ({ name: 'ThreadControllerImpl::RunTask', ph: 'X', ...MAIN, ts, dur, tdur });
const commit = (ts: number): TraceEvent => ({ name: 'Commit', ph: 'X', ...MAIN, ts, dur: 100 });

describe('main-thread CPU per frame', () => {
  // Two frames: a socket message and an analyser slice before the first frame's rendering task,
  // then a lone rendering task. Times in microseconds, as Chrome writes them.
  const events: TraceEvent[] = [
    { name: 'thread_name', ph: 'M', ...MAIN, ts: 0, args: { name: 'CrRendererMain' } },
    task(0, 3000, 2000),
    task(4000, 12_000, 11_000),
    task(17_000, 20_000, 9000),
    commit(30_000),
    task(40_000, 8000, 7000),
    commit(47_000),
    task(60_000, 1000, 500),
  ];

  it('counts every task since the previous frame into the frame whose task commits', () => {
    expect(framesOf(events).map((f) => f.cpuMs)).toEqual([22, 7]);
  });

  it('reports the heaviest frame by CPU, not by its longest task', () => {
    const figures = mainThreadFigures(events, 100_000)!;
    expect(figures.frames).toBe(2);
    expect(figures.longestFrameCpuMs).toBe(22);
    expect(figures.longestTaskCpuMs).toBe(11);
    expect(figures.busyShare).toBeCloseTo(29.5 / 100);
  });

  it('ignores other renderers that did less', () => {
    const other = { pid: 2, tid: 20 };
    const more: TraceEvent[] = [
      ...events,
      { name: 'thread_name', ph: 'M', ...other, ts: 0, args: { name: 'CrRendererMain' } },
      { ...task(0, 100, 50), ...other },
    ];
    expect(mainThreadFigures(more, 100_000)!.tasks).toBe(5);
  });
});

describe('what a frame spent its CPU on', () => {
  it('names the events directly inside its tasks, nested ones counted once, the rest as other', () => {
    const t = { name: 'ThreadControllerImpl::RunTask', ph: 'X', pid: 1, tid: 10, ts: 0, dur: 30_000, tdur: 25_000 };
    const raf = { name: 'FireAnimationFrame', ph: 'X', pid: 1, tid: 10, ts: 1000, dur: 15_000, tdur: 14_000 };
    const layoutInRaf = { name: 'Layout', ph: 'X', pid: 1, tid: 10, ts: 2000, dur: 5000, tdur: 5000 };
    const gc = { name: 'MajorGC', ph: 'X', pid: 1, tid: 10, ts: 17_000, dur: 8000, tdur: 8000 };
    expect(partsOf([t, raf, layoutInRaf, gc], [t])).toBe('FireAnimationFrame 14.0, MajorGC 8.0, other 3.0');
  });
});
