'use client';
import type { Annotation } from '../../lib/analyze';
import { safeSpecHref, SEVERITY_STYLE } from '../annotations/severityStyle';

/** What the analyser found on this frame: rule id, severity, message, spec link. */
export function FrameAnnotations({ annotations }: { annotations: readonly Annotation[] }) {
  return (
    <ul aria-label="Frame annotations" className="flex flex-col gap-1">
      {annotations.map((a, i) => {
        const style = SEVERITY_STYLE[a.severity];
        const href = safeSpecHref(a.spec);
        return (
          <li key={`${a.rule}-${i}`} className="rounded border border-zinc-800 bg-zinc-950 px-2 py-1 text-[11px]">
            <span className={`mr-1 font-bold ${style.tone}`} aria-hidden>
              {style.glyph}
            </span>
            <span className="sr-only">{a.severity}</span>
            <span className="font-mono text-zinc-400">{a.rule}</span> <span className="text-zinc-200">{a.message}</span>
            {href && (
              <a href={href} target="_blank" rel="noreferrer noopener" className="ml-1 text-sky-400 hover:underline">
                spec
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
