'use client';
import { useMemo } from 'react';
import { validateJsonSchema } from '../../lib/analyze/json-schema';
import { formModel, missingRequired } from '../../lib/client/schema-form';
import { Button } from '../ui/Button';
import { inputClass } from '../ui/Field';
import { ArgsEditor } from './ArgsEditor';
import { CallPolicy } from './CallPolicy';
import { ProgressBar } from './ProgressBar';
import { ToolResult } from './ToolResult';
import { callTool, cancelCall, listTools, pickTool, setArgs, setArgsText, useTools } from './toolsStore';

/** List tools (page by page), fill one's generated form or raw JSON, call it, see the result. */
export function ToolsTab({ sessionId, ready }: { sessionId: string; ready: boolean }) {
  const st = useTools((s) => s.get(sessionId));
  const tool = st.tools?.find((t) => t.name === st.picked);
  const model = useMemo(() => formModel(tool?.inputSchema), [tool]);
  const missing = tool ? missingRequired(model, st.args) : [];
  // The same full JSON Schema check a host runs, once no required field is left empty.
  const mismatch = tool && missing.length === 0 && st.args !== undefined ? validateJsonSchema(tool.inputSchema, st.args) : undefined;

  // A complementary region of its own: "Tools" is where a person (and a test) finds tool calls.
  return (
    <aside aria-label="Tools" className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <span className="text-zinc-500">{st.tools ? `${st.tools.length} listed` : 'not listed yet'}</span>
        <div className="ml-auto flex gap-1">
          {st.nextCursor && <Button disabled={!ready || st.listing} onClick={() => void listTools(sessionId, true)}>Load more</Button>}
          <Button disabled={!ready || st.listing} onClick={() => void listTools(sessionId)} aria-label="Refresh tools">↻ List</Button>
        </div>
      </div>
      {st.listError && <p role="alert" className="text-red-300">{st.listError}</p>}
      {st.tools && (
        <label className="flex flex-col gap-1 text-zinc-400">
          Tool
          <select className={inputClass} value={st.picked ?? ''} onChange={(e) => pickTool(sessionId, e.target.value)}>
            {st.tools.map((t) => (
              <option key={t.name} value={t.name}>{t.title ? `${t.name} — ${t.title}` : t.name}</option>
            ))}
          </select>
        </label>
      )}
      {tool?.description && <p className="whitespace-pre-wrap text-zinc-400">{tool.description}</p>}
      {tool && (
        <>
          <ArgsEditor
            formLabel={`${tool.name} arguments`} model={model} value={st.args} text={st.argsText} textError={st.argsError} mode={st.mode}
            onMode={(mode) => useTools.getState().patch(sessionId, { mode })} onValue={(v) => setArgs(sessionId, v)} onText={(t) => setArgsText(sessionId, t)}
          />
          {missing.length > 0 && <p className="text-[11px] text-amber-300">Required but empty: {missing.join(', ')} (the call is still allowed, to see how the server reacts).</p>}
          {mismatch && <p role="status" className="text-[11px] text-amber-300">The arguments do not match the inputSchema: {mismatch} (the call is still allowed, to see how the server reacts).</p>}
          <CallPolicy sessionId={sessionId} tool={tool} />
          <div className="flex items-center gap-2">
            <Button variant="primary" disabled={!ready || !!st.running} onClick={() => void callTool(sessionId)}>Call {tool.name}</Button>
            {st.running && <Button variant="danger" disabled={!st.running.rid} onClick={() => void cancelCall(sessionId)}>Cancel</Button>}
          </div>
          {st.running && <ProgressBar startedAt={st.running.startedAt} progress={st.running.progress} />}
        </>
      )}
      {st.outcome && <ToolResult outcome={st.outcome} />}
    </aside>
  );
}
