/**
 * The tools an MCP App itself offers its host (ext-apps spec 2026-01-26: a View that declares
 * `appCapabilities.tools` answers `tools/list` and `tools/call` from the host, as a server would).
 * A host lists them to give them to its model; Loupe lists them so a person can call them and see
 * the View answer on its channel. What a View sent is untrusted: read here tolerantly, once.
 */
import { isObject, own } from './json';

export interface AppTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
}

/** Whether the View's `ui/initialize` declared tools the host may list and call. */
export function appOffersTools(appCapabilities: unknown): boolean {
  return isObject(own(appCapabilities, 'tools'));
}

/** The tools of a View's `tools/list` result; entries without a string name are left out and counted. */
export function appToolsOf(result: unknown): { tools: AppTool[]; skipped: number } {
  const listed = own(result, 'tools');
  if (!Array.isArray(listed)) return { tools: [], skipped: 0 };
  const tools: AppTool[] = [];
  for (const t of listed) {
    const name = own(t, 'name');
    if (typeof name !== 'string' || name === '') continue;
    const text = (k: string) => (typeof own(t, k) === 'string' ? (own(t, k) as string) : undefined);
    const schema = own(t, 'inputSchema');
    tools.push({
      name,
      ...(text('title') !== undefined ? { title: text('title') } : {}),
      ...(text('description') !== undefined ? { description: text('description') } : {}),
      ...(isObject(schema) ? { inputSchema: schema } : {}),
    });
  }
  return { tools, skipped: listed.length - tools.length };
}

/** The arguments a person typed for an app tool: a JSON object, or why not (empty text is no arguments). */
export function appToolArguments(text: string): { args: Record<string, unknown> } | { error: string } {
  if (text.trim() === '') return { args: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { error: `The arguments are not JSON (${(e as Error).message}): write an object such as {"page": 2}.` };
  }
  if (!isObject(value)) return { error: `The arguments are ${Array.isArray(value) ? 'an array' : typeof value}: a tool takes an object, such as {"page": 2}.` };
  return { args: value };
}

/** A tool result as a person reads it: its text blocks, other blocks by type, structured content when there is no text. */
export function appToolResultText(result: unknown): string {
  const content = own(result, 'content');
  const blocks = Array.isArray(content)
    ? content.map((b) => (own(b, 'type') === 'text' && typeof own(b, 'text') === 'string' ? (own(b, 'text') as string) : `[${String(own(b, 'type'))}]`))
    : [];
  const structured = own(result, 'structuredContent');
  const text = blocks.length > 0 ? blocks.join('\n') : structured !== undefined ? JSON.stringify(structured, null, 2) : '(no content)';
  return own(result, 'isError') === true ? `error: ${text}` : text;
}
