'use client';
import { useEffect, useMemo } from 'react';
import { validateJsonSchema } from '../../lib/analyze/json-schema';
import { cancelCall } from '../../lib/browser/actions';
import { callOf, clientOf, itemsOf, listOf } from '../../lib/browser/client-panel/clientState';
import { callTool, listTools, pickTool, setArgs, setArgsText, useTools, type ToolInfo } from '../../lib/browser/client-panel/toolsStore';
import { useLoupe } from '../../lib/browser/store';
import { searchItems } from '../../lib/client/list-search';
import { formModel, missingRequired } from '../../lib/client/schema-form';
import { Button } from '../ui/Button';
import { ActionBar } from './ActionBar';
import { ArgsEditor } from './ArgsEditor';
import { CallPolicy } from './CallPolicy';
import { ListSearch } from './ListSearch';
import { ProgressBar } from './ProgressBar';
import { ToolHeading } from './ToolHeading';
import { ToolList } from './ToolList';
import { RpcError, ToolResult } from './ToolResult';
import { ParamHeaders } from './modern/ParamHeaders';
import { ToolAppOpener } from '../apps/ToolAppOpener';

/** The tools the session listed (on Connect, again on list_changed, page by page) as a list to
 *  scan and search; the picked one's generated form or raw JSON, its call and the result below. The
 *  listing, the call in flight and its result are the session's: every page shows the same. */
export function ToolsTab({ sessionId, ready }: { sessionId: string; ready: boolean }) {
  const st = useTools((s) => s.get(sessionId));
  const client = useLoupe((s) => clientOf(s, sessionId));
  const list = listOf(client, 'tools');
  const tools = itemsOf<ToolInfo>(client, 'tools');
  const tool = tools?.find((t) => t.name === st.picked);
  const shown = useMemo(() => (tools ? searchItems(tools, st.search) : undefined), [tools, st.search]);
  // What the list shows is what a call would use: a search that hides the picked tool picks the first match.
  const search = (q: string) => {
    useTools.getState().patch(sessionId, { search: q });
    const matches = tools ? searchItems(tools, q) : [];
    if (matches[0] && !matches.some((t) => t.name === st.picked)) pickTool(sessionId, matches[0].name);
  };
  const model = useMemo(() => formModel(tool?.inputSchema), [tool]);
  const missing = tool ? missingRequired(model, st.args) : [];
  // The same full JSON Schema check a host runs, once no required field is left empty.
  const mismatch = tool && missing.length === 0 && st.args !== undefined ? validateJsonSchema(tool.inputSchema, st.args) : undefined;
  const call = callOf(client, 'tools/call');
  const running = call?.status === 'running' ? call : undefined;
  const calledTool = tools?.find((t) => t.name === call?.params?.name);

  // A page that picked nothing yet (a reload, a second page) shows the tool of the session's last
  // call; a listing that no longer has the picked tool picks its first one.
  const lastCalled = typeof call?.params?.name === 'string' ? call.params.name : undefined;
  useEffect(() => {
    if (!tools?.[0] || tools.some((t) => t.name === st.picked)) return;
    pickTool(sessionId, st.picked === undefined && lastCalled && tools.some((t) => t.name === lastCalled) ? lastCalled : tools[0].name);
  }, [sessionId, tools, st.picked, lastCalled]);

  // A complementary region of its own: "Tools" is where a person (and a test) finds tool calls.
  return (
    <aside aria-label="Tools" className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <span className="text-zinc-500">{tools ? `${tools.length} listed` : list?.loading ? 'listing…' : 'not listed yet'}</span>
        <div className="ml-auto flex gap-1">
          {list?.nextCursor && (
            <Button disabled={!ready || list.loading} onClick={() => void listTools(sessionId, true)}>
              Load more
            </Button>
          )}
          <Button disabled={!ready || list?.loading} onClick={() => void listTools(sessionId)} aria-label="Refresh tools">
            ↻ List
          </Button>
        </div>
      </div>
      {list?.error && (
        <p role="alert" className="text-red-300">
          {list.error}
        </p>
      )}
      {tools && tools.length === 0 && (
        <p role="status" className="text-zinc-500">
          The server listed no tools.
        </p>
      )}
      {tools && tools.length > 0 && <ListSearch what="tools" value={st.search} shown={shown?.length ?? 0} total={tools.length} onChange={search} />}
      {tools && tools.length > 0 && shown?.length === 0 && (
        <p role="status" className="text-zinc-500">
          No tool matches “{st.search.trim()}”.
        </p>
      )}
      {shown && shown.length > 0 && <ToolList tools={shown} picked={st.picked} onPick={(name) => pickTool(sessionId, name)} />}
      {tool && <ToolHeading tool={tool} />}
      {tool?.description && <p className="whitespace-pre-wrap text-zinc-400">{tool.description}</p>}
      {tool && <ParamHeaders inputSchema={tool.inputSchema} />}
      {tool && (
        <>
          <ArgsEditor
            formLabel={`${tool.name} arguments`}
            model={model}
            value={st.args}
            text={st.argsText}
            textError={st.argsError}
            mode={st.mode}
            onMode={(mode) => useTools.getState().patch(sessionId, { mode })}
            onValue={(v) => setArgs(sessionId, v)}
            onText={(t) => setArgsText(sessionId, t)}
          />
          {/* Flagged once the person tried to call, not while they have yet to type. */}
          {st.tried && missing.length > 0 && (
            <p className="text-[11px] text-amber-300">Required but empty: {missing.join(', ')} (the call is still allowed, to see how the server reacts).</p>
          )}
          {mismatch && (
            <p role="status" className="text-[11px] text-amber-300">
              The arguments do not match the inputSchema: {mismatch} (the call is still allowed, to see how the server reacts).
            </p>
          )}
          <CallPolicy sessionId={sessionId} tool={tool} />
          <ActionBar>
            <Button variant="primary" disabled={!ready || !!running} onClick={() => void callTool(sessionId)}>
              Call {tool.name}
            </Button>
            {running && (
              <Button variant="danger" onClick={() => void cancelCall(sessionId, running.id)}>
                Cancel
              </Button>
            )}
          </ActionBar>
        </>
      )}
      {running && (
        <div role="status" aria-label="Call in flight" className="flex flex-col gap-1">
          <span className="text-zinc-400">
            calling <span className="font-mono text-zinc-200">{String(running.params?.name ?? '')}</span>
          </span>
          <ProgressBar startedAt={running.startedAt} progress={running.progress} />
        </div>
      )}
      {st.startError && <RpcError error={st.startError} what="The call" />}
      {call && call.status !== 'running' && <ToolResult sessionId={sessionId} call={call} tool={calledTool} />}
      <ToolAppOpener sessionId={sessionId} call={call} tool={calledTool} />
    </aside>
  );
}
