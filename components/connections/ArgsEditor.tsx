'use client';
import { Button } from '../ui/Button';
import { TextInput } from '../ui/Field';

/** One input per argument: what you type is exactly one argv entry, spaces and quotes included. */
export function ArgsEditor({ args, onChange }: { args: string[]; onChange: (a: string[]) => void }) {
  const set = (i: number, v: string) => onChange(args.map((a, j) => (j === i ? v : a)));
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-xs text-zinc-400">Arguments (one per field, no shell quoting)</legend>
      <ol aria-label="Arguments" className="flex flex-col gap-1">
        {args.map((a, i) => (
          <li key={i} className="flex items-center gap-1">
            <span className="w-5 text-right font-mono text-[10px] text-zinc-600">{i + 1}</span>
            <TextInput aria-label={`Argument ${i + 1}`} value={a} onChange={(e) => set(i, e.target.value)} />
            <Button variant="ghost" aria-label={`Remove argument ${i + 1}`} onClick={() => onChange(args.filter((_, j) => j !== i))}>
              ✕
            </Button>
          </li>
        ))}
      </ol>
      <div>
        <Button onClick={() => onChange([...args, ''])}>+ Add argument</Button>
      </div>
    </fieldset>
  );
}
