'use client';
import { ERA_CHOICES, type EraChoice as Era } from '../../lib/mcp/modern';
import { Field, inputClass } from '../ui/Field';

const LABELS: Record<Era, string> = {
  legacy: 'legacy: the initialize handshake (2024-11-05 to 2025-11-25)',
  modern: 'modern: 2026-07-28, server/discover and _meta on every request',
  auto: 'auto: probe with server/discover, fall back to initialize',
};

/** Which protocol era Connect speaks to this server (saved with the connection). */
export function EraChoice({ value, onChange }: { value: Era | undefined; onChange(era: Era): void }) {
  return (
    <Field label="Protocol era" hint="auto is the spec's dual-era probe: a modern answer keeps the session modern; anything else falls back to initialize.">
      <select value={value ?? 'legacy'} onChange={(e) => onChange(e.target.value as Era)} className={inputClass}>
        {ERA_CHOICES.map((era) => (
          <option key={era} value={era}>
            {LABELS[era]}
          </option>
        ))}
      </select>
    </Field>
  );
}
