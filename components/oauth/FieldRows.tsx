'use client';
/** The fields of one OAuth step, asked then answered, as a small definition list. */
import type { StepField } from '../../lib/view/oauth-fields';

export function FieldRows({ fields }: { fields: StepField[] }) {
  if (fields.length === 0) return null;
  return (
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2">
      {fields.map((f, i) => (
        <div key={`${f.side}-${f.name}-${i}`} className="contents">
          <dt className="font-mono text-zinc-400">
            <span className="text-zinc-500" aria-label={f.side}>
              {f.side === 'asked' ? '→ ' : '← '}
            </span>
            {f.name}
          </dt>
          <dd className="break-all font-mono text-zinc-200">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
