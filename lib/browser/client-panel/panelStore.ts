/**
 * Whether a session's client panel is open, and which feature tab it shows. This browser tab
 * keeps it across a reload (sessionStorage), so the panel comes back as it was; what the panel
 * shows is the session's client state, from the proxy.
 */
import { keepInTab } from './keepInTab';
import { createPerSession } from './perSession';

export const CLIENT_TABS = ['Tools', 'Resources', 'Prompts', 'Tasks', 'Roots', 'Pinned', 'Utilities', 'Listen'] as const;
/** Tabs only a modern (2026-07-28) session has. */
export const MODERN_ONLY_TABS: readonly ClientTab[] = ['Listen'];
export type ClientTab = (typeof CLIENT_TABS)[number];

export interface PanelState {
  open: boolean;
  tab: ClientTab;
}

export const usePanel = createPerSession<PanelState>(() => ({ open: false, tab: 'Tools' }));

function parsePanel(v: unknown): PanelState | undefined {
  const p = v as Partial<PanelState> | undefined;
  return typeof p?.open === 'boolean' && CLIENT_TABS.includes(p.tab as ClientTab) ? { open: p.open, tab: p.tab as ClientTab } : undefined;
}

/** Brings back this browser tab's panels, then keeps them; called once the page runs (not at build). */
export function restorePanels(): void {
  keepInTab(usePanel, 'loupe.clientPanels', parsePanel);
}

export function showPanel(sessionId: string, tab?: ClientTab): void {
  usePanel.getState().patch(sessionId, (s) => ({ open: true, tab: tab ?? s.tab }));
}
