/**
 * A session's tools: the listing (page by page), the picked tool, its arguments as one JSON value
 * shown by both the form and the raw editor, the call policy, and the last call's outcome.
 */
import { memoryKey, recall, remember } from '../../lib/client/arg-memory';
import { formModel, initialValue } from '../../lib/client/schema-form';
import { parseArgs } from '../../lib/client/values';
import { useLoupe } from '../../lib/browser/store';
import { createPerSession } from './perSession';
import { browserStorage, cancelRequest, clientRequest, failureOf, type Progress, type RpcFailure } from './request';
import { showPanel } from './panelStore';
import { startTask } from './tasksStore';

export interface ToolInfo {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  execution?: { taskSupport?: string };
}

export type CallOutcome =
  | { kind: 'result'; result: Record<string, unknown>; tool: ToolInfo; ms: number }
  | { kind: 'error'; error: RpcFailure; ms: number }
  | { kind: 'task'; taskId: string };

export interface ToolsState {
  tools?: ToolInfo[];
  nextCursor?: string;
  listing: boolean;
  listError?: string;
  picked?: string;
  mode: 'form' | 'json';
  args: Record<string, unknown>;
  argsText: string;
  argsError?: string;
  timeoutMs: number;
  resetOnProgress: boolean;
  maxTotalMs: number;
  asTask: boolean;
  running?: { rid?: string; startedAt: number; progress?: Progress };
  outcome?: CallOutcome;
}

export const useTools = createPerSession<ToolsState>(() => ({
  listing: false, mode: 'form', args: {}, argsText: '{}', timeoutMs: 60_000, resetOnProgress: true, maxTotalMs: 600_000, asTask: false,
}));

function connectionOf(sessionId: string): string {
  return useLoupe.getState().sessions.find((s) => s.id === sessionId)?.connectionId ?? sessionId;
}

function toolsFrom(result: unknown): { tools: ToolInfo[]; nextCursor?: string } {
  const r = (result ?? {}) as { tools?: unknown; nextCursor?: unknown };
  const tools = Array.isArray(r.tools) ? r.tools.filter((t): t is ToolInfo => typeof t === 'object' && t !== null && typeof (t as ToolInfo).name === 'string') : [];
  return { tools, nextCursor: typeof r.nextCursor === 'string' ? r.nextCursor : undefined };
}

/** Only tools that allow it may be called as tasks (server/tools, execution.taskSupport). */
export function taskSupport(tool: ToolInfo | undefined): 'forbidden' | 'optional' | 'required' {
  const t = tool?.execution?.taskSupport;
  return t === 'optional' || t === 'required' ? t : 'forbidden';
}

export function pickTool(sessionId: string, name: string): void {
  const st = useTools.getState().get(sessionId);
  const tool = st.tools?.find((t) => t.name === name);
  const remembered = recall(browserStorage(), memoryKey(connectionOf(sessionId), 'tool', name));
  const args = remembered ?? ((initialValue(formModel(tool?.inputSchema)) as Record<string, unknown> | undefined) ?? {});
  useTools.getState().patch(sessionId, {
    picked: name, args, argsText: JSON.stringify(args, null, 2), argsError: undefined, outcome: undefined,
    asTask: taskSupport(tool) === 'required',
  });
}

export function setArgs(sessionId: string, args: Record<string, unknown>): void {
  useTools.getState().patch(sessionId, { args, argsText: JSON.stringify(args, null, 2), argsError: undefined });
}

/** The raw editor: the form follows whenever the text is an object again. */
export function setArgsText(sessionId: string, text: string): void {
  const parsed = parseArgs(text);
  useTools.getState().patch(sessionId, parsed.ok ? { argsText: text, args: parsed.value, argsError: undefined } : { argsText: text, argsError: parsed.error });
}

/** Lists tools from the start, or (`more`) the next page after the last `nextCursor`. */
export async function listTools(sessionId: string, more = false, show = true): Promise<void> {
  const store = useTools.getState();
  if (show) showPanel(sessionId, 'Tools');
  const before = store.get(sessionId);
  if (more && !before.nextCursor) return;
  store.patch(sessionId, { listing: true, listError: undefined });
  try {
    const page = toolsFrom(await clientRequest(sessionId, 'tools/list', more ? { cursor: before.nextCursor } : {}));
    const tools = more ? [...(before.tools ?? []), ...page.tools] : page.tools;
    store.patch(sessionId, { tools, nextCursor: page.nextCursor, listing: false });
    const picked = useTools.getState().get(sessionId).picked;
    if (!tools.some((t) => t.name === picked) && tools[0]) pickTool(sessionId, tools[0].name);
  } catch (e) {
    store.patch(sessionId, { listing: false, listError: `tools/list failed: ${failureOf(e).message}` });
  }
}

export async function callTool(sessionId: string): Promise<void> {
  const store = useTools.getState();
  const st = store.get(sessionId);
  const tool = st.tools?.find((t) => t.name === st.picked);
  if (!tool || st.running) return;
  if (st.argsError) return store.patch(sessionId, { outcome: { kind: 'error', error: { message: st.argsError }, ms: 0 } });
  remember(browserStorage(), memoryKey(connectionOf(sessionId), 'tool', tool.name), st.args);
  const params: Record<string, unknown> = { name: tool.name, arguments: st.args };
  const asTask = st.asTask && taskSupport(tool) !== 'forbidden';
  if (asTask) params.task = { ttl: 300_000 };
  const startedAt = Date.now();
  store.patch(sessionId, { running: { startedAt }, outcome: undefined });
  try {
    const result = (await clientRequest(sessionId, 'tools/call', params, {
      timeoutMs: st.timeoutMs, resetTimeoutOnProgress: st.resetOnProgress, maxTotalMs: st.maxTotalMs,
      onSent: (rid) => store.patch(sessionId, (s) => ({ running: s.running && { ...s.running, rid } })),
      onProgress: (progress) => store.patch(sessionId, (s) => ({ running: s.running && { ...s.running, progress } })),
    })) as Record<string, unknown> | undefined;
    const task = asTask ? (result?.task as { taskId?: unknown } | undefined) : undefined;
    if (task && typeof task.taskId === 'string') {
      startTask(sessionId, result!.task as Record<string, unknown>, tool.name);
      store.patch(sessionId, { running: undefined, outcome: { kind: 'task', taskId: task.taskId } });
    } else {
      store.patch(sessionId, { running: undefined, outcome: { kind: 'result', result: result ?? {}, tool, ms: Date.now() - startedAt } });
    }
  } catch (e) {
    store.patch(sessionId, { running: undefined, outcome: { kind: 'error', error: failureOf(e), ms: Date.now() - startedAt } });
  }
}

export async function cancelCall(sessionId: string): Promise<void> {
  const rid = useTools.getState().get(sessionId).running?.rid;
  if (rid) await cancelRequest(sessionId, rid);
}
