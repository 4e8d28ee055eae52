'use client';
import { inputClass } from '../ui/Field';

/** The search box above a listing: what it filters on is lib/client/list-search.ts. */
export function ListSearch({
  what,
  value,
  shown,
  total,
  onChange,
}: {
  what: string;
  value: string;
  shown: number;
  total: number;
  onChange: (q: string) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <input
        type="search"
        aria-label={`Search ${what}`}
        placeholder={`Search ${what} (name, title, description)`}
        spellCheck={false}
        autoComplete="off"
        className={inputClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onChange('');
        }}
      />
      {value.trim() && (
        <span role="status" className="shrink-0 text-[11px] text-zinc-500">
          {shown} of {total}
        </span>
      )}
    </div>
  );
}
