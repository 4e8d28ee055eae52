'use client';
import { useMemo, useState } from 'react';
import type { Annotation, AnnotationFilter } from '../../lib/analyze';
import { summarize } from '../../lib/analyze';
import { AnnotationGroup } from './AnnotationGroup';
import { ExpertFilters } from './ExpertFilters';
import { SEVERITY_STYLE } from './severityStyle';

export interface ExpertInfoProps {
  annotations: readonly Annotation[];
  /** Called with the sequence number of the frame an entry sits on. */
  onSelectFrame: (seq: number) => void;
  selectedSeq?: number;
  /** Starting filter (e.g. from the URL); the panel keeps its own filter state afterwards. */
  initialFilter?: AnnotationFilter;
}

/** The expert info panel: annotations by severity and group, with counts and filters. */
export function ExpertInfo({ annotations, onSelectFrame, selectedSeq, initialFilter }: ExpertInfoProps) {
  const [filter, setFilter] = useState<AnnotationFilter>(initialFilter ?? {});
  const summary = useMemo(() => summarize(annotations, filter), [annotations, filter]);
  return (
    <section aria-label="Expert info" className="flex h-full min-h-0 flex-col bg-zinc-950 text-zinc-200">
      <ExpertFilters summary={summary} filter={filter} onChange={setFilter} />
      {summary.total === 0 ? (
        <p className="p-3 text-xs text-zinc-500">No annotations: nothing in this traffic breaks a rule Loupe checks.</p>
      ) : summary.shown === 0 ? (
        <p className="p-3 text-xs text-zinc-500">No annotation matches these filters.</p>
      ) : (
        <ul aria-label="Annotations by severity" className="min-h-0 flex-1 overflow-auto">
          {summary.bySeverity.map((s) => (
            <li key={s.severity}>
              <h3 className="sticky top-0 bg-zinc-900 px-2 py-1 text-xs font-semibold">
                <span className={SEVERITY_STYLE[s.severity].tone}>{SEVERITY_STYLE[s.severity].glyph}</span> {SEVERITY_STYLE[s.severity].title} ({s.count})
              </h3>
              {s.groups.map((g) => (
                <AnnotationGroup key={g.group} severity={s.severity} group={g} selectedSeq={selectedSeq} onSelectFrame={onSelectFrame} />
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
