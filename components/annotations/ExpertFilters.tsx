'use client';
import type { AnnotationFilter, ExpertSummary, Severity } from '../../lib/analyze';
import { SEVERITIES } from '../../lib/analyze';
import { SEVERITY_STYLE } from './severityStyle';

interface Props {
  summary: ExpertSummary;
  filter: AnnotationFilter;
  onChange: (filter: AnnotationFilter) => void;
}

function toggle<T>(list: readonly T[] | undefined, item: T): T[] {
  const cur = list ?? [];
  return cur.includes(item) ? cur.filter((x) => x !== item) : [...cur, item];
}

/** Severity toggles with counts, and group and rule id pickers. */
export function ExpertFilters({ summary, filter, onChange }: Props) {
  return (
    <div role="group" aria-label="Annotation filters" className="flex flex-wrap items-center gap-2 border-b border-zinc-800 px-2 py-1.5 text-xs">
      {SEVERITIES.map((s: Severity) => {
        const on = !filter.severities?.length || filter.severities.includes(s);
        return (
          <button
            key={s}
            type="button"
            aria-pressed={!!filter.severities?.includes(s)}
            onClick={() => onChange({ ...filter, severities: toggle(filter.severities, s) })}
            className={`rounded border px-2 py-0.5 ${on ? 'border-zinc-600 bg-zinc-800' : 'border-zinc-800 text-zinc-500'}`}
          >
            <span className={SEVERITY_STYLE[s].tone}>{SEVERITY_STYLE[s].glyph}</span> {SEVERITY_STYLE[s].title} ({summary.counts[s]})
          </button>
        );
      })}
      <select
        aria-label="Group"
        value={filter.groups?.[0] ?? ''}
        onChange={(e) => onChange({ ...filter, groups: e.target.value ? [e.target.value] : [] })}
        className="rounded border border-zinc-700 bg-zinc-900 px-1 py-0.5"
      >
        <option value="">All groups</option>
        {summary.groups.map((g) => (
          <option key={g} value={g}>
            {g}
          </option>
        ))}
      </select>
      <select
        aria-label="Rule id"
        value={filter.rules?.[0] ?? ''}
        onChange={(e) => onChange({ ...filter, rules: e.target.value ? [e.target.value] : [] })}
        className="rounded border border-zinc-700 bg-zinc-900 px-1 py-0.5 font-mono"
      >
        <option value="">All rules</option>
        {summary.rules.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <span className="ml-auto text-zinc-500" aria-live="polite">
        {summary.shown} of {summary.total} shown
      </span>
    </div>
  );
}
