'use client';
import { useState } from 'react';
import { looksSecret } from '../../lib/wire/connection';
import { Button } from '../ui/Button';
import { TextInput } from '../ui/Field';
import type { EnvRow } from './draft';

/** Key/value rows; values whose name looks secret are masked until the person asks to see them. */
export function EnvEditor({ rows, onChange }: { rows: EnvRow[]; onChange: (r: EnvRow[]) => void }) {
  const [shown, setShown] = useState<Set<number>>(new Set());
  const set = (i: number, patch: Partial<EnvRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const toggle = (i: number) =>
    setShown((s) => {
      const n = new Set(s);
      if (n.has(i)) n.delete(i);
      else n.add(i);
      return n;
    });
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-xs text-zinc-400">Environment variables</legend>
      <ul aria-label="Environment variables" className="flex flex-col gap-1">
        {rows.map((r, i) => {
          const secret = looksSecret(r.name);
          return (
            <li key={i} className="flex items-center gap-1">
              <TextInput aria-label={`Variable ${i + 1} name`} placeholder="NAME" value={r.name} onChange={(e) => set(i, { name: e.target.value })} className="w-2/5" />
              <span className="text-zinc-600">=</span>
              <TextInput
                aria-label={`Variable ${i + 1} value`}
                type={secret && !shown.has(i) ? 'password' : 'text'}
                placeholder="value"
                value={r.value}
                onChange={(e) => set(i, { value: e.target.value })}
              />
              {secret && (
                <Button variant="ghost" aria-label={`${shown.has(i) ? 'Hide' : 'Show'} variable ${i + 1} value`} onClick={() => toggle(i)}>
                  {shown.has(i) ? 'hide' : 'show'}
                </Button>
              )}
              <Button variant="ghost" aria-label={`Remove variable ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                ✕
              </Button>
            </li>
          );
        })}
      </ul>
      <div>
        <Button onClick={() => onChange([...rows, { name: '', value: '' }])}>+ Add variable</Button>
      </div>
    </fieldset>
  );
}
