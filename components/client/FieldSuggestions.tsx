'use client';

/** Completion values from the server (`completion/complete`) under an input; a click fills it. */
export function FieldSuggestions({ label, values, onPick }: { label: string; values: string[]; onPick: (v: string) => void }) {
  if (values.length === 0) return null;
  return (
    <ul aria-label={`Suggestions for ${label}`} className="flex flex-wrap gap-1">
      {values.slice(0, 20).map((v) => (
        <li key={v}>
          <button
            type="button"
            onClick={() => onPick(v)}
            className="rounded border border-zinc-700 bg-zinc-800 px-1.5 font-mono text-[11px] text-sky-200 hover:bg-zinc-700"
          >
            {v}
          </button>
        </li>
      ))}
    </ul>
  );
}
