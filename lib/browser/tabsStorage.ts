/** The open session tabs survive a reload (per browser tab, like the token). */
const KEY = 'loupe.tabs';

export interface SavedTabs {
  tabs: string[];
  activeTab?: string;
}

export function loadTabs(): SavedTabs {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as SavedTabs | null;
    if (v && Array.isArray(v.tabs) && v.tabs.every((t) => typeof t === 'string')) return v;
  } catch {
    // A damaged entry is not worth an error: start with no tabs.
  }
  return { tabs: [] };
}

export function saveTabs(v: SavedTabs): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(v));
  } catch {
    // Storage full or disabled: tabs simply will not survive a reload.
  }
}
