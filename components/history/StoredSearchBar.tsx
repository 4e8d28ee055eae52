'use client';
import { useState, type FormEvent, type ReactNode } from 'react';
import { searchStored, type StoredSearch } from '../../lib/browser/stored-window';
import { Button } from '../ui/Button';
import { inputClass } from '../ui/Field';

/** The form fields' look at a width of its own: the toolbar's fields sit side by side. */
const fieldClass = inputClass.replace('w-full ', '');

const count = (n: number) => n.toLocaleString('en-US');

/**
 * A search of every frame's text in the stored session (the proxy reads it from disk), whatever
 * rows the window holds: it says how many frames match and goes from one to the next.
 */
export function StoredSearchBar({ id, onJump, children }: { id: string; onJump: (seq: number) => void; children?: ReactNode }) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<StoredSearch>();
  const [at, setAt] = useState(-1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const run = async (e: FormEvent) => {
    e.preventDefault();
    const needle = text.trim();
    if (!needle) return;
    setBusy(true);
    setError(undefined);
    try {
      const r = await searchStored(id, needle);
      setFound(r);
      setAt(r.seqs.length ? 0 : -1);
      if (r.seqs.length) onJump(r.seqs[0]);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const step = async (by: 1 | -1) => {
    if (!found) return;
    let r = found;
    // Past the last match the proxy sent: the next ones, from where it stopped.
    if (by === 1 && at + 1 >= r.seqs.length && r.next !== undefined) {
      setBusy(true);
      try {
        const more = await searchStored(id, r.text, r.next);
        r = { ...more, seqs: [...r.seqs, ...more.seqs] };
        setFound(r);
      } catch (err) {
        setError((err as Error).message);
        return;
      } finally {
        setBusy(false);
      }
    }
    const i = at + by;
    if (i < 0 || i >= r.seqs.length) return;
    setAt(i);
    onJump(r.seqs[i]);
  };

  const total = found ? `${count(found.seqs.length)}${found.next !== undefined ? '+' : ''}` : '';
  return (
    <div
      role="search"
      aria-label="Search the stored session"
      className="flex flex-wrap items-center gap-2 border-b border-zinc-800 bg-zinc-900/40 px-2 py-1 text-[11px]"
    >
      <form onSubmit={run} className="flex items-center gap-1">
        <input
          type="search"
          aria-label="Search all text"
          placeholder="Search every frame's text"
          value={text}
          spellCheck={false}
          onChange={(e) => {
            setText(e.target.value);
            setFound(undefined);
          }}
          className={`${fieldClass} w-64 py-0.5`}
        />
        <Button type="submit" disabled={busy || !text.trim()}>
          {busy ? 'Searching…' : 'Search'}
        </Button>
      </form>
      {found && (
        <>
          <span role="status" aria-label="Search matches" className="text-sky-200">
            {found.seqs.length > 0
              ? `match ${count(at + 1)} of ${total}: #${count(found.seqs[at])}`
              : found.next === undefined
                ? `No frame holds “${found.text}”`
                : `No frame up to #${count(found.next - 1)} holds “${found.text}” as shown: ↓ searches on`}
          </span>
          <Button disabled={busy || at <= 0} aria-label="Previous match" onClick={() => void step(-1)}>
            ↑
          </Button>
          <Button disabled={busy || (at + 1 >= found.seqs.length && found.next === undefined)} aria-label="Next match" onClick={() => void step(1)}>
            ↓
          </Button>
        </>
      )}
      {error && (
        <span role="alert" className="text-amber-300">
          {error}
        </span>
      )}
      {children}
    </div>
  );
}
