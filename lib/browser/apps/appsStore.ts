/**
 * The MCP Apps this page renders, by key: what the person opened (a tool's result, a resource's
 * "Open as app"), the host context they chose, and what the host saw of each app (the policy the
 * sandbox applied, the size it asked for, links, messages and logs it sent). The traffic itself is
 * the session's, recorded on the app's channel; this is the page's view of the frames it hosts.
 */
import { create } from 'zustand';
import type { AppTool } from '../../mcp/app-tools';

export type DisplayMode = 'inline' | 'fullscreen' | 'pip';
export const DISPLAY_MODES: readonly DisplayMode[] = ['inline', 'fullscreen', 'pip'];

/** What the person sets per app; sent to the app as host context. */
export interface HostChoices {
  theme: 'light' | 'dark';
  displayMode: DisplayMode;
  locale: string;
  timeZone: string;
  /** A fixed container size; undefined: the app's own size requests are honoured. */
  width?: number;
  height?: number;
}

export interface AppNote {
  kind: 'link' | 'message' | 'log' | 'context' | 'display-mode';
  text: string;
  /** For a link: the URL the app asked to open (shown, opened only by the person). */
  url?: string;
}

export interface AppInstance {
  key: string;
  sessionId: string;
  toolName: string;
  resourceUri: string;
  /** Arguments and result of the call the app shows (absent for "Open as app" from Resources). */
  toolInput?: Record<string, unknown>;
  toolResult?: Record<string, unknown>;
  requestId?: number;
  /** loading: reading the resource; mounted: the frame is up, the app has not initialized the bridge yet. */
  status: 'loading' | 'mounted' | 'running' | 'closing' | 'closed' | 'failed';
  error?: string;
  /** The trace channel the session gave the app (`app:<n>`). */
  channel?: string;
  /** `_meta.ui` of the resource: its csp and permissions as declared. */
  declaredCsp?: unknown;
  permissions?: unknown;
  /** What the sandbox applied: the policy of the app's frame and the entries it left out. */
  applied?: { policy: string; dropped: Array<{ list: string; entry: string; reason: string }> };
  /** The app frame's sandbox and allow attributes, and sandbox flags the sandbox refused. */
  frame?: { sandbox: string; allow: string; refusedFlags: string[] };
  /** The size the app last asked for (ui/notifications/size-changed). */
  requestedSize?: { width?: number; height?: number };
  choices: HostChoices;
  appInfo?: { name: string; version: string };
  /** The View's own tools, as it listed them to the host (absent: it declared none, or has not answered yet). */
  appTools?: AppTool[];
  /** Entries of that answer left out of `appTools`: they had no name to call them by. */
  appToolsSkipped?: number;
  notes: AppNote[];
}

interface AppsState {
  apps: Record<string, AppInstance>;
  /** Keys in the order they were opened. */
  order: string[];
  add(app: AppInstance): void;
  patch(key: string, p: Partial<AppInstance> | ((a: AppInstance) => Partial<AppInstance>)): void;
  note(key: string, note: AppNote): void;
  remove(key: string): void;
}

/** The notes kept per app: the newest. */
const MAX_NOTES = 200;

export const useApps = create<AppsState>()((set) => ({
  apps: {},
  order: [],
  add: (app) => set((s) => ({ apps: { ...s.apps, [app.key]: app }, order: [...s.order.filter((k) => k !== app.key), app.key] })),
  patch: (key, p) =>
    set((s) => {
      const cur = s.apps[key];
      if (!cur) return s;
      return { apps: { ...s.apps, [key]: { ...cur, ...(typeof p === 'function' ? p(cur) : p) } } };
    }),
  note: (key, note) =>
    set((s) => {
      const cur = s.apps[key];
      if (!cur) return s;
      return { apps: { ...s.apps, [key]: { ...cur, notes: [...cur.notes, note].slice(-MAX_NOTES) } } };
    }),
  remove: (key) =>
    set((s) => {
      const { [key]: _gone, ...apps } = s.apps;
      return { apps, order: s.order.filter((k) => k !== key) };
    }),
}));

/** The host context a new app starts with: the page's own locale and time zone, Loupe's dark theme. */
export function defaultChoices(): HostChoices {
  const intl = Intl.DateTimeFormat().resolvedOptions();
  return { theme: 'dark', displayMode: 'inline', locale: intl.locale || 'en-US', timeZone: intl.timeZone || 'UTC' };
}
