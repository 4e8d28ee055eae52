/**
 * What this page is editing for a session's tools: the picked tool, its arguments as one JSON
 * value shown by both the form and the raw editor, and the call policy. The listing, the calls in
 * flight and their outcomes are the session's (client state in the proxy); this is input only.
 */
import { memoryKey, recall, remember } from '../../client/arg-memory';
import { formModel, initialValue } from '../../client/schema-form';
import { parseArgs } from '../../client/values';
import { failureOf, listClient, startCall, type RpcFailure } from '../actions';
import { useLoupe } from '../store';
import { clientOf, itemsOf } from './clientState';
import { showPanel } from './panelStore';
import { createPerSession } from './perSession';
import { browserStorage } from './storage';

export interface ToolInfo {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  execution?: { taskSupport?: string };
  annotations?: Record<string, unknown>;
}

export interface ToolsInput {
  picked?: string;
  /** What the tool list is filtered by. */
  search: string;
  mode: 'form' | 'json';
  args: Record<string, unknown>;
  argsText: string;
  argsError?: string;
  /** This page's choice for the next call; unset: the connection's client settings apply (in the proxy). */
  timeoutMs?: number;
  resetOnProgress?: boolean;
  maxTotalMs?: number;
  asTask: boolean;
  /** Why the last call could not even start (bad arguments, the proxy refused it). */
  startError?: RpcFailure;
  /** The person pressed Call for the picked tool: from then on its empty required fields are flagged. */
  tried: boolean;
}

export const useTools = createPerSession<ToolsInput>(() => ({
  search: '',
  mode: 'form',
  args: {},
  argsText: '{}',
  asTask: false,
  tried: false,
}));

function connectionOf(sessionId: string): string {
  return useLoupe.getState().sessions.find((s) => s.id === sessionId)?.connectionId ?? sessionId;
}

/** The tools the session listed. */
export function listedTools(sessionId: string): ToolInfo[] | undefined {
  return itemsOf<ToolInfo>(clientOf(useLoupe.getState(), sessionId), 'tools');
}

/** Only tools that allow it may be called as tasks (server/tools, execution.taskSupport). */
export function taskSupport(tool: ToolInfo | undefined): 'forbidden' | 'optional' | 'required' {
  const t = tool?.execution?.taskSupport;
  return t === 'optional' || t === 'required' ? t : 'forbidden';
}

export function pickTool(sessionId: string, name: string): void {
  const tool = listedTools(sessionId)?.find((t) => t.name === name);
  const remembered = recall(browserStorage(), memoryKey(connectionOf(sessionId), 'tool', name));
  const args = remembered ?? (initialValue(formModel(tool?.inputSchema)) as Record<string, unknown> | undefined) ?? {};
  useTools.getState().patch(sessionId, {
    picked: name,
    args,
    argsText: JSON.stringify(args, null, 2),
    argsError: undefined,
    startError: undefined,
    tried: false,
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

export async function listTools(sessionId: string, more = false): Promise<void> {
  showPanel(sessionId, 'Tools');
  await listClient(sessionId, 'tools', more);
}

export async function callTool(sessionId: string): Promise<void> {
  const store = useTools.getState();
  const st = store.get(sessionId);
  const tool = listedTools(sessionId)?.find((t) => t.name === st.picked);
  if (!tool) return;
  store.patch(sessionId, { tried: true });
  if (st.argsError) return store.patch(sessionId, { startError: { message: st.argsError, local: true } });
  remember(browserStorage(), memoryKey(connectionOf(sessionId), 'tool', tool.name), st.args);
  const params: Record<string, unknown> = { name: tool.name, arguments: st.args };
  if (st.asTask && taskSupport(tool) !== 'forbidden') params.task = { ttl: 300_000 };
  store.patch(sessionId, { startError: undefined });
  try {
    await startCall(sessionId, 'tools/call', params, { timeoutMs: st.timeoutMs, resetTimeoutOnProgress: st.resetOnProgress, maxTotalMs: st.maxTotalMs });
  } catch (e) {
    store.patch(sessionId, { startError: failureOf(e) });
  }
}
