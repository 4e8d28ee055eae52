'use client';
import { toolBadges, type ToolHint } from '../../lib/client/list-search';
import type { ToolInfo } from '../../lib/browser/client-panel/toolsStore';

const TONE: Record<ToolHint, string> = {
  'read-only': 'border-emerald-700 text-emerald-200',
  destructive: 'border-red-800 text-red-200',
  idempotent: 'border-sky-700 text-sky-200',
  'open-world': 'border-violet-700 text-violet-200',
};

/** The picked tool: its title (what a host shows people) with its name, and its behaviour hints. */
export function ToolHeading({ tool }: { tool: ToolInfo }) {
  const title = tool.title ?? (tool.annotations as { title?: unknown } | undefined)?.title;
  return (
    <div role="group" aria-label={`Tool ${tool.name}`} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      {typeof title === 'string' && <span className="font-semibold text-zinc-100">{title}</span>}
      <span className="font-mono text-zinc-400">{tool.name}</span>
      <ToolBadges tool={tool} />
    </div>
  );
}

/** A tool's behaviour hints as badges. `declaredOnly` leaves out the spec's defaults: a list of
 *  many tools would otherwise repeat "destructive (default)" on nearly every line. */
export function ToolBadges({ tool, declaredOnly = false }: { tool: ToolInfo; declaredOnly?: boolean }) {
  const badges = toolBadges(tool.annotations).filter((b) => !declaredOnly || b.declared);
  if (badges.length === 0) return null;
  return (
    <ul aria-label="Annotations" className="flex flex-wrap gap-1">
      {badges.map((b) => (
        <li key={b.hint} title={b.why} className={`rounded border px-1 text-[10px] leading-4 ${TONE[b.hint]} ${b.declared ? '' : 'border-dashed opacity-60'}`}>
          {b.hint}
          {b.declared ? '' : ' (default)'}
        </li>
      ))}
    </ul>
  );
}
