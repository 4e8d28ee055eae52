'use client';
import type { RedactionHit } from '../../lib/trace';

/** The list of what the export will replace: frame, where, rule and a masked excerpt. */
/** Rows beyond this are counted, not drawn: a long session can hold thousands of secrets. */
const MAX_ROWS = 500;

export function RedactionPreview({ hits, total = hits?.length ?? 0, optOut }: { hits: readonly RedactionHit[] | undefined; total?: number; optOut: boolean }) {
  if (optOut) {
    return (
      <p role="status" className="rounded border border-amber-700 bg-amber-950/50 px-2 py-1 text-xs text-amber-200">
        Redaction is off: the file will hold every header, token and env value that crossed the wire.
      </p>
    );
  }
  if (!hits)
    return (
      <p role="status" className="text-xs text-zinc-400">
        Finding what to redact…
      </p>
    );
  if (hits.length === 0)
    return (
      <p role="status" className="text-xs text-zinc-400">
        Nothing to redact in these frames.
      </p>
    );
  return (
    <div className="max-h-48 overflow-auto rounded border border-zinc-800">
      <table aria-label="Redaction preview" className="w-full text-left font-mono text-[11px]">
        <caption className="px-2 py-1 text-left font-sans text-xs text-zinc-400">
          {total} value(s) will be redacted{total > Math.min(hits.length, MAX_ROWS) ? ` (the first ${Math.min(hits.length, MAX_ROWS)} listed)` : ''}
        </caption>
        <thead className="sticky top-0 bg-zinc-900 text-zinc-500">
          <tr>
            <th className="px-2 font-normal">Frame</th>
            <th className="px-2 font-normal">Where</th>
            <th className="px-2 font-normal">Rule</th>
            <th className="px-2 font-normal">Excerpt</th>
          </tr>
        </thead>
        <tbody>
          {hits.slice(0, MAX_ROWS).map((h, i) => (
            <tr key={i} className="border-t border-zinc-800">
              {/* seq 0: the trace header (its target's command line or URL), not a frame */}
              <td className="px-2">{h.seq || 'header'}</td>
              <td className="max-w-[12rem] truncate px-2" title={h.where}>
                {h.where}
              </td>
              <td className="px-2">{h.rule}</td>
              <td className="px-2 text-zinc-400">{h.excerpt}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
