'use client';
import { KIND_COLOR, SEVERITY_COLOR, type Severity } from '../../lib/view/palette';

const SEVERITIES: Severity[] = ['error', 'warning', 'info'];

function Dot({ color }: { color: string }) {
  return (
    <svg width={8} height={8} aria-hidden="true" className="shrink-0">
      <circle cx={4} cy={4} r={4} fill={color} />
    </svg>
  );
}

/** What the diagram's dots mean: the severity marks left of the lifecycle lane (where findings are drawn), and the marks on it. */
export function SequenceLegend({ findings }: { findings: boolean }) {
  return (
    <ul aria-label="Legend" className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-zinc-400">
      {findings && (
        <li className="flex items-center gap-1" title="A dot left of the lifecycle lane: the analyser has a finding on that frame. Hover it for the finding.">
          {SEVERITIES.map((s) => (
            <Dot key={s} color={SEVERITY_COLOR[s]} />
          ))}
          <span>finding: error, warning, info</span>
        </li>
      )}
      <li className="flex items-center gap-1" title="A dot on the lifecycle lane: a process or connection event (spawn, exit, stdin closed).">
        <Dot color={KIND_COLOR.lifecycle} />
        <span>lifecycle event</span>
      </li>
    </ul>
  );
}
