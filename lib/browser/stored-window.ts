/**
 * The page's side of a window onto a stored session (lib/wire/stored-window.ts): a few hundred
 * frames at a time from the proxy, by anchor and filter, and a search over the whole session. The
 * History entries a window tab shows in its header and tab label are kept here, by stored id, so a
 * tab restored after a reload can fetch its entry once and the tab strip can name it.
 */
import { create } from 'zustand';
import type { Frame } from '../mcp/frame';
import type { StoredSessionEntry } from '../wire/history';
import type { StoredMethodStats } from '../view/latency-histogram';
import type { ProxyMessage } from '../wire/protocol';
import type { WindowFilter } from '../wire/stored-window';
import type { StoredState } from '../view/window-follow';
import { getSocket } from './socket';
import { useLoupe } from './store';

/** A window tab's id: `stored:` and the stored session's id. */
export const STORED_TAB_PREFIX = 'stored:';
export const storedTabId = (id: string) => `${STORED_TAB_PREFIX}${id}`;
export const isStoredTab = (tabId: string) => tabId.startsWith(STORED_TAB_PREFIX);
export const storedIdOfTab = (tabId: string) => tabId.slice(STORED_TAB_PREFIX.length);

/** Where a window starts: the newest frames, the frames from a seq on, or the frames before one. */
export type WindowAnchor = { newest: true } | { fromSeq: number } | { beforeSeq: number };

export interface StoredWindow {
  frames: Frame[];
  frameCount: number;
  firstSeq: number;
  lastSeq: number;
  bytes: number;
  hasBefore: boolean;
  hasAfter: boolean;
  /** `recording` while the session is still being written: a window that reaches its newest frame follows it. */
  state: StoredState;
}

export async function fetchWindow(id: string, anchor: WindowAnchor, limit: number, filter?: WindowFilter): Promise<StoredWindow> {
  const reply = await getSocket().call({
    type: 'history/window',
    id,
    limit,
    ...('fromSeq' in anchor ? { fromSeq: anchor.fromSeq } : 'beforeSeq' in anchor ? { beforeSeq: anchor.beforeSeq } : {}),
    ...(filter && Object.keys(filter).length ? { filter } : {}),
  });
  if (reply.type !== 'history/window') throw new Error(`the proxy answered history/window with ${reply.type}`);
  // The wire schema checks each frame's envelope; `meta` is read defensively by the views.
  return { ...reply, frames: reply.frames as Frame[] };
}

export interface StoredSearch {
  text: string;
  /** Matching seqs, ascending. */
  seqs: number[];
  /** Where to search on from when the proxy stopped at its limit. */
  next?: number;
}

/** Requests and latencies by method over the whole stored session (the store's timing column). */
export async function fetchStoredTiming(id: string): Promise<StoredMethodStats[]> {
  const reply = await getSocket().call({ type: 'history/timing', id });
  if (reply.type !== 'history/timing') throw new Error(`the proxy answered history/timing with ${reply.type}`);
  return reply.methods;
}

export type StoredFindingsReply = Extract<ProxyMessage, { type: 'history/findings' }>;

/** The findings kept when the session was stored (the first in seq order), or why there are none. */
export async function fetchStoredFindings(id: string): Promise<StoredFindingsReply> {
  const reply = await getSocket().call({ type: 'history/findings', id });
  if (reply.type !== 'history/findings') throw new Error(`the proxy answered history/findings with ${reply.type}`);
  return reply;
}

/** The seqs of a stored session's frames whose text holds `text`. */
export async function searchStored(id: string, text: string, fromSeq?: number): Promise<StoredSearch> {
  const reply = await getSocket().call({ type: 'history/search', id, text, ...(fromSeq === undefined ? {} : { fromSeq }) });
  if (reply.type !== 'history/search-result') throw new Error(`the proxy answered history/search with ${reply.type}`);
  return { text, seqs: reply.seqs, next: reply.next };
}

/** How a stored session is named in its tab: its server and when it started (two runs of one server differ). */
export function storedSessionLabel(s: StoredSessionEntry): string {
  return `${s.name} · ${new Date(s.startedAt).toLocaleString()}`;
}

/** The History entries of stored sessions shown in window tabs, by stored id. */
export const useStoredEntries = create<Record<string, StoredSessionEntry>>()(() => ({}));

export function rememberStoredEntry(entry: StoredSessionEntry): void {
  useStoredEntries.setState({ [entry.id]: entry });
}

/**
 * Where each window tab was, by tab id: its view unmounts when another tab is shown, and coming
 * back reads the rows around the frame that was selected, under the same filter, not the newest.
 */
export const windowPlaces = new Map<string, { filter: WindowFilter; selected?: number; view?: 'traffic' | 'sequence' }>();

/**
 * Opens the window tab of a live session's copy on disk on its newest rows, whatever place the tab
 * was left at: the window follows the session as it is written, so a session past what the page's
 * memory holds is still watched as it goes (the live session's banner leads here).
 */
export function browseStoredNewest(id: string): void {
  windowPlaces.delete(storedTabId(id));
  useLoupe.getState().openTab(storedTabId(id));
}

/**
 * Opens the window tab of a session's copy on disk on the rows around `seq`, selected, with no
 * filter to hide it: a finding of the whole session that the live session's banner lists sits
 * past the frames the page holds.
 */
export function browseStoredAt(id: string, seq: number): void {
  const tab = storedTabId(id);
  windowPlaces.set(tab, { ...windowPlaces.get(tab), filter: {}, selected: seq });
  useLoupe.getState().openTab(tab);
}

/** Opens (or shows) the window tab of a stored session. */
export function browseStoredSession(entry: StoredSessionEntry): void {
  rememberStoredEntry(entry);
  useLoupe.getState().openTab(storedTabId(entry.id));
}
