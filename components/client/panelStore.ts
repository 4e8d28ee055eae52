/** Whether a session's client panel is open, and which feature tab it shows. */
import { createPerSession } from './perSession';

export const CLIENT_TABS = ['Tools', 'Resources', 'Prompts', 'Tasks', 'Roots', 'Utilities'] as const;
export type ClientTab = (typeof CLIENT_TABS)[number];

export const usePanel = createPerSession<{ open: boolean; tab: ClientTab }>(() => ({ open: false, tab: 'Tools' }));

export function showPanel(sessionId: string, tab?: ClientTab): void {
  usePanel.getState().patch(sessionId, (s) => ({ open: true, tab: tab ?? s.tab }));
}
