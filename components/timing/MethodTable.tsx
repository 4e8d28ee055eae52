'use client';

/** A number cell: its text and, when it calls for attention, a colour. */
export interface MethodCell {
  text: string | number;
  className?: string;
}

export interface MethodRow {
  method: string;
  dir: 'c2s' | 's2c' | 'local';
  cells: MethodCell[];
}

/**
 * A table of one row per method and direction: the method, who asked, then right-aligned figures.
 * The Timing pane's latency table and a stored session's whole-session timing both draw it.
 */
export function MethodTable({ label, heads, rows, empty, dense }: { label: string; heads: string[]; rows: MethodRow[]; empty: string; dense?: boolean }) {
  const pad = dense ? 'pr-3' : 'pr-2';
  return (
    <table aria-label={label} className={`border-collapse text-left ${dense ? 'mt-1 text-[11px]' : 'w-full text-xs'}`}>
      <thead className="whitespace-nowrap text-zinc-400">
        <tr>
          <th className={`${dense ? '' : 'py-1 '}${pad} font-normal`}>Method</th>
          <th className={`${pad} font-normal`}>From</th>
          {heads.map((h) => (
            <th key={h} className={`${pad} text-right font-normal`}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="whitespace-nowrap tabular-nums">
        {rows.map((r) => (
          <tr key={`${r.dir} ${r.method}`} className="border-t border-zinc-800">
            <th scope="row" className={`${dense ? '' : 'py-0.5 '}${pad} font-mono font-normal`}>
              {r.method}
            </th>
            <td className={pad}>{r.dir === 'c2s' ? 'client' : 'server'}</td>
            {r.cells.map((c, i) => (
              <td key={i} className={`${pad} text-right ${c.className ?? ''}`}>
                {c.text}
              </td>
            ))}
          </tr>
        ))}
        {rows.length === 0 && (
          <tr>
            <td colSpan={heads.length + 2} className="py-2 text-zinc-500">
              {empty}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
