'use client';
import type { OfferedTool } from '../../lib/client/sampling';

/** The tools a server offers the model in a sampling request, and how it may use them. */
export function SamplingTools({ tools, choice, undeclared }: { tools: OfferedTool[]; choice?: string; undeclared: boolean }) {
  return (
    <section aria-label="Offered tools" className="flex flex-col gap-1 rounded border border-zinc-800 p-1">
      <p className="text-[11px] text-zinc-400">
        {tools.length} tool{tools.length === 1 ? '' : 's'} offered · toolChoice: <span className="font-mono text-zinc-200">{choice ?? '—'}</span>
      </p>
      {undeclared && (
        <p className="text-[11px] text-amber-300">
          The client did not declare sampling.tools: a client must reject this request (Reject does), or tick “sampling: tools” before connecting.
        </p>
      )}
      <ul aria-label="Tools offered to the model" className="flex flex-col gap-1">
        {tools.map((t, i) => (
          <li key={`${t.name}-${i}`} aria-label={`Offered tool ${t.name}`}>
            <span className="font-mono text-emerald-200">{t.name}</span>
            {t.description && <span className="ml-1 text-zinc-400">{t.description}</span>}
            <details>
              <summary className="cursor-pointer text-[11px] text-zinc-500">input schema</summary>
              <pre className="max-h-40 overflow-auto whitespace-pre-wrap font-mono text-[11px] text-zinc-300">{t.schemaText}</pre>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
