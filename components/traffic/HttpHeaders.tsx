'use client';
import { useState } from 'react';
import type { HeaderPairs } from '../../lib/mcp/frame';
import { isSecretHeader, maskHeaderValue } from '../../lib/mcp/secret-headers';

/** A credential header's value: masked until the person reveals this one value. */
function HeaderValue({ name, value }: { name: string; value: string }) {
  const [shown, setShown] = useState(false);
  if (!isSecretHeader(name)) return <span className="break-all">{value}</span>;
  return (
    <span className="flex flex-wrap items-baseline gap-2">
      <span className="break-all">{shown ? value : maskHeaderValue(name, value)}</span>
      <button
        type="button"
        aria-pressed={shown}
        aria-label={`${shown ? 'Hide' : 'Reveal'} ${name}`}
        className="text-[10px] text-sky-400 hover:underline"
        onClick={() => setShown(!shown)}
      >
        {shown ? 'hide' : 'reveal'}
      </button>
    </span>
  );
}

/** Headers as name/value rows, in the order they crossed; secrets masked. */
export function HttpHeaders({ label, headers }: { label: string; headers: HeaderPairs }) {
  const entries = headers;
  return (
    <div>
      <h5 className="mb-0.5 text-[10px] font-semibold uppercase tracking-wider text-zinc-500">{label}</h5>
      {entries.length === 0 ? (
        <p className="text-[11px] text-zinc-600">none</p>
      ) : (
        <table aria-label={label} className="w-full font-mono text-[11px]">
          <tbody>
            {entries.map(([k, v], i) => (
              // A name may repeat (two Set-Cookie lines), so the position keys the row.
              <tr key={i} className="align-top">
                <th scope="row" className="w-40 pr-2 text-left font-normal text-zinc-400">
                  {k}
                </th>
                <td className="text-zinc-200">
                  <HeaderValue name={k} value={v} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
