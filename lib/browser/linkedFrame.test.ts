import { beforeEach, describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { script } from '../analyze/testing';
import type { Frame } from '../mcp/frame';
import { emptyTrace, ingest, type Trace } from './trace';
import { followLinkedFrame, settleLinkedFrame, viewOf, type LinkedFrame, type ViewSource } from './linkedFrame';
import type { ViewState } from './viewUrl';

const SESSION = 's1';
/** Six frames of a session: the handshake and a ping with its answer. */
const FRAMES: Frame[] = script()
  .handshake()
  .c({ jsonrpc: '2.0', id: 1, method: 'ping' })
  .s({ jsonrpc: '2.0', id: 1, result: {} })
  .c({ jsonrpc: '2.0', method: 'notifications/cancelled', params: {} }).frames;

type State = ViewSource & {
  select(session: string, seq: number | undefined): void;
  /** What the socket does: one store write per batch of frames. */
  receive(frames: Frame[]): void;
};

/** A store shaped like the page's: the same writes, made the way Zustand makes them. */
function pageStore() {
  return createStore<State>()((set) => ({
    activeTab: SESSION,
    selected: {},
    pane: { [SESSION]: 'sequence' },
    traces: { [SESSION]: emptyTrace({ kind: 'live', sessionId: SESSION }) },
    select: (session, seq) => set((s) => ({ selected: { ...s.selected, [session]: seq } })),
    receive: (frames) => set((s) => ({ traces: { ...s.traces, [SESSION]: ingest(s.traces[SESSION] as Trace, frames) } })),
  }));
}

let store: ReturnType<typeof pageStore>;
let written: ViewState[];
let linked: { current?: LinkedFrame };

beforeEach(() => {
  store = pageStore();
  written = [];
  // The link `#s=s1&pane=sequence&frame=4`, opened before any frame of the session has arrived.
  linked = { current: { session: SESSION, frame: 4, before: undefined } };
  followLinkedFrame(store, linked, (view) => written.push(view));
});

describe("a frame named by a link before the session's frames arrive", () => {
  it('keeps naming it while the frames before it stream in', () => {
    store.getState().receive(FRAMES.slice(0, 3));
    expect(store.getState().selected[SESSION]).toBeUndefined();
    expect(written.at(-1)).toEqual({ session: SESSION, pane: 'sequence', frame: 4 });
  });

  it('selects it when it arrives, and the view written last still names it', () => {
    store.getState().receive(FRAMES.slice(0, 3));
    store.getState().receive(FRAMES.slice(3));
    expect(store.getState().selected[SESSION]).toBe(4);
    expect(linked.current).toBeUndefined();
    // Selecting is a write made inside the listener: the write that brought the frame ends last,
    // and what it writes must not come from the state it was called with (no frame selected yet).
    expect(written.at(-1)).toEqual({ session: SESSION, pane: 'sequence', frame: 4 });
    expect(written.every((v) => v.frame === 4)).toBe(true);
  });

  it('is selected when the whole snapshot arrives in one write, with nothing written after it', () => {
    store.getState().receive(FRAMES);
    expect(store.getState().selected[SESSION]).toBe(4);
    expect(written.at(-1)).toEqual({ session: SESSION, pane: 'sequence', frame: 4 });
  });

  it('gives way to a frame the person chose meanwhile', () => {
    store.getState().receive(FRAMES.slice(0, 2));
    store.getState().select(SESSION, 2);
    store.getState().receive(FRAMES.slice(2));
    expect(store.getState().selected[SESSION]).toBe(2);
    expect(written.at(-1)?.frame).toBe(2);
  });
});

describe('settleLinkedFrame and viewOf', () => {
  const state = (frames: Frame[], selected?: number): ViewSource => ({
    activeTab: SESSION,
    selected: { [SESSION]: selected },
    pane: {},
    traces: { [SESSION]: ingest(emptyTrace({ kind: 'live', sessionId: SESSION }), frames) },
  });
  const link: LinkedFrame = { session: SESSION, frame: 4, before: undefined };

  it('waits, selects, or lets go', () => {
    expect(settleLinkedFrame(link, state([]))).toEqual({ linked: link });
    expect(settleLinkedFrame(link, state(FRAMES.slice(0, 3)))).toEqual({ linked: link });
    expect(settleLinkedFrame(link, state(FRAMES))).toEqual({ select: link });
    expect(settleLinkedFrame(link, state(FRAMES, 1))).toEqual({});
    expect(settleLinkedFrame(undefined, state(FRAMES))).toEqual({});
  });

  it('names the linked frame until one is selected, and only in its own tab', () => {
    expect(viewOf(state([]), link)).toEqual({ session: SESSION, pane: undefined, frame: 4 });
    expect(viewOf(state(FRAMES, 6), link).frame).toBe(6);
    expect(viewOf({ ...state([]), activeTab: 'other' }, link).frame).toBeUndefined();
    expect(viewOf({ ...state([]), activeTab: 'file:x.ndjson' }, link)).toEqual({});
  });
});
