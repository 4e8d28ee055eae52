'use client';
import { memo } from 'react';
import type { LaneFilter, TrafficFilter } from '../../lib/browser/filter';
import { Button } from '../ui/Button';
import { inputClass } from '../ui/Field';
import { channelLabel, SESSION_CHANNEL } from '../../lib/mcp/channel';

const LANES: { id: LaneFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'messages', label: 'Messages' },
  { id: 'http', label: 'HTTP' },
  { id: 'stderr', label: 'stderr' },
  { id: 'lifecycle', label: 'Lifecycle' },
];

/** An HTTP session has no stderr and a stdio one no HTTP: offer only the lanes the trace can have. */
function lanesFor(transport: 'stdio' | 'http' | undefined) {
  return LANES.filter((l) => (l.id === 'http' ? transport !== 'stdio' : l.id === 'stderr' ? transport !== 'http' : true));
}

interface Props {
  filter: TrafficFilter;
  onChange: (f: TrafficFilter) => void;
  shown: number;
  total: number;
  /** How many frames are selected; the count and its clear button show from two on. */
  marked: number;
  onClearMarked: () => void;
  /** Undefined when it cannot be told (an imported file with neither lane): every lane is offered. */
  transport?: 'stdio' | 'http';
  /** The MCP Apps' channels in the trace (app:<n>); with any, the channel filter shows. */
  channels: readonly string[];
}

interface FilterProps {
  filter: TrafficFilter;
  onChange: (f: TrafficFilter) => void;
  transport?: 'stdio' | 'http';
  channels: readonly string[];
}

/** Which conversation to show: every one, the session's own, or one MCP App's bridge. */
function ChannelSelect({ filter, onChange, channels }: Omit<FilterProps, 'transport'>) {
  return (
    <select
      aria-label="Channel"
      value={filter.channel ?? ''}
      onChange={(e) => onChange({ ...filter, channel: e.target.value || undefined })}
      // Its own width, not the form fields' full one: the text filter and the count keep their room.
      className="w-28 shrink-0 rounded border border-zinc-700 bg-zinc-950 px-1 py-0.5 font-mono text-[11px] text-zinc-100 focus:border-sky-500 focus:outline-none"
    >
      <option value="">All channels</option>
      <option value={SESSION_CHANNEL}>{channelLabel(undefined)}</option>
      {channels.map((c) => (
        <option key={c} value={c}>
          {channelLabel(c)}
        </option>
      ))}
    </select>
  );
}

/**
 * The lane and text filter, apart from the counts: the counts change with every batch of a stream,
 * and re-rendering a controlled input makes React write its name and type again, which restyles it.
 */
const FilterControls = memo(function FilterControls({ filter, onChange, transport, channels }: FilterProps) {
  return (
    <>
      <div role="radiogroup" aria-label="Lane" className="flex shrink-0 overflow-hidden rounded border border-zinc-700">
        {lanesFor(transport).map((l) => (
          <button
            key={l.id}
            type="button"
            role="radio"
            aria-checked={filter.lane === l.id}
            onClick={() => onChange({ ...filter, lane: l.id })}
            className={`whitespace-nowrap px-2 py-0.5 text-[11px] ${filter.lane === l.id ? 'bg-zinc-700 text-zinc-50' : 'text-zinc-400 hover:bg-zinc-800'}`}
          >
            {l.label}
          </button>
        ))}
      </div>
      {channels.length > 0 && <ChannelSelect filter={filter} onChange={onChange} channels={channels} />}
      <input
        type="search"
        aria-label="Filter by method"
        placeholder="Filter by method, tool, prompt or URI"
        value={filter.text}
        onChange={(e) => onChange({ ...filter, text: e.target.value })}
        className={`${inputClass} min-w-24 max-w-64 py-0.5`}
      />
    </>
  );
});

export function TrafficToolbar({ filter, onChange, shown, total, marked, onClearMarked, transport, channels }: Props) {
  return (
    <div className="flex items-center gap-3 border-b border-zinc-800 bg-zinc-900/60 px-2 py-1">
      <FilterControls filter={filter} onChange={onChange} transport={transport} channels={channels} />
      {/* The live region stays mounted so a screen reader hears the count as it changes. */}
      <span role="status" aria-label="Selected frames" className="shrink-0 whitespace-nowrap text-[11px] text-sky-200">
        {marked > 1 ? `${marked} frames selected` : ''}
      </span>
      {marked > 1 && (
        <Button variant="ghost" className="-ml-2 shrink-0 whitespace-nowrap px-1 py-0 text-[11px]" onClick={onClearMarked}>
          Clear selection
        </Button>
      )}
      <span className="ml-auto shrink-0 whitespace-nowrap font-mono text-[11px] text-zinc-500">
        {shown === total ? `${total} frames` : `${shown} of ${total} frames`}
      </span>
    </div>
  );
}
