/**
 * MCP Apps, the `io.modelcontextprotocol/ui` extension (ext-apps spec 2026-01-26): a tool names
 * the `ui://` resource that renders its results, and that resource is an HTML document served as
 * `text/html;profile=mcp-app`. The keys live here once, for the apps.* rules and for the CLI's
 * check, which reads each UI tool's resource so those rules have something to judge.
 */
import { isObject, own } from './json';

/** The extension's id in `capabilities.extensions`. */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';

/** The one mime type an MCP App's HTML is served as (Content Requirements: a MUST). */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** What a host offers in `capabilities.extensions[APPS_EXTENSION]`. */
export const APPS_CLIENT_SETTINGS = { mimeTypes: [APP_MIME_TYPE] };

/** The deprecated flat key, `_meta["ui/resourceUri"]`, "removed before GA". */
export const FLAT_RESOURCE_URI_KEY = 'ui/resourceUri';

export interface ToolUi {
  /** The resource the tool points at: `_meta.ui.resourceUri`, else the flat key. */
  uri: string;
  /** `_meta.ui.resourceUri`, when it is a string. */
  nested?: string;
  /** `_meta["ui/resourceUri"]`, when it is a string. */
  flat?: string;
}

/** The UI a listed tool points at, or undefined for a tool without one. */
export function toolUi(tool: unknown): ToolUi | undefined {
  const meta = own(tool, '_meta');
  if (!isObject(meta)) return undefined;
  const nestedValue = own(own(meta, 'ui'), 'resourceUri');
  const flatValue = own(meta, FLAT_RESOURCE_URI_KEY);
  const nested = typeof nestedValue === 'string' ? nestedValue : undefined;
  const flat = typeof flatValue === 'string' ? flatValue : undefined;
  const uri = nested ?? flat;
  return uri === undefined ? undefined : { uri, nested, flat };
}

/** Who may call a tool (`_meta.ui.visibility`: "model", "app"), when it is a list of strings;
 *  undefined otherwise (absent means both, and apps.visibility judges a malformed one). */
export function toolVisibility(tool: unknown): string[] | undefined {
  const v = own(own(own(tool, '_meta'), 'ui'), 'visibility');
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
}

/** The distinct resources a tool listing's UI tools point at, in listing order. */
export function uiResourceUris(tools: readonly unknown[]): string[] {
  const uris = new Set<string>();
  for (const t of tools) {
    const ui = toolUi(t);
    if (ui) uris.add(ui.uri);
  }
  return [...uris];
}
