'use client';
import { useState } from 'react';
import { isSecretHeader } from '../../lib/mcp/secret-headers';
import { looksSecret } from '../../lib/wire/connection';
import { Button } from '../ui/Button';
import { TextInput } from '../ui/Field';
import type { EnvRow } from './draft';

/** Header rows of an HTTP connection; credential values are hidden while typed, unless shown. */
export function HeadersEditor({ rows, onChange }: { rows: EnvRow[]; onChange: (r: EnvRow[]) => void }) {
  const [shown, setShown] = useState<Set<number>>(new Set());
  const set = (i: number, patch: Partial<EnvRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const toggle = (i: number) => setShown((s) => (s.has(i) ? new Set([...s].filter((x) => x !== i)) : new Set([...s, i])));
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-xs text-zinc-400">Headers (sent with every request, e.g. Authorization: Bearer …)</legend>
      <ul aria-label="Headers" className="flex flex-col gap-1">
        {rows.map((r, i) => {
          const secret = isSecretHeader(r.name) || looksSecret(r.name);
          return (
            <li key={i} className="flex items-center gap-1">
              <TextInput aria-label={`Header ${i + 1} name`} placeholder="Authorization" value={r.name} onChange={(e) => set(i, { name: e.target.value })} className="w-2/5" />
              <span className="text-zinc-600">:</span>
              <TextInput aria-label={`Header ${i + 1} value`} type={secret && !shown.has(i) ? 'password' : 'text'} placeholder="value" value={r.value} onChange={(e) => set(i, { value: e.target.value })} />
              {secret && (
                <Button variant="ghost" aria-label={`${shown.has(i) ? 'Hide' : 'Show'} header ${i + 1} value`} onClick={() => toggle(i)}>
                  {shown.has(i) ? 'hide' : 'show'}
                </Button>
              )}
              <Button variant="ghost" aria-label={`Remove header ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                ✕
              </Button>
            </li>
          );
        })}
      </ul>
      <div>
        <Button onClick={() => onChange([...rows, { name: '', value: '' }])}>+ Add header</Button>
      </div>
    </fieldset>
  );
}
