'use client';
import { toolUseDraft, type OfferedTool, type ToolUseDraft } from '../../lib/client/sampling';
import { Button } from '../ui/Button';
import { inputClass } from '../ui/Field';

/** One or more `tool_use` blocks a person writes as the model's answer: a tool, its input, an id. */
export function ToolUseEditor({ tools, drafts, onChange }: { tools: OfferedTool[]; drafts: ToolUseDraft[]; onChange(d: ToolUseDraft[]): void }) {
  const set = (i: number, d: Partial<ToolUseDraft>) => onChange(drafts.map((x, j) => (j === i ? { ...x, ...d } : x)));
  return (
    <div className="flex flex-col gap-1">
      <ol aria-label="Tool uses" className="flex flex-col gap-1">
        {drafts.map((d, i) => (
          <li key={d.id} aria-label={`Tool use ${i + 1}`} className="flex flex-col gap-1 rounded border border-zinc-800 p-1">
            <div className="flex items-center gap-1">
              <label className="flex items-center gap-1 text-zinc-400">
                Tool
                <select
                  className={inputClass}
                  value={d.name}
                  onChange={(e) => {
                    const tool = tools.find((t) => t.name === e.target.value);
                    set(i, { name: e.target.value, inputText: toolUseDraft(tool).inputText });
                  }}
                >
                  {tools.map((t) => (
                    <option key={t.name} value={t.name}>
                      {t.name}
                    </option>
                  ))}
                </select>
              </label>
              <span className="font-mono text-[11px] text-zinc-500">id {d.id}</span>
              <Button variant="ghost" className="ml-auto" aria-label={`Remove tool use ${i + 1}`} onClick={() => onChange(drafts.filter((_, j) => j !== i))}>
                ✕
              </Button>
            </div>
            <label className="flex flex-col gap-1 text-zinc-400">
              Tool input (JSON)
              <textarea
                className={`${inputClass} h-16 font-mono`}
                spellCheck={false}
                value={d.inputText}
                onChange={(e) => set(i, { inputText: e.target.value })}
              />
            </label>
          </li>
        ))}
      </ol>
      <div>
        <Button onClick={() => onChange([...drafts, toolUseDraft(tools[0])])}>Add tool use</Button>
      </div>
    </div>
  );
}
