/**
 * The small tools client of a session: the last `tools/list`, the picked tool, the arguments being
 * edited and the last call's outcome. Kept per session so switching tabs loses nothing.
 */
import { create } from 'zustand';
import { mcpRequest } from '../../lib/browser/actions';

export interface ToolInfo {
  name: string;
  description?: string;
  inputSchema?: unknown;
}

export interface ToolsState {
  open: boolean;
  tools?: ToolInfo[];
  listError?: string;
  picked?: string;
  argsText: string;
  busy: boolean;
  outcome?: { ok: boolean; text: string };
}

const initial: ToolsState = { open: false, argsText: '{}', busy: false };

interface Store {
  bySession: Record<string, ToolsState>;
  patch(sessionId: string, p: Partial<ToolsState>): void;
  listTools(sessionId: string): Promise<void>;
  callTool(sessionId: string): Promise<void>;
}

function toolsFrom(result: unknown): ToolInfo[] {
  const tools = (result as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(tools)) return [];
  return tools.filter((t): t is ToolInfo => typeof t === 'object' && t !== null && typeof (t as ToolInfo).name === 'string');
}

/** An example argument object from a tool's inputSchema: each required property with a blank value. */
export function argsSkeleton(schema: unknown): string {
  const s = schema as { properties?: Record<string, { type?: string }>; required?: string[] } | undefined;
  const out: Record<string, unknown> = {};
  for (const name of s?.required ?? []) {
    const type = s?.properties?.[name]?.type;
    out[name] = type === 'number' || type === 'integer' ? 0 : type === 'boolean' ? false : type === 'object' ? {} : type === 'array' ? [] : '';
  }
  return JSON.stringify(out, null, 2);
}

export const useToolsPanel = create<Store>()((set, get) => ({
  bySession: {},
  patch: (id, p) => set((s) => ({ bySession: { ...s.bySession, [id]: { ...(s.bySession[id] ?? initial), ...p } } })),

  listTools: async (id) => {
    const { patch } = get();
    patch(id, { open: true, busy: true, listError: undefined });
    try {
      const tools = toolsFrom(await mcpRequest(id, 'tools/list', {}));
      const picked = get().bySession[id]?.picked;
      const keep = tools.some((t) => t.name === picked);
      patch(id, { tools, busy: false, ...(keep ? {} : { picked: tools[0]?.name, argsText: argsSkeleton(tools[0]?.inputSchema) }) });
    } catch (e) {
      patch(id, { busy: false, listError: `tools/list failed: ${(e as Error).message}` });
    }
  },

  callTool: async (id) => {
    const st = get().bySession[id] ?? initial;
    if (!st.picked) return;
    let args: unknown;
    try {
      args = JSON.parse(st.argsText);
    } catch (e) {
      return get().patch(id, { outcome: { ok: false, text: `The arguments are not valid JSON: ${(e as Error).message}` } });
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      return get().patch(id, { outcome: { ok: false, text: 'The arguments must be a JSON object, e.g. {"message": "hi"}.' } });
    }
    get().patch(id, { busy: true, outcome: undefined });
    try {
      const result = await mcpRequest(id, 'tools/call', { name: st.picked, arguments: args as Record<string, unknown> });
      const isError = (result as { isError?: unknown } | undefined)?.isError === true;
      get().patch(id, { busy: false, outcome: { ok: !isError, text: JSON.stringify(result, null, 2) } });
    } catch (e) {
      get().patch(id, { busy: false, outcome: { ok: false, text: (e as Error).message } });
    }
  },
}));
