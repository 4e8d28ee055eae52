'use client';
import type { SessionSummary } from '../../lib/wire/protocol';
import { Button } from '../ui/Button';
import { inputClass } from '../ui/Field';
import { argsSkeleton, useToolsPanel } from './toolsStore';

/** List tools, pick one, edit its JSON arguments, call it. The result also appears as frames. */
export function ToolsPanel({ session }: { session: SessionSummary }) {
  const id = session.id;
  const st = useToolsPanel((s) => s.bySession[id]);
  const { patch, listTools, callTool } = useToolsPanel.getState();
  if (!st) return null;
  const tool = st.tools?.find((t) => t.name === st.picked);
  const ready = session.status === 'ready';

  return (
    <aside aria-label="Tools" className="flex w-80 shrink-0 flex-col gap-2 overflow-y-auto border-l border-zinc-800 bg-zinc-900/50 p-3 text-xs">
      <div className="flex items-center gap-2">
        <h3 className="font-semibold">Tools</h3>
        <span className="text-zinc-500">{st.tools ? `${st.tools.length} listed` : ''}</span>
        <div className="ml-auto flex gap-1">
          <Button variant="ghost" disabled={!ready || st.busy} onClick={() => void listTools(id)} aria-label="Refresh tools">
            ↻
          </Button>
          <Button variant="ghost" aria-label="Close tools panel" onClick={() => patch(id, { open: false })}>
            ✕
          </Button>
        </div>
      </div>
      {st.listError && <p role="alert" className="text-red-300">{st.listError}</p>}
      {st.tools && (
        <label className="flex flex-col gap-1 text-zinc-400">
          Tool
          <select
            className={inputClass}
            value={st.picked ?? ''}
            onChange={(e) => {
              const t = st.tools?.find((x) => x.name === e.target.value);
              patch(id, { picked: e.target.value, argsText: argsSkeleton(t?.inputSchema), outcome: undefined });
            }}
          >
            {st.tools.map((t) => (
              <option key={t.name} value={t.name}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {tool?.description && <p className="whitespace-pre-wrap text-zinc-400">{tool.description}</p>}
      {tool && (
        <>
          <label className="flex flex-col gap-1 text-zinc-400">
            Arguments (JSON)
            <textarea className={`${inputClass} h-32 resize-y`} spellCheck={false} value={st.argsText} onChange={(e) => patch(id, { argsText: e.target.value })} />
          </label>
          <div>
            <Button variant="primary" disabled={!ready || st.busy} onClick={() => void callTool(id)}>
              Call {tool.name}
            </Button>
          </div>
        </>
      )}
      {st.outcome && (
        <div role="region" aria-label="Call result">
          <div className={st.outcome.ok ? 'text-emerald-300' : 'text-red-300'}>{st.outcome.ok ? 'Result' : 'Error'}</div>
          <pre className="mt-1 max-h-72 overflow-auto whitespace-pre-wrap break-all rounded bg-zinc-950 p-2 font-mono text-[11px] text-zinc-200">{st.outcome.text}</pre>
        </div>
      )}
    </aside>
  );
}
