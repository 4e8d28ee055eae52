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

/** An app's HTML as a resources/read answered it, with the `_meta.ui` a host reads. */
export interface AppResource {
  html: string;
  mimeType?: string;
  /** `_meta.ui` of the content item, else of the resource's listing entry. */
  ui?: Record<string, unknown>;
  /** Why a host would not render it as an MCP App (a wrong mime type), or undefined. */
  problem?: string;
}

function decodeBase64(blob: string): string {
  const bytes = Uint8Array.from(atob(blob), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The HTML of `uri` in a resources/read result: the content item with that uri (else the first),
 * its text or its base64 blob. `listed` is the resource's resources/list entry, whose `_meta.ui`
 * is the fallback the spec names. Throws with the reason when there is no HTML to render.
 */
export function appResource(result: unknown, uri: string, listed?: unknown): AppResource {
  const contents = own(result, 'contents');
  if (!Array.isArray(contents) || contents.length === 0) throw new Error(`resources/read of ${uri} answered no contents`);
  const item: unknown = contents.find((c) => own(c, 'uri') === uri) ?? contents[0];
  const text = own(item, 'text');
  const blob = own(item, 'blob');
  const html = typeof text === 'string' ? text : typeof blob === 'string' ? decodeBase64(blob) : undefined;
  if (html === undefined) throw new Error(`resources/read of ${uri} answered a content item with neither text nor blob`);
  const mimeType = own(item, 'mimeType');
  const ui = own(own(item, '_meta'), 'ui') ?? own(own(listed, '_meta'), 'ui');
  const problem =
    mimeType === APP_MIME_TYPE
      ? undefined
      : `served as ${typeof mimeType === 'string' ? mimeType : 'no mime type'}, not ${APP_MIME_TYPE} (apps.resource-mime-type)`;
  return { html, mimeType: typeof mimeType === 'string' ? mimeType : undefined, ...(isObject(ui) ? { ui } : {}), ...(problem ? { problem } : {}) };
}
