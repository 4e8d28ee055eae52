/**
 * apps.*, the tool side of MCP Apps: what a tool's `_meta.ui` says in tools/list (the resource it
 * points at, its visibility, keys that belong on the resource) and whether a UI tool's result
 * keeps a text fallback for hosts and models that do not render the UI.
 */
import { toolUi, FLAT_RESOURCE_URI_KEY } from '../../../mcp/apps';
import type { RequestRecord } from '../../state';
import type { MessageContext } from '../../types';
import { arrAt, isObj, own, show, strAt } from '../../util';
import { appsState } from './state';
import { toolUiProblems, uiMetaOf } from './ui-meta';

/** A tools/list page: each tool's `_meta.ui`, and the UI tools remembered for the other rules. */
export function judgeToolListing({ msg, state, report }: MessageContext, request: RequestRecord): void {
  const apps = appsState(state);
  const at = [msg.seq, request.seq];
  // A listing without a cursor starts over: the tools may have changed since the last one.
  if (own(isObj(request.params) ? request.params : {}, 'cursor') === undefined) apps.tools.clear();
  const withUi: string[] = [];
  for (const tool of arrAt(msg.result, 'tools') ?? []) {
    const name = strAt(tool, 'name');
    const label = name === undefined ? 'a tool without a name' : `tool "${name}"`;
    for (const [rule, problems] of toolUiProblems(uiMetaOf(tool))) report(rule, at, `${label}: ${problems.join('; ')}`);
    const ui = toolUi(tool);
    if (!ui) continue;
    if (name !== undefined) {
      apps.tools.set(name, { uri: ui.uri, seq: msg.seq });
      withUi.push(name);
    }
    if (!ui.uri.startsWith('ui://'))
      report('apps.resource-uri-scheme', at, `${label} points at ${show(ui.uri, 80)} for its UI; an MCP App's resource URI must start with ui://`);
    if (ui.nested === undefined)
      report(
        'apps.deprecated-resource-uri-key',
        at,
        `${label} names its UI only with the deprecated _meta["${FLAT_RESOURCE_URI_KEY}"]; set _meta.ui.resourceUri (the flat key is removed before GA)`,
      );
    else if (ui.flat !== undefined && ui.flat !== ui.nested)
      report(
        'apps.deprecated-resource-uri-key',
        at,
        `${label} has _meta.ui.resourceUri ${show(ui.nested, 60)} but the deprecated _meta["${FLAT_RESOURCE_URI_KEY}"] ${show(ui.flat, 60)}; hosts that read the old key render another UI`,
      );
  }
  // Without the resources capability no host may send resources/read: the UI cannot be fetched.
  if (withUi.length > 0 && state.serverCapabilities !== undefined && own(state.serverCapabilities, 'resources') === undefined)
    report(
      'apps.resource-missing',
      at,
      `${withUi.map((n) => `"${n}"`).join(', ')} point${withUi.length === 1 ? 's' : ''} at a UI resource, but the server declared no resources capability, so no host can read it`,
    );
}

/** A UI tool's result keeps a text block (Graceful Degradation: "Tools MUST return meaningful content"). */
export function judgeToolCall({ msg, state, report }: MessageContext, request: RequestRecord): void {
  const name = strAt(request.params, 'name');
  const tool = name === undefined ? undefined : appsState(state).tools.get(name);
  const content = own(isObj(msg.result) ? msg.result : {}, 'content');
  // A result without a content array is the schema's to judge (or a task's, answered later).
  if (!tool || !Array.isArray(content)) return;
  if (content.some((b) => strAt(b, 'type') === 'text' && strAt(b, 'text') !== undefined)) return;
  report(
    'apps.no-text-fallback',
    [msg.seq, request.seq],
    `tool "${name}" renders ${show(tool.uri, 60)}, but its result has ${content.length === 0 ? 'no content' : `no text block (only ${[...new Set(content.map((b) => show(strAt(b, 'type') ?? b, 20)))].join(', ')})`}; a host without the UI, and the model, see nothing`,
  );
}
