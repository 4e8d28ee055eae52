'use client';
import { useTools, taskSupport, type ToolInfo } from '../../lib/browser/client-panel/toolsStore';
import { useLoupe } from '../../lib/browser/store';
import { DEFAULT_TIMEOUTS } from '../../lib/client/request-settings';

const num = 'w-20 rounded border border-zinc-700 bg-zinc-950 px-1 font-mono text-xs text-zinc-100';

/** Per-call timeout, whether progress restarts it, its maximum total, and task augmentation; what
 *  the person leaves alone is the connection's client settings (applied in the proxy). */
export function CallPolicy({ sessionId, tool }: { sessionId: string; tool: ToolInfo }) {
  const st = useTools((s) => s.get(sessionId));
  const settings = useLoupe((s) => s.connections.find((c) => c.id === s.sessions.find((x) => x.id === sessionId)?.connectionId)?.options?.settings);
  const timeoutMs = st.timeoutMs ?? settings?.requestTimeoutMs ?? DEFAULT_TIMEOUTS.requestTimeoutMs;
  const resetOnProgress = st.resetOnProgress ?? settings?.resetTimeoutOnProgress ?? DEFAULT_TIMEOUTS.resetTimeoutOnProgress;
  const maxTotalMs = st.maxTotalMs ?? settings?.maxTotalTimeoutMs ?? DEFAULT_TIMEOUTS.maxTotalTimeoutMs;
  const chosen = st.timeoutMs !== undefined || st.resetOnProgress !== undefined || st.maxTotalMs !== undefined;
  const patch = (p: Parameters<ReturnType<typeof useTools.getState>['patch']>[1]) => useTools.getState().patch(sessionId, p);
  const support = taskSupport(tool);
  return (
    <fieldset aria-label="Call options" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[11px] text-zinc-400">
      <label className="flex items-center gap-1">
        timeout s
        <input
          type="number"
          min={1}
          className={num}
          value={timeoutMs / 1000}
          onChange={(e) => patch({ timeoutMs: Math.max(1, Number(e.target.value) || 1) * 1000 })}
        />
      </label>
      <label className="flex items-center gap-1">
        <input type="checkbox" checked={resetOnProgress} onChange={(e) => patch({ resetOnProgress: e.target.checked })} />
        progress resets it
      </label>
      <label className="flex items-center gap-1">
        max total s
        <input
          type="number"
          min={1}
          className={num}
          value={maxTotalMs / 1000}
          onChange={(e) => patch({ maxTotalMs: Math.max(1, Number(e.target.value) || 1) * 1000 })}
        />
      </label>
      <label className="flex items-center gap-1" title={`execution.taskSupport: ${support}`}>
        <input
          type="checkbox"
          disabled={support !== 'optional'}
          checked={support !== 'forbidden' && st.asTask}
          onChange={(e) => patch({ asTask: e.target.checked })}
        />
        run as task {support === 'required' ? '(required)' : support === 'forbidden' ? '(not supported)' : ''}
      </label>
      {chosen ? (
        <button
          type="button"
          className="text-sky-300 underline"
          onClick={() => patch({ timeoutMs: undefined, resetOnProgress: undefined, maxTotalMs: undefined })}
        >
          use the connection&apos;s
        </button>
      ) : (
        <span className="text-zinc-600">from the connection&apos;s settings</span>
      )}
    </fieldset>
  );
}
