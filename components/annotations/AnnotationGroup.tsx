'use client';
import { useState } from 'react';
import type { GroupSummary, Severity } from '../../lib/analyze';
import { safeSpecHref } from './severityStyle';

/** Long groups (stderr chatter) render their first entries; the rest on request. */
const FIRST = 200;

interface Props {
  severity: Severity;
  group: GroupSummary;
  selectedSeq?: number;
  onSelectFrame: (seq: number) => void;
}

/** One group of one severity: a collapsible list of annotations, each jumping to its frame. */
export function AnnotationGroup({ severity, group, selectedSeq, onSelectFrame }: Props) {
  const [all, setAll] = useState(false);
  const items = all ? group.items : group.items.slice(0, FIRST);
  return (
    <details open={group.count <= 50} className="border-b border-zinc-900">
      <summary className="cursor-default px-3 py-1 text-xs text-zinc-300 hover:bg-zinc-800/60">
        <span className="font-mono">{group.group}</span> <span className="text-zinc-500">({group.count})</span>
      </summary>
      <ul aria-label={`${group.group} ${severity} annotations`} className="pb-1">
        {items.map((a, i) => {
          const seq = a.frames[0];
          const href = safeSpecHref(a.spec);
          return (
            <li key={`${seq}-${a.rule}-${i}`} className={`flex items-baseline gap-2 px-5 py-0.5 text-xs ${seq === selectedSeq ? 'bg-sky-900/50' : ''}`}>
              <button
                type="button"
                onClick={() => onSelectFrame(seq)}
                aria-label={`Go to frame ${seq}: ${a.message}`}
                className="min-w-0 flex-1 truncate text-left hover:underline"
                title={a.message}
              >
                <span className="tabular-nums text-zinc-500">#{seq}</span> <span className="font-mono text-zinc-400">{a.rule}</span> {a.message}
              </button>
              {href && (
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="shrink-0 text-sky-400 hover:underline"
                  aria-label={`Spec section for ${a.rule}`}
                >
                  spec
                </a>
              )}
            </li>
          );
        })}
      </ul>
      {!all && group.count > FIRST && (
        <button type="button" onClick={() => setAll(true)} className="px-5 pb-1 text-xs text-sky-400 hover:underline">
          Show all {group.count}
        </button>
      )}
    </details>
  );
}
