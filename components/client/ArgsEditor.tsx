'use client';
import type { FormField } from '../../lib/client/schema-form';
import { inputClass } from '../ui/Field';
import { SchemaForm, type FieldProps } from './SchemaForm';

interface Props {
  model: FormField;
  value: Record<string, unknown>;
  text: string;
  textError?: string;
  mode: 'form' | 'json';
  onMode: (m: 'form' | 'json') => void;
  onValue: (v: Record<string, unknown>) => void;
  onText: (t: string) => void;
  suggest?: FieldProps['suggest'];
  formLabel: string;
}

/**
 * The arguments as a generated form beside the raw JSON (two views of one value, kept in sync),
 * or as raw JSON only, for what a form cannot say (wrong types, extra keys, on purpose).
 */
export function ArgsEditor({ model, value, text, textError, mode, onMode, onValue, onText, suggest, formLabel }: Props) {
  return (
    <div className="flex flex-col gap-1">
      <div role="radiogroup" aria-label="Arguments editor" className="flex gap-1 text-[11px]">
        {(['form', 'json'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={mode === m}
            onClick={() => onMode(m)}
            className={`rounded px-2 py-0.5 ${mode === m ? 'bg-zinc-700 text-zinc-100' : 'text-zinc-400 hover:text-zinc-200'}`}
          >
            {m === 'form' ? 'Form' : 'JSON only'}
          </button>
        ))}
      </div>
      {mode === 'form' && (
        <SchemaForm label={formLabel} field={model} value={value} onChange={(v) => onValue((v ?? {}) as Record<string, unknown>)} suggest={suggest} />
      )}
      <label className="flex flex-col gap-1 text-xs text-zinc-400">
        Arguments (JSON)
        <textarea
          className={`${inputClass} ${mode === 'form' ? 'h-20' : 'h-40'} resize-y`}
          spellCheck={false}
          value={text}
          aria-invalid={!!textError}
          onChange={(e) => onText(e.target.value)}
        />
      </label>
      {textError && (
        <p role="alert" className="text-[11px] text-red-300">
          {textError}
        </p>
      )}
    </div>
  );
}
