'use client';
import { useState } from 'react';
import { isSecretHeader } from '../../lib/mcp/secret-headers';
import { looksSecret } from '../../lib/wire/connection';
import { Button } from '../ui/Button';
import { TextInput } from '../ui/Field';
import type { EnvRow } from './draft';

/** What differs between the environment of a stdio server and the headers of an HTTP one. */
interface KeyValueKind {
  legend: string;
  listLabel: string;
  /** The word in each row's accessible names: "Variable 1 name", "Remove header 2". */
  noun: string;
  separator: string;
  namePlaceholder: string;
  isSecret: (name: string) => boolean;
}

export const ENV_ROWS: KeyValueKind = {
  legend: 'Environment variables',
  listLabel: 'Environment variables',
  noun: 'variable',
  separator: '=',
  namePlaceholder: 'NAME',
  isSecret: looksSecret,
};

export const HEADER_ROWS: KeyValueKind = {
  legend: 'Headers (sent with every request, e.g. Authorization: Bearer …)',
  listLabel: 'Headers',
  noun: 'header',
  separator: ':',
  namePlaceholder: 'Authorization',
  isSecret: (name) => isSecretHeader(name) || looksSecret(name),
};

/** Name/value rows; values whose name looks secret are masked while typed, until the person asks to see them. */
export function KeyValueEditor({ kind, rows, onChange }: { kind: KeyValueKind; rows: EnvRow[]; onChange: (r: EnvRow[]) => void }) {
  const [shown, setShown] = useState<Set<number>>(new Set());
  const set = (i: number, patch: Partial<EnvRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const toggle = (i: number) => setShown((s) => (s.has(i) ? new Set([...s].filter((x) => x !== i)) : new Set([...s, i])));
  const Noun = kind.noun[0].toUpperCase() + kind.noun.slice(1);
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-xs text-zinc-400">{kind.legend}</legend>
      <ul aria-label={kind.listLabel} className="flex flex-col gap-1">
        {rows.map((r, i) => {
          const secret = kind.isSecret(r.name);
          return (
            <li key={i} className="flex items-center gap-1">
              <TextInput
                aria-label={`${Noun} ${i + 1} name`}
                placeholder={kind.namePlaceholder}
                value={r.name}
                onChange={(e) => set(i, { name: e.target.value })}
                className="w-2/5"
              />
              <span className="text-zinc-600">{kind.separator}</span>
              <TextInput
                aria-label={`${Noun} ${i + 1} value`}
                type={secret && !shown.has(i) ? 'password' : 'text'}
                placeholder="value"
                value={r.value}
                onChange={(e) => set(i, { value: e.target.value })}
              />
              {secret && (
                <Button variant="ghost" aria-label={`${shown.has(i) ? 'Hide' : 'Show'} ${kind.noun} ${i + 1} value`} onClick={() => toggle(i)}>
                  {shown.has(i) ? 'hide' : 'show'}
                </Button>
              )}
              <Button variant="ghost" aria-label={`Remove ${kind.noun} ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                ✕
              </Button>
            </li>
          );
        })}
      </ul>
      <div>
        <Button onClick={() => onChange([...rows, { name: '', value: '' }])}>+ Add {kind.noun}</Button>
      </div>
    </fieldset>
  );
}
