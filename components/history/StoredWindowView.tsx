'use client';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { storedIdOfTab, windowPlaces as places } from '../../lib/browser/stored-window';
import { useLoupe } from '../../lib/browser/store';
import { windowFrameViews } from '../../lib/browser/windowViews';
import { indexOfRow } from '../../lib/view/stored-rows';
import { windowSession } from '../../lib/view/window-sequence';
import type { WindowFilter } from '../../lib/wire/stored-window';
import { FrameDetail } from '../traffic/FrameDetail';
import { Button } from '../ui/Button';
import { WindowPosition } from './WindowPosition';
import { StoredSearchBar } from './StoredSearchBar';
import { StoredWindowHeader } from './StoredWindowHeader';
import { BrowseTabs, type BrowseView } from './BrowseTabs';
import { StoredWindowSequence } from './StoredWindowSequence';
import { StoredWindowTable } from './StoredWindowTable';
import { StoredWindowToolbar } from './StoredWindowToolbar';
import { useStoredEntry } from './useStoredEntry';
import { useStoredWindow, type Target } from './useStoredWindow';
import { useWindowFollow } from './useWindowFollow';

const NO_FILTER: WindowFilter = {};

/**
 * A stored session of any length, browsed a window at a time: the page holds the rows it shows
 * (a couple of thousand at most), as a table or a sequence diagram, and asks the proxy for more as
 * either reaches an end. A session still being written is followed from its newest rows
 * (useWindowFollow.ts), so a live session longer than the page's memory is watched here.
 */
export function StoredWindowView({ tabId }: { tabId: string }) {
  const id = storedIdOfTab(tabId);
  const { entry, missing } = useStoredEntry(id);
  const connected = useLoupe((s) => s.link.status === 'open');
  const [place] = useState(() => places.get(tabId));
  const [filter, setFilter] = useState<WindowFilter>(place?.filter ?? NO_FILTER);
  const [selected, setSelected] = useState<number | undefined>(place?.selected);
  const [shown, setShown] = useState<BrowseView>(place?.view ?? 'traffic');
  useEffect(() => void places.set(tabId, { filter, selected, view: shown }), [tabId, filter, selected, shown]);
  const [first] = useState<Target>(() => (place?.selected !== undefined ? { seq: place.selected } : 'newest'));
  const win = useStoredWindow(id, filter, connected, first);
  const follow = useWindowFollow(win, first === 'newest');
  // One model of the rows, that the table and the diagram both read: paired once per change of rows,
  // built anew each time as rows going on at the top cannot be appended to a model.
  const session = useMemo(() => windowSession(win.rows.frames), [win.rows.frames]);
  const views = useMemo(() => windowFrameViews(session), [session]);
  const { reset } = win;
  const { onTarget } = follow;

  const goTo = useCallback(
    async (target: Target, f?: WindowFilter) => {
      onTarget(target);
      const landed = await reset(target, f);
      if (typeof target === 'object') setSelected(landed);
    },
    [reset, onTarget],
  );
  const onFilter = (f: WindowFilter) => {
    setFilter(f);
    // The rows around the selected frame, as the new filter reads them; the newest when no row held is
    // selected, or while following (it goes on following under the new filter).
    const held = !follow.following && selected !== undefined && indexOfRow(win.rows.frames, selected) >= 0;
    void goTo(held ? { seq: selected } : 'newest', f);
  };
  // A search match, a finding, or a frame the detail names: selected at once when held, else read around
  // it. A filter is cleared first, as it may hide the frame, so the row shown is the one named.
  const jump = (seq: number) => {
    if (indexOfRow(win.rows.frames, seq) >= 0) return setSelected(seq);
    if (filter !== NO_FILTER) setFilter(NO_FILTER);
    void goTo({ seq }, NO_FILTER);
  };

  const selectedIndex = selected === undefined ? -1 : indexOfRow(win.rows.frames, selected);
  const view = selectedIndex >= 0 ? views[selectedIndex] : undefined;
  const onEdge = win.extend;
  const idPrefix = tabId.replace(/[^A-Za-z0-9_-]/g, '_');
  const empty = filter === NO_FILTER ? 'The stored session has no frames.' : 'No frame matches the filter.';

  if (missing && !win.rows.frames.length)
    return <div className="p-6 text-sm text-zinc-400">This stored session is no longer on disk (it was deleted). Close this tab.</div>;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <StoredWindowHeader id={id} entry={entry} totals={win.totals} following={follow.following} ended={follow.ended} onJump={jump} />
      <BrowseTabs shown={shown} onShow={setShown} idPrefix={idPrefix} />
      <div
        role="tabpanel"
        id={`${idPrefix}-browse-${shown}`}
        aria-labelledby={`${idPrefix}-browse-${shown}-tab`}
        className="@container flex min-h-0 flex-1 flex-col"
      >
        <StoredWindowToolbar filter={filter} onFilter={onFilter} onGoTo={(seq) => void goTo({ seq })} lastSeq={win.totals?.lastSeq} />
        <StoredSearchBar id={id} onJump={jump}>
          <WindowPosition
            frames={win.rows.frames}
            onOldest={() => void goTo('oldest')}
            onNewest={() => void goTo('newest')}
            follow={follow.recording ? { following: follow.following, onToggle: () => (follow.following ? follow.stop() : void goTo('newest')) } : undefined}
          />
        </StoredSearchBar>
        {win.error && (
          <p role="alert" className="border-b border-zinc-800 bg-red-950/40 px-2 py-1 text-[11px] text-red-200">
            Could not read the stored session: {win.error}
          </p>
        )}
        <div className="flex min-h-0 flex-1 flex-col @4xl:flex-row">
          <div
            onScrollCapture={follow.onScrollCapture}
            className="@container relative flex min-h-0 min-w-0 flex-[3] flex-col overflow-x-auto @4xl:min-w-[43.25rem]"
          >
            {shown === 'traffic' ? (
              <StoredWindowTable
                views={views}
                selected={selected}
                onPick={setSelected}
                placement={win.placement}
                onEdge={onEdge}
                loading={win.loading}
                idPrefix={idPrefix}
                empty={empty}
              />
            ) : (
              <StoredWindowSequence
                session={session}
                selected={selected}
                onPick={setSelected}
                placement={win.placement}
                onEdge={onEdge}
                loading={win.loading}
                empty={empty}
              />
            )}
            {follow.recording && !follow.following && follow.unseen > 0 && (
              <div className="absolute bottom-3 left-1/2 -translate-x-1/2">
                <Button variant="primary" onClick={() => void goTo('newest')}>
                  ↓ {follow.unseen.toLocaleString('en-US')} new — follow the newest
                </Button>
              </div>
            )}
          </div>
          <aside
            aria-label="Frame detail"
            className="min-h-0 min-w-0 flex-[2] border-t border-zinc-800 bg-zinc-900/40 @4xl:min-w-72 @4xl:border-l @4xl:border-t-0"
          >
            {view ? <FrameDetail view={view} onJump={jump} /> : <p className="p-4 text-xs text-zinc-500">Select a frame to see its raw text and JSON.</p>}
          </aside>
        </div>
      </div>
    </div>
  );
}
