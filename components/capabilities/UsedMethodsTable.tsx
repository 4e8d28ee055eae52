'use client';
import type { UsedMethod } from '../../lib/view/used-methods';

export interface UsedMethodsTableProps {
  used: UsedMethod[];
  /** Opens a frame (the first use of a method, or the frame an annotation points at). */
  onSelect(seq: number): void;
}

/** Which methods and notifications actually crossed, which way, how often, and whether allowed. */
export function UsedMethodsTable({ used, onSelect }: UsedMethodsTableProps) {
  return (
    <table aria-label="Methods used" className="w-full border-collapse text-left text-xs">
      <caption className="mb-1 text-left text-sm font-semibold">Used in this session</caption>
      <thead className="text-zinc-400">
        <tr>
          <th className="py-1 pr-2 font-normal">Method</th>
          <th className="pr-2 font-normal">Direction</th>
          <th className="pr-2 font-normal">Kind</th>
          <th className="pr-2 text-right font-normal">Count</th>
          <th className="font-normal">Allowed</th>
        </tr>
      </thead>
      <tbody>
        {used.map((u) => (
          <tr key={`${u.from} ${u.method}`} className="border-t border-zinc-800">
            <th scope="row" className="py-0.5 pr-2 font-mono font-normal">
              <button type="button" className="hover:underline" onClick={() => onSelect(u.firstSeq)} title={`First sent in frame #${u.firstSeq}`}>
                {u.method}
              </button>
            </th>
            <td className="pr-2">{u.from === 'client' ? 'client → server' : 'server → client'}</td>
            <td className="pr-2">{u.kind}</td>
            <td className="pr-2 text-right tabular-nums">{u.count}</td>
            <td>
              <span className={u.allowed ? 'text-green-400' : 'text-red-400'}>{u.allowed ? 'yes' : 'no'}</span>
              {u.note && <span className="ml-2 text-zinc-400">{` ${u.note}`}</span>}
              {u.annotation && ' '}
              {u.annotation && (
                <button type="button" className="ml-2 text-sky-400 hover:underline" onClick={() => onSelect(u.annotation!.frames[0] ?? u.firstSeq)}>
                  {u.annotation.rule}
                </button>
              )}
            </td>
          </tr>
        ))}
        {used.length === 0 && (
          <tr>
            <td colSpan={5} className="py-2 text-zinc-500">
              No messages yet.
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
