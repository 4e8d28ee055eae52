/**
 * The page's one Zustand store: proxy data (written only by the socket, one write per animation
 * frame) and UI state that every pane shares: the open tabs and one selected frame per trace.
 */
import { create } from 'zustand';
import type { Frame } from '../mcp/frame';
import type { MultiSelection } from '../view/multi-select';
import type { ProxyMessage } from '../wire/protocol';
import { initialData, reduceMessages, withNotice, type LinkState, type LoupeData } from './reduce';
import { emptyTrace, ingest, touched, type TraceJudging } from './trace';
import { loadTabs, saveTabs } from './tabsStorage';
import { paneAfterFailures } from './doctor-pane';

export interface UiState {
  /** Open tabs, by trace id (a session id, or `file:<name>`), or a stored session's window (`stored:<id>`). */
  tabs: string[];
  activeTab?: string;
  /** The selected frame per trace: the table, the detail pane and every other view share it. */
  selected: Record<string, number | undefined>;
  /** More frames marked beside the selected one (Shift/Ctrl+click in the traffic table), per
   *  trace: ranges, never one entry per frame. Valid only while its `focus` is the selected frame. */
  multiSelection: Record<string, MultiSelection | undefined>;
  /** The chosen session view per trace (a `panes` id); absent means the first, Traffic. */
  pane: Record<string, string | undefined>;
}

export interface LoupeActions {
  applyMessages(msgs: readonly ProxyMessage[]): void;
  setLink(link: LinkState): void;
  notify(text: string): void;
  dismissNotice(id: number): void;
  openTab(id: string): void;
  closeTab(id: string): void;
  restoreTabs(): void;
  /** Selects one frame; any multi-selection of the trace collapses to it. */
  select(traceId: string, seq: number | undefined): void;
  /** Selects `multi.focus` with the other frames `multi` marks (undefined: the focus alone). */
  selectMany(traceId: string, focus: number, multi: MultiSelection | undefined): void;
  setPane(traceId: string, pane: string): void;
  /** Shows frames from a trace file in a tab of their own; returns the trace id. `judging` is
   *  what the header says the model judges with: its request timeout and framing. */
  openTraceFile(name: string, frames: readonly Frame[], judging?: TraceJudging): string;
  /** The model of a trace moved on by itself (analysis, a clock tick, the end): views redraw. */
  touchTraces(ids: readonly string[]): void;
}

export type LoupeStore = LoupeData & UiState & LoupeActions;

/**
 * A trace file's frames live only in this page, so its tab cannot come back after a reload. A
 * window tab (`stored:<id>`) is kept: it holds nothing but the id of a session on the proxy's disk,
 * and reads its rows again with one request.
 */
function persist(s: UiState): void {
  saveTabs({ tabs: s.tabs.filter((t) => !t.startsWith('file:')), activeTab: s.activeTab });
}

export const useLoupe = create<LoupeStore>()((set, get) => ({
  ...initialData,
  tabs: [],
  selected: {},
  multiSelection: {},
  pane: {},

  applyMessages: (msgs) =>
    set((s) => {
      const next = reduceMessages(s, msgs, performance.now());
      const pane = paneAfterFailures(s.sessions, msgs, next.sessions, s.pane);
      return pane ? { ...next, pane } : next;
    }),
  setLink: (link) => set((s) => ({ link: { ...link, proxyVersion: link.proxyVersion ?? s.link.proxyVersion } })),
  notify: (text) => set((s) => withNotice(s, text)),
  dismissNotice: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),

  openTab: (id) => {
    const s = get();
    const tabs = s.tabs.includes(id) ? s.tabs : [...s.tabs, id];
    set({ tabs, activeTab: id });
    persist(get());
  },
  closeTab: (id) => {
    const s = get();
    const i = s.tabs.indexOf(id);
    if (i < 0) return;
    const tabs = s.tabs.filter((t) => t !== id);
    const activeTab = s.activeTab === id ? tabs[Math.min(i, tabs.length - 1)] : s.activeTab;
    set({ tabs, activeTab });
    persist(get());
  },
  restoreTabs: () => {
    const saved = loadTabs();
    if (saved.tabs.length) set({ tabs: saved.tabs, activeTab: saved.activeTab ?? saved.tabs[0] });
  },
  select: (traceId, seq) =>
    set((s) => ({
      selected: { ...s.selected, [traceId]: seq },
      ...(s.multiSelection[traceId] && { multiSelection: { ...s.multiSelection, [traceId]: undefined } }),
    })),
  selectMany: (traceId, focus, multi) =>
    set((s) => ({ selected: { ...s.selected, [traceId]: focus }, multiSelection: { ...s.multiSelection, [traceId]: multi } })),
  setPane: (traceId, pane) => set((s) => ({ pane: { ...s.pane, [traceId]: pane } })),

  touchTraces: (ids) =>
    set((s) => {
      const traces = { ...s.traces };
      for (const id of ids) if (traces[id]) traces[id] = touched(traces[id]);
      return { traces };
    }),

  openTraceFile: (name, frames, judging) => {
    const id = `file:${name}`;
    set((s) => ({ traces: { ...s.traces, [id]: ingest(emptyTrace({ kind: 'file', name }, judging), frames) } }));
    get().openTab(id);
    return id;
  },
}));
