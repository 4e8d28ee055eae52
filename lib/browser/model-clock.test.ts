import { afterEach, describe, expect, it, vi } from 'vitest';
import { script } from '../analyze/testing';
import { realisticMix } from '../analyze/mix';
import type { SessionSummary } from '../wire/protocol';
import { emptyTrace, ingest, touched, type Trace } from './trace';
import { startModelClock, type ModelClockStore } from './model-clock';

function fakeStore(traces: Record<string, Trace>, sessions: Partial<SessionSummary>[]) {
  const listeners = new Set<() => void>();
  const state = {
    traces,
    sessions: sessions as SessionSummary[],
    touches: 0,
    touchTraces(ids: readonly string[]) {
      state.touches++;
      state.traces = { ...state.traces };
      for (const id of ids) state.traces[id] = touched(state.traces[id]);
      for (const l of listeners) l();
    },
  };
  const store: ModelClockStore = { getState: () => state, subscribe: (l) => (listeners.add(l), () => listeners.delete(l)) };
  return { state, store };
}

const hung = () =>
  script()
    .handshake({ server: { tools: {} } })
    .c({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'hang' } });

describe('the model clock', () => {
  afterEach(() => vi.useRealTimers());

  it('reports a live hung request with no view asking for it, then finishes the ended session', () => {
    vi.useFakeTimers();
    let now = 0;
    const trace = ingest(emptyTrace({ kind: 'live', sessionId: 's1' }), hung().frames, 0, now);
    const { state, store } = fakeStore({ s1: trace }, [{ id: 's1', status: 'ready' }]);
    const stop = startModelClock(store, () => now);
    // The default session timeout, 60 s: the wait of Loupe's own client.
    now = 59_000;
    vi.advanceTimersByTime(1000);
    expect(state.traces.s1.model.annotations.map((a) => a.rule)).not.toContain('timing.no-response');
    now = 61_000;
    vi.advanceTimersByTime(1000);
    expect(state.traces.s1.model.annotations.filter((a) => a.rule === 'timing.no-response').map((a) => a.frames)).toEqual([[4]]);
    expect(state.traces.s1).not.toBe(trace); // views were told
    state.sessions = [{ id: 's1', status: 'closed' } as SessionSummary];
    vi.advanceTimersByTime(1000);
    expect(state.traces.s1.model.live).toBe(false);
    stop();
  });

  it("judges an ended session at the proxy's time of the end, however late its frames reached the page", () => {
    vi.useFakeTimers();
    let now = 0;
    // A session whose client waits 30 s.
    const trace = ingest(emptyTrace({ kind: 'live', sessionId: 's1' }, { timeoutMs: 30_000 }), hung().frames, 0, now);
    // The proxy gave up 31 s into the session; the page got the frames late and has counted 5 s.
    const { state, store } = fakeStore({ s1: trace }, [{ id: 's1', status: 'failed', startedAt: 1_000, statusAt: 32_000 }]);
    const stop = startModelClock(store, () => now);
    now = 5_000;
    vi.advanceTimersByTime(1000);
    expect(state.traces.s1.model.live).toBe(false);
    expect(state.traces.s1.model.annotations.filter((a) => a.rule === 'timing.no-response').map((a) => a.frames)).toEqual([[4]]);
    stop();
  });

  it('tells the views as soon as a backlog is caught up, with no quiet wait', () => {
    vi.useFakeTimers();
    const s = script().handshake();
    for (let id = 1; s.frames.length < 600; id++) s.c({ jsonrpc: '2.0', id, method: 'ping' }).s({ jsonrpc: '2.0', id, result: {} });
    const trace = ingest(emptyTrace({ kind: 'live', sessionId: 's1' }), s.frames, 0, 0);
    expect(trace.model.caughtUp).toBe(false);
    const { state, store } = fakeStore({ s1: trace }, [{ id: 's1', status: 'ready' }]);
    const stop = startModelClock(store, () => 0);
    vi.advanceTimersByTime(60);
    expect(state.traces.s1.model.caughtUp).toBe(true);
    expect(state.traces.s1.model.annotations).toEqual([]);
    expect(state.touches).toBe(1);
    stop();
  });

  it('leaves a live snapshot unanalysed while its chunks come in, and analyses it once whole', () => {
    vi.useFakeTimers();
    const s = script().handshake();
    for (let id = 1; s.frames.length < 600; id++) s.c({ jsonrpc: '2.0', id, method: 'ping' }).s({ jsonrpc: '2.0', id, result: {} });
    const end = s.frames.length;
    const trace = ingest(emptyTrace({ kind: 'live', sessionId: 's1' }), s.frames.slice(0, 300), end, 0, true);
    const { state, store } = fakeStore({ s1: trace }, [{ id: 's1', status: 'ready' }]);
    const stop = startModelClock(store, () => 0);
    vi.advanceTimersByTime(200);
    expect(state.traces.s1.model.analysed).toBe(0);
    state.traces = { s1: ingest(state.traces.s1, s.frames.slice(300), end, 0) };
    state.touchTraces([]);
    vi.advanceTimersByTime(200);
    expect(state.traces.s1.model.caughtUp).toBe(true);
    stop();
  });

  it('analyses an opened file in slices and finishes it', () => {
    vi.useFakeTimers();
    let now = 0;
    const trace = ingest(emptyTrace({ kind: 'file', name: 'big' }), realisticMix(20_000));
    expect(trace.model.caughtUp).toBe(false);
    const { state, store } = fakeStore({ f: trace }, []);
    const stop = startModelClock(store, () => (now += 0.01));
    vi.advanceTimersByTime(10);
    expect(state.traces.f.model.analysed).toBe(0); // the first render comes first
    vi.advanceTimersByTime(60);
    expect(state.traces.f.model.analysed).toBeGreaterThan(0);
    vi.advanceTimersByTime(60_000);
    expect(state.traces.f.model.caughtUp).toBe(true);
    expect(state.traces.f.model.live).toBe(false);
    stop();
  });
});
