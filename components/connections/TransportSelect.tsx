'use client';
import { Field, inputClass } from '../ui/Field';
import type { HttpMode } from './httpDraft';

/** Which HTTP transport to speak: a connection's and an HTTP tap's, each with its own words for
 *  what "automatic" means there. */
export function TransportSelect({
  modes,
  value,
  onChange,
}: {
  modes: { value: HttpMode; label: string }[];
  value: HttpMode;
  onChange: (mode: HttpMode) => void;
}) {
  return (
    <Field label="Transport">
      <select className={inputClass} value={value} onChange={(e) => onChange(e.target.value as HttpMode)}>
        {modes.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
