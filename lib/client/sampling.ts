/**
 * Sampling with tools (client/sampling, 2025-11-25): the tools a server offers in
 * `sampling/createMessage`, its `toolChoice`, and the assistant message that answers with one or
 * more `tool_use` blocks and `stopReason: "toolUse"`.
 */
import { formModel, initialValue } from './schema-form';
import { parseArgs } from './values';
import { asObject } from '../mcp/json';

export interface OfferedTool {
  name: string;
  description?: string;
  /** The input schema, pretty-printed for a collapsed view. */
  schemaText: string;
  inputSchema: unknown;
}

export interface ToolUseDraft {
  id: string;
  name: string;
  inputText: string;
}

export function offeredTools(params: Record<string, unknown>): OfferedTool[] {
  if (!Array.isArray(params.tools)) return [];
  return params.tools.map((t) => {
    const o = asObject(t) ?? {};
    return {
      name: typeof o.name === 'string' ? o.name : String(o.name ?? '(no name)'),
      description: typeof o.description === 'string' ? o.description : undefined,
      schemaText: JSON.stringify(o.inputSchema ?? null, null, 2),
      inputSchema: o.inputSchema,
    };
  });
}

/** The `toolChoice.mode` asked for; `auto` is the spec's default when tools come without one. */
export function toolChoiceMode(params: Record<string, unknown>): string | undefined {
  const mode = asObject(params.toolChoice)?.mode;
  if (typeof mode === 'string') return mode;
  if (params.toolChoice !== undefined) return JSON.stringify(params.toolChoice);
  return Array.isArray(params.tools) ? 'auto (default)' : undefined;
}

/** What the chosen reply would break of `toolChoice`: shown, never enforced (the server should see it). */
export function toolChoiceWarning(mode: string | undefined, reply: 'text' | 'tools'): string | undefined {
  if (mode === 'none' && reply === 'tools') return 'toolChoice is "none": the model must not use any tool.';
  if (mode === 'required' && reply === 'text') return 'toolChoice is "required": the model must use at least one tool.';
  return undefined;
}

/** A fresh tool use id; `random` is injectable so tests are deterministic. */
export function toolUseId(random: () => number = Math.random): string {
  return `call_${Math.floor(random() * 36 ** 8)
    .toString(36)
    .padStart(8, '0')}`;
}

/** A starting input for a tool: its schema's defaults, else an empty object. */
export function initialInput(tool: OfferedTool | undefined): string {
  const v = tool ? initialValue(formModel(tool.inputSchema)) : undefined;
  return JSON.stringify(asObject(v) ?? {}, null, 2);
}

export function toolUseDraft(tool: OfferedTool | undefined, random?: () => number): ToolUseDraft {
  return { id: toolUseId(random), name: tool?.name ?? '', inputText: initialInput(tool) };
}

/** The CreateMessageResult for tool uses, or the first problem a person must fix. */
export function toolUseResult(drafts: ToolUseDraft[], model: string): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  if (drafts.length === 0) return { ok: false, error: 'Add at least one tool use.' };
  const content: Record<string, unknown>[] = [];
  for (const [i, d] of drafts.entries()) {
    if (!d.name) return { ok: false, error: `Tool use ${i + 1}: pick a tool.` };
    const input = parseArgs(d.inputText);
    if (!input.ok) return { ok: false, error: `Tool use ${i + 1} (${d.name}): ${input.error.replace('arguments', 'input')}` };
    content.push({ type: 'tool_use', id: d.id, name: d.name, input: input.value });
  }
  return { ok: true, value: { role: 'assistant', content, model, stopReason: 'toolUse' } };
}

/** A sampling reply (client/sampling, CreateMessageResult) with a text: the person's or a fixed one. */
export function samplingResult(text: string, model: string, stopReason = 'endTurn'): Record<string, unknown> {
  return { role: 'assistant', content: { type: 'text', text }, model, stopReason };
}
