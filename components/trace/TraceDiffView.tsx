'use client';
import type { Change, ItemsDiff, TraceDiff } from '../../lib/diff';

const show = (v: unknown) => {
  const s = JSON.stringify(v);
  return s === undefined ? '—' : s.length > 60 ? `${s.slice(0, 57)}...` : s;
};

function ChangeList({ changes, label }: { changes: readonly Change[]; label: string }) {
  return (
    <ul aria-label={label} className="ml-4 font-mono text-[11px] text-zinc-300">
      {changes.map((c, i) => (
        <li key={i}>
          <span className="text-zinc-500">{c.path || '(value)'}</span>{' '}
          {c.kind === 'added' ? (
            <span className="text-emerald-300">+ {show(c.after)}</span>
          ) : c.kind === 'removed' ? (
            <span className="text-red-300">- {show(c.before)}</span>
          ) : (
            <span>
              {show(c.before)} → {show(c.after)}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function Items({ title, d }: { title: string; d: ItemsDiff }) {
  // Unknown is not removed: one side never listed them, so there is nothing to compare.
  if (d.notListed === 'before' || d.notListed === 'after') {
    return (
      <section aria-label={`${title} differences`} className="flex flex-col gap-1">
        <h3 className="font-semibold">{title}</h3>
        <p className="text-zinc-400">not listed in {d.notListed === 'before' ? 'the first' : 'the second'} trace: unknown, not compared</p>
      </section>
    );
  }
  if (!d.added.length && !d.removed.length && !d.changed.length) return null;
  return (
    <section aria-label={`${title} differences`} className="flex flex-col gap-1">
      <h3 className="font-semibold">{title}</h3>
      <ul aria-label={title} className="flex flex-col gap-1">
        {d.added.map((n) => (
          <li key={`+${n}`} className="text-emerald-300">
            + {n}
          </li>
        ))}
        {d.removed.map((n) => (
          <li key={`-${n}`} className="text-red-300">
            - {n}
          </li>
        ))}
        {d.changed.map((c) => (
          <li key={`~${c.name}`}>
            <span className="text-amber-200">~ {c.name}</span>
            <ChangeList changes={c.changes} label={`Changes to ${c.name}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What differs between two traces, as computed by lib/diff/diff.ts. */
export function TraceDiffView({ diff, names }: { diff: TraceDiff; names: [string, string] }) {
  const ms = (s?: { medianMs: number; maxMs: number; count: number }) => (s ? `${s.medianMs.toFixed(1)} / ${s.maxMs.toFixed(1)} ms ×${s.count}` : '—');
  return (
    <div className="flex flex-col gap-3 text-xs">
      <p role="status" className={diff.different ? 'text-amber-200' : 'text-emerald-300'}>
        {diff.different ? `${names[0]} and ${names[1]} differ` : 'No differences (latency aside)'}
      </p>
      {diff.negotiatedVersion && (
        <p>
          Negotiated version: {diff.negotiatedVersion.before ?? 'none'} → {diff.negotiatedVersion.after ?? 'none'}
        </p>
      )}
      <Items title="Tools" d={diff.tools} />
      <Items title="Resources" d={diff.resources} />
      <Items title="Resource templates" d={diff.resourceTemplates} />
      <Items title="Prompts" d={diff.prompts} />
      {(['server', 'client'] as const).map((side) =>
        diff.capabilities[side].length ? (
          <section key={side} aria-label={`${side} capability differences`}>
            <h3 className="font-semibold">{side === 'server' ? 'Server' : 'Client'} capabilities</h3>
            <ChangeList changes={diff.capabilities[side]} label={`${side} capability changes`} />
          </section>
        ) : null,
      )}
      {(diff.annotations.added.length > 0 || diff.annotations.removed.length > 0) && (
        <section aria-label="Annotation differences">
          <h3 className="font-semibold">Annotations</h3>
          <ul aria-label="Annotations" className="font-mono text-[11px]">
            {diff.annotations.added.map((a, i) => (
              <li key={`+${i}`} className="text-red-300">
                + [{a.severity}] {a.rule}: {a.message}
                {a.count > 1 ? ` ×${a.count}` : ''}
              </li>
            ))}
            {diff.annotations.removed.map((a, i) => (
              <li key={`-${i}`} className="text-emerald-300">
                - [{a.severity}] {a.rule}: {a.message}
                {a.count > 1 ? ` ×${a.count}` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
      {diff.latency.length > 0 && (
        <table aria-label="Latency per method" className="w-full text-left font-mono text-[11px]">
          <thead className="text-zinc-500">
            <tr>
              <th className="pr-4 font-normal">Method</th>
              <th className="break-all pr-4 font-normal">{names[0]} (median / max)</th>
              <th className="break-all font-normal">{names[1]} (median / max)</th>
            </tr>
          </thead>
          <tbody>
            {diff.latency.map((r) => (
              <tr key={r.method} className="border-t border-zinc-800">
                <td className="whitespace-nowrap pr-4">{r.method}</td>
                <td className="whitespace-nowrap pr-4">{ms(r.before)}</td>
                <td className="whitespace-nowrap">{ms(r.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
