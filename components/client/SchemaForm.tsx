'use client';
import type { FormField } from '../../lib/client/schema-form';
import { fromInput, toInput, withItem, withProperty } from '../../lib/client/values';
import { inputClass } from '../ui/Field';
import { Button } from '../ui/Button';
import { FieldSuggestions } from './FieldSuggestions';

export interface FieldProps {
  field: FormField;
  value: unknown;
  onChange: (v: unknown) => void;
  /** Completion suggestions for a top-level string field, by its key. */
  suggest?: (key: string, text: string) => string[] | undefined;
}

function Label({ field }: { field: FormField }) {
  return (
    <span className="text-zinc-300">
      {field.label}
      {field.required && (
        <span className="text-red-300" aria-hidden>
          {' '}
          *
        </span>
      )}
      {field.label !== field.key && <span className="ml-1 font-mono text-[10px] text-zinc-500">{field.key}</span>}
    </span>
  );
}

function Hint({ field }: { field: FormField }) {
  const range = field.minimum !== undefined || field.maximum !== undefined ? ` (${field.minimum ?? '…'} – ${field.maximum ?? '…'})` : '';
  if (!field.description && !range && !field.format) return null;
  return (
    <span className="text-[11px] text-zinc-500">
      {[field.description, field.format && `format: ${field.format}`].filter(Boolean).join(' · ')}
      {range}
    </span>
  );
}

function EnumSelect({ field, value, onChange }: FieldProps) {
  const options = field.options ?? [];
  const index = options.findIndex((o) => o.value === value);
  return (
    <select
      aria-label={field.label}
      className={inputClass}
      value={index < 0 ? '' : String(index)}
      onChange={(e) => onChange(e.target.value === '' ? undefined : options[Number(e.target.value)].value)}
    >
      <option value="">{field.required ? '— choose —' : '— none —'}</option>
      {options.map((o, i) => (
        <option key={i} value={String(i)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

function MultiEnum({ field, value, onChange }: FieldProps) {
  const chosen = Array.isArray(value) ? value : [];
  return (
    <fieldset aria-label={field.label} className="flex flex-wrap gap-x-3 gap-y-1">
      {(field.options ?? []).map((o, i) => (
        <label key={i} className="flex items-center gap-1 text-zinc-300">
          <input
            type="checkbox"
            checked={chosen.includes(o.value)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((c) => c !== o.value))}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

function ArrayField({ field, value, onChange }: FieldProps) {
  const items = Array.isArray(value) ? value : [];
  const item = field.item!;
  return (
    <div role="group" aria-label={field.label} className="flex flex-col gap-1 border-l border-zinc-700 pl-2">
      {items.map((v, i) => (
        <div key={i} className="flex items-start gap-1">
          <div className="flex-1">
            <FieldInput
              field={{ ...item, key: `${field.key}[${i}]`, label: `${field.label} ${i + 1}`, required: true }}
              value={v}
              onChange={(nv) => onChange(withItem(items, i, nv ?? null))}
            />
          </div>
          <Button variant="ghost" aria-label={`Remove ${field.label} ${i + 1}`} onClick={() => onChange(withItem(items, i, undefined))}>
            ✕
          </Button>
        </div>
      ))}
      <div>
        <Button
          variant="ghost"
          onClick={() =>
            onChange([...items, item.kind === 'object' ? {} : item.kind === 'boolean' ? false : item.kind === 'number' || item.kind === 'integer' ? 0 : ''])
          }
        >
          + Add {field.label}
        </Button>
      </div>
    </div>
  );
}

export function ObjectFields({ field, value, onChange, suggest }: FieldProps) {
  return (
    <div className="flex flex-col gap-2">
      {(field.fields ?? []).map((f) => (
        <FieldRow
          key={f.key}
          field={f}
          value={(value as Record<string, unknown> | undefined)?.[f.key]}
          suggest={suggest}
          onChange={(v) => onChange(withProperty(value, f.key, v))}
        />
      ))}
    </div>
  );
}

function FieldInput({ field, value, onChange, suggest }: FieldProps) {
  switch (field.kind) {
    case 'boolean':
      return <input type="checkbox" aria-label={field.label} checked={value === true} onChange={(e) => onChange(e.target.checked)} className="self-start" />;
    case 'enum':
      return <EnumSelect field={field} value={value} onChange={onChange} />;
    case 'multi-enum':
      return <MultiEnum field={field} value={value} onChange={onChange} />;
    case 'array':
      return <ArrayField field={field} value={value} onChange={onChange} />;
    case 'object':
      return (
        <fieldset aria-label={field.label} className="border-l border-zinc-700 pl-2">
          <ObjectFields field={field} value={value} onChange={onChange} />
        </fieldset>
      );
    case 'json':
      return (
        <textarea
          aria-label={field.label}
          spellCheck={false}
          className={`${inputClass} h-16`}
          placeholder="any JSON"
          value={toInput(field, value)}
          onChange={(e) => onChange(fromInput(field, e.target.value))}
        />
      );
    default: {
      const type =
        field.kind === 'number' || field.kind === 'integer' ? 'number' : field.format === 'date' ? 'date' : field.format === 'email' ? 'email' : 'text';
      const suggestions = field.kind === 'string' ? suggest?.(field.key, toInput(field, value)) : undefined;
      return (
        <>
          <input
            type={type}
            aria-label={field.label}
            spellCheck={false}
            autoComplete="off"
            className={inputClass}
            min={field.minimum}
            max={field.maximum}
            step={field.kind === 'integer' ? 1 : 'any'}
            value={toInput(field, value)}
            onChange={(e) => onChange(fromInput(field, e.target.value))}
          />
          {suggestions && <FieldSuggestions label={field.label} values={suggestions} onPick={(v) => onChange(v)} />}
        </>
      );
    }
  }
}

function FieldRow(props: FieldProps) {
  const { field } = props;
  return (
    <div className="flex flex-col gap-0.5 text-xs">
      <Label field={field} />
      <FieldInput {...props} />
      <Hint field={field} />
    </div>
  );
}

/** A form generated from a JSON Schema; `value` is the JSON it edits. */
export function SchemaForm({ field, value, onChange, suggest, label }: FieldProps & { label: string }) {
  if (field.kind !== 'object') return <FieldRow field={{ ...field, label }} value={value} onChange={onChange} />;
  if (!field.fields?.length) return <p className="text-xs text-zinc-500">No arguments.</p>;
  return (
    <form aria-label={label} onSubmit={(e) => e.preventDefault()}>
      <ObjectFields field={field} value={value} onChange={onChange} suggest={suggest} />
    </form>
  );
}
