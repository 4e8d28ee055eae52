'use client';
import { useState } from 'react';

/**
 * A collapsible view of parsed JSON. Everything is rendered as React text nodes: the values come
 * from the server and are untrusted, so nothing here ever becomes HTML.
 */
const CHUNK = 200;

function Primitive({ value }: { value: unknown }) {
  if (typeof value === 'string') return <span className="break-all text-amber-200">{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span className="text-sky-300">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="text-violet-300">{String(value)}</span>;
  return <span className="text-zinc-500">null</span>;
}

function Key({ name }: { name?: string | number }) {
  if (name === undefined) return null;
  return <span className={typeof name === 'number' ? 'text-zinc-500' : 'text-rose-300'}>{typeof name === 'number' ? name : JSON.stringify(name)}: </span>;
}

function Node({ name, value, depth }: { name?: string | number; value: unknown; depth: number }) {
  const isContainer = typeof value === 'object' && value !== null;
  const entries: [string | number, unknown][] = !isContainer ? [] : Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  const [open, setOpen] = useState(depth < 3 && entries.length <= 500);
  const [limit, setLimit] = useState(CHUNK);
  if (!isContainer) {
    return (
      <li className="pl-4">
        <Key name={name} />
        <Primitive value={value} />
      </li>
    );
  }
  const [openMark, closeMark] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  const count = `${entries.length} ${Array.isArray(value) ? (entries.length === 1 ? 'item' : 'items') : entries.length === 1 ? 'key' : 'keys'}`;
  return (
    <li className="pl-4">
      <button
        type="button"
        aria-expanded={open}
        aria-label={`${name === undefined ? 'root' : String(name)}, ${count}`}
        onClick={() => setOpen(!open)}
        className="-ml-4 inline-flex w-4 justify-center text-zinc-500 hover:text-zinc-200"
      >
        {open ? '▾' : '▸'}
      </button>
      <Key name={name} />
      <span className="text-zinc-400">{openMark}</span>
      {!open && (
        <span className="text-zinc-500">
          {' '}
          {count} {closeMark}
        </span>
      )}
      {open && (
        <>
          <ul>
            {entries.slice(0, limit).map(([k, v]) => (
              <Node key={k} name={k} value={v} depth={depth + 1} />
            ))}
            {entries.length > limit && (
              <li className="pl-4">
                <button type="button" className="text-sky-400 hover:underline" onClick={() => setLimit(limit + CHUNK)}>
                  Show {Math.min(CHUNK, entries.length - limit)} more of {entries.length - limit}
                </button>
              </li>
            )}
          </ul>
          <span className="text-zinc-400">{closeMark}</span>
        </>
      )}
    </li>
  );
}

export function JsonTree({ value, label }: { value: unknown; label: string }) {
  return (
    <ul aria-label={label} className="font-mono text-[11px] leading-5">
      <Node value={value} depth={0} />
    </ul>
  );
}
