/**
 * Whether a session's client panel is open, and which feature tab it shows. This browser tab
 * keeps it across a reload (sessionStorage), so the panel comes back as it was; what the panel
 * shows is the session's client state, from the proxy.
 */
import { createPerSession } from './perSession';

export const CLIENT_TABS = ['Tools', 'Resources', 'Prompts', 'Tasks', 'Roots', 'Utilities', 'Listen'] as const;
/** Tabs only a modern (2026-07-28) session has. */
export const MODERN_ONLY_TABS: readonly ClientTab[] = ['Listen'];
export type ClientTab = (typeof CLIENT_TABS)[number];

export interface PanelState {
  open: boolean;
  tab: ClientTab;
}

const KEY = 'loupe.clientPanels';

function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

function restored(): Record<string, PanelState> {
  try {
    const v = JSON.parse(tabStorage()?.getItem(KEY) ?? '{}') as Record<string, Partial<PanelState>>;
    const out: Record<string, PanelState> = {};
    for (const [id, p] of Object.entries(v ?? {})) {
      if (typeof p?.open === 'boolean' && CLIENT_TABS.includes(p.tab as ClientTab)) out[id] = { open: p.open, tab: p.tab as ClientTab };
    }
    return out;
  } catch {
    return {};
  }
}

export const usePanel = createPerSession<PanelState>(() => ({ open: false, tab: 'Tools' }));

/** Brings back this browser tab's panels, then keeps them; called once the page runs (not at build). */
export function restorePanels(): void {
  usePanel.setState({ bySession: { ...restored(), ...usePanel.getState().bySession } });
  usePanel.subscribe((s) => {
    try {
      tabStorage()?.setItem(KEY, JSON.stringify(s.bySession));
    } catch {
      // Storage full or refused: the panel simply starts closed after a reload.
    }
  });
}

export function showPanel(sessionId: string, tab?: ClientTab): void {
  usePanel.getState().patch(sessionId, (s) => ({ open: true, tab: tab ?? s.tab }));
}
