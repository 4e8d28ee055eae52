'use client';
import { useState } from 'react';
import type { CustomRule } from '../../lib/trace';
import { Button } from '../ui/Button';
import { TextInput } from '../ui/Field';

/** Extra redaction rules: a regular expression, or a JSON path into messages. */
export function CustomRules({
  rules,
  onAdd,
  onRemove,
}: {
  rules: readonly CustomRule[];
  onAdd: (r: CustomRule) => string | undefined;
  onRemove: (i: number) => void;
}) {
  const [kind, setKind] = useState<'regex' | 'jsonPath'>('regex');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const add = () => {
    const problem = onAdd(kind === 'regex' ? { regex: value } : { jsonPath: value });
    setError(problem);
    if (!problem) setValue('');
  };
  return (
    <fieldset className="flex flex-col gap-1 text-xs">
      <legend className="mb-1 text-zinc-400">Custom rules</legend>
      <ul aria-label="Custom redaction rules" className="flex flex-col gap-1">
        {rules.map((r, i) => (
          <li key={i} className="flex items-center gap-2 font-mono">
            <span className="text-zinc-500">{r.regex !== undefined ? 'regex' : 'JSON path'}</span>
            <span className="flex-1 truncate">{r.regex ?? r.jsonPath}</span>
            <Button variant="ghost" aria-label={`Remove rule ${r.id}`} onClick={() => onRemove(i)}>
              ✕
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex gap-1">
        <select
          aria-label="Custom rule kind"
          value={kind}
          onChange={(e) => setKind(e.target.value as 'regex' | 'jsonPath')}
          className="rounded border border-zinc-700 bg-zinc-950 px-1 text-xs"
        >
          <option value="regex">Regular expression</option>
          <option value="jsonPath">JSON path</option>
        </select>
        <TextInput
          aria-label="Custom rule"
          placeholder={kind === 'regex' ? 'ACC-\\d+' : 'params.arguments.apiKey'}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && add()}
        />
        <Button onClick={add} disabled={!value} className="shrink-0 whitespace-nowrap">
          Add rule
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}
