/**
 * The page's one Zustand store: proxy data (written only by the socket, one write per animation
 * frame) and UI state that every pane shares: the open tabs and one selected frame per trace.
 */
import { create } from 'zustand';
import type { Frame } from '../mcp/frame';
import type { ProxyMessage } from '../wire/protocol';
import { initialData, reduceMessages, withNotice, type LinkState, type LoupeData } from './reduce';
import { emptyTrace, ingest } from './trace';
import { loadTabs, saveTabs } from './tabsStorage';

export interface UiState {
  /** Open tabs, by trace id (a session id, or `file:<name>`). */
  tabs: string[];
  activeTab?: string;
  /** The selected frame per trace: the table, the detail pane and every other view share it. */
  selected: Record<string, number | undefined>;
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
  select(traceId: string, seq: number | undefined): void;
  setPane(traceId: string, pane: string): void;
  /** Shows frames from a trace file in a tab of their own; returns the trace id. */
  openTraceFile(name: string, frames: readonly Frame[]): string;
}

export type LoupeStore = LoupeData & UiState & LoupeActions;

function persist(s: UiState): void {
  saveTabs({ tabs: s.tabs.filter((t) => !t.startsWith('file:')), activeTab: s.activeTab });
}

export const useLoupe = create<LoupeStore>()((set, get) => ({
  ...initialData,
  tabs: [],
  selected: {},
  pane: {},

  applyMessages: (msgs) => set((s) => reduceMessages(s, msgs)),
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
  select: (traceId, seq) => set((s) => ({ selected: { ...s.selected, [traceId]: seq } })),
  setPane: (traceId, pane) => set((s) => ({ pane: { ...s.pane, [traceId]: pane } })),

  openTraceFile: (name, frames) => {
    const id = `file:${name}`;
    set((s) => ({ traces: { ...s.traces, [id]: ingest(emptyTrace({ kind: 'file', name }), frames) } }));
    get().openTab(id);
    return id;
  },
}));
