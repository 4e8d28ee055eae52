'use client';
import { useEffect, useState, type FormEvent } from 'react';
import type { WindowFilter } from '../../lib/wire/stored-window';
import { Button } from '../ui/Button';
import { inputClass } from '../ui/Field';

/** The form fields' look at a width of its own: the toolbar's fields sit side by side. */
const fieldClass = inputClass.replace('w-full ', '');

type Lane = NonNullable<WindowFilter['lane']>;
const LANES: { id: Lane | undefined; label: string }[] = [
  { id: undefined, label: 'All' },
  { id: 'message', label: 'Messages' },
  { id: 'http', label: 'HTTP' },
  { id: 'stderr', label: 'stderr' },
  { id: 'lifecycle', label: 'Lifecycle' },
];

/** Methods offered as you type; any other is taken as written. */
const METHODS = [
  'initialize',
  'notifications/initialized',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/read',
  'resources/templates/list',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
  'sampling/createMessage',
  'elicitation/create',
  'roots/list',
  'notifications/message',
  'notifications/progress',
  'notifications/cancelled',
  'notifications/tools/list_changed',
];

const selectClass =
  'shrink-0 rounded border border-zinc-700 bg-zinc-950 px-1 py-0.5 font-mono text-[11px] text-zinc-100 focus:border-sky-500 focus:outline-none';

/** A text the filter takes when it is committed (Enter, or leaving the field), not on every key. */
function CommitInput({
  label,
  placeholder,
  value,
  onCommit,
  list,
  width,
}: {
  label: string;
  placeholder: string;
  value?: string;
  onCommit: (v?: string) => void;
  list?: string;
  /** A Tailwind width: a method is longer than a tool's name. */
  width: string;
}) {
  const [draft, setDraft] = useState(value ?? '');
  // The filter may change from elsewhere (a jump to a search match clears it).
  useEffect(() => setDraft(value ?? ''), [value]);
  const commit = () => {
    const v = draft.trim() || undefined;
    if (v !== value) onCommit(v);
  };
  return (
    <input
      type="search"
      aria-label={label}
      placeholder={placeholder}
      list={list}
      value={draft}
      spellCheck={false}
      onChange={(e) => setDraft(e.target.value)}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
      onBlur={commit}
      className={`${fieldClass} ${width} min-w-20 py-0.5`}
    />
  );
}

interface Props {
  filter: WindowFilter;
  onFilter: (f: WindowFilter) => void;
  onGoTo: (seq: number) => void;
  /** The seqs a seq to go to may take. */
  lastSeq?: number;
}

/** The window's filter (answered by the proxy from the store's columns) and Go to seq. */
export function StoredWindowToolbar({ filter, onFilter, onGoTo, lastSeq }: Props) {
  const [seq, setSeq] = useState('');
  const go = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(seq);
    if (Number.isInteger(n) && n > 0) onGoTo(n);
  };
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-zinc-800 bg-zinc-900/60 px-2 py-1">
      <select
        aria-label="Direction"
        value={filter.dir ?? ''}
        onChange={(e) => onFilter({ ...filter, dir: (e.target.value || undefined) as WindowFilter['dir'] })}
        className={selectClass}
      >
        <option value="">Both directions</option>
        <option value="c2s">client → server</option>
        <option value="s2c">server → client</option>
      </select>
      <div role="radiogroup" aria-label="Lane" className="flex shrink-0 overflow-hidden rounded border border-zinc-700">
        {LANES.map((l) => (
          <button
            key={l.label}
            type="button"
            role="radio"
            aria-checked={filter.lane === l.id}
            onClick={() => onFilter({ ...filter, lane: l.id })}
            className={`whitespace-nowrap px-2 py-0.5 text-[11px] ${filter.lane === l.id ? 'bg-zinc-700 text-zinc-50' : 'text-zinc-400 hover:bg-zinc-800'}`}
          >
            {l.label}
          </button>
        ))}
      </div>
      <CommitInput
        label="Method"
        placeholder="Method"
        value={filter.method}
        list="stored-window-methods"
        width="w-52"
        onCommit={(method) => onFilter({ ...filter, method })}
      />
      <datalist id="stored-window-methods">
        {METHODS.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      <CommitInput label="Tool" placeholder="Tool" width="w-32" value={filter.tool} onCommit={(tool) => onFilter({ ...filter, tool })} />
      <form onSubmit={go} className="flex shrink-0 items-center gap-1">
        <input
          type="number"
          aria-label="Go to seq"
          placeholder="Go to seq"
          min={1}
          max={lastSeq}
          value={seq}
          onChange={(e) => setSeq(e.target.value)}
          className={`${fieldClass} w-24 py-0.5`}
        />
        <Button type="submit" disabled={!seq}>
          Go
        </Button>
      </form>
    </div>
  );
}
