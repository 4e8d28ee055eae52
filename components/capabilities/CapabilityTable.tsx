'use client';
import type { CapabilityRow } from '../../lib/view/capability-rows';

/** One side's capabilities: every one the version defines, declared or not. */
export function CapabilityTable({ title, rows }: { title: string; rows: CapabilityRow[] }) {
  const declared = rows.filter((r) => r.declared).length;
  return (
    <table aria-label={title} className="w-full border-collapse text-left text-xs">
      <caption className="mb-1 text-left text-sm font-semibold">
        {title} <span className="font-normal text-zinc-400">({declared} declared)</span>
      </caption>
      <thead className="text-zinc-400">
        <tr>
          <th className="py-1 pr-2 font-normal">Capability</th>
          <th className="pr-2 font-normal">Declared</th>
          <th className="pr-2 font-normal">Value</th>
          <th className="font-normal">Meaning</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.path} className={`border-t border-zinc-800 ${r.declared ? '' : 'text-zinc-500'}`}>
            <th scope="row" aria-label={r.path} className="py-0.5 pr-2 font-mono font-normal" style={{ paddingLeft: r.depth * 14 }}>
              {r.path.split('.').at(-1)}
            </th>
            <td className={`pr-2 ${r.declared ? 'text-green-400' : ''}`}>
              {r.declared ? 'yes' : 'no'}
              {r.unknown && <span className="ml-1 text-amber-400"> not in this version</span>}
            </td>
            <td className="pr-2 font-mono">
              <span className="block max-w-[9rem] truncate" title={r.value}>
                {r.value ?? '—'}
              </span>
            </td>
            <td>{r.meaning}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
