/**
 * apps.*, the resource side of MCP Apps: UI resources as resources/list declares them, and as a
 * resources/read of one serves them (its mime type, its `_meta.ui`, the origins its HTML loads
 * against the ones its CSP declares), and whether the resource a UI tool points at exists.
 */
import { APP_MIME_TYPE } from '../../../mcp/apps';
import type { RequestRecord } from '../../state';
import type { BaseContext, MessageContext } from '../../types';
import { arrAt, hasOwn, isObj, objAt, own, show, strAt, type Obj } from '../../util';
import { htmlLoads, type CspList } from './html-loads';
import { sourceAllows } from './origin';
import { appsState, isUiResource, templateMatches, type AppsState, type Listing } from './state';
import { resourceUiProblems, uiMetaOf } from './ui-meta';

function startsOver(request: RequestRecord): boolean {
  return own(isObj(request.params) ? request.params : {}, 'cursor') === undefined;
}

function addPage<T>(listing: Listing<T>, request: RequestRecord, seq: number, result: unknown, entries: Array<[string, T]>): void {
  if (startsOver(request)) {
    listing.items.clear();
    listing.completeSeq = undefined;
  }
  for (const [key, value] of entries) listing.items.set(key, value);
  listing.completeSeq = strAt(result, 'nextCursor') === undefined ? seq : undefined;
}

/** A resources/list page: remembered, and each UI resource's `_meta.ui` judged. */
export function judgeResourceListing({ msg, state, report }: MessageContext, request: RequestRecord): void {
  const apps = appsState(state);
  const entries: Array<[string, Obj]> = [];
  for (const r of arrAt(msg.result, 'resources') ?? []) {
    const uri = strAt(r, 'uri');
    if (uri === undefined || !isObj(r)) continue;
    entries.push([uri, r]);
    if (!isUiResource(apps, uri) && strAt(r, 'mimeType') !== APP_MIME_TYPE) continue;
    for (const [rule, problems] of resourceUiProblems(uiMetaOf(r)))
      report(rule, [msg.seq, request.seq], `resource ${show(uri, 80)} in resources/list: ${problems.join('; ')}`);
  }
  addPage(apps.resources, request, msg.seq, msg.result, entries);
}

export function noteTemplateListing({ msg, state }: MessageContext, request: RequestRecord): void {
  const entries: Array<[string, true]> = [];
  for (const t of arrAt(msg.result, 'resourceTemplates') ?? []) {
    const template = strAt(t, 'uriTemplate');
    if (template !== undefined) entries.push([template, true]);
  }
  addPage(appsState(state).templates, request, msg.seq, msg.result, entries);
}

function toolsOf(apps: AppsState, uri: string): string {
  const names = [...apps.tools].filter(([, t]) => t.uri === uri).map(([n]) => `"${n}"`);
  return names.length === 0 ? '' : ` (the UI of ${names.length === 1 ? 'tool' : 'tools'} ${names.join(', ')})`;
}

/** The text of a content item: `text`, or `blob` decoded as UTF-8. */
function htmlOf(item: Obj): string | undefined {
  const text = strAt(item, 'text');
  if (text !== undefined) return text;
  const blob = strAt(item, 'blob');
  if (blob === undefined) return undefined;
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(blob), (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** The CSP a host applies: the read content's `_meta.ui.csp`, else the listing entry's. */
function declaredCsp(apps: AppsState, uri: string, item: Obj): Obj | undefined {
  const read = uiMetaOf(item);
  if (isObj(read) && hasOwn(read, 'csp')) return objAt(read, 'csp');
  return objAt(uiMetaOf(apps.resources.items.get(uri)), 'csp');
}

function judgeLoads(ctx: MessageContext, at: number[], uri: string, html: string, csp: Obj | undefined): void {
  const missing = new Map<CspList, Map<string, string>>();
  for (const load of htmlLoads(html)) {
    const declared = arrAt(csp, load.list) ?? [];
    if (declared.some((e) => typeof e === 'string' && sourceAllows(e, load.url))) continue;
    let origins = missing.get(load.list);
    if (!origins) missing.set(load.list, (origins = new Map()));
    if (!origins.has(load.url.origin)) origins.set(load.url.origin, load.via);
  }
  for (const [list, origins] of missing) {
    const named = [...origins].slice(0, 5).map(([origin, via]) => `${show(origin, 60)} (${via})`);
    const more = origins.size > 5 ? ` and ${origins.size - 5} more` : '';
    const them = origins.size === 1 ? 'that origin' : 'those origins';
    const where =
      csp === undefined ? `but declares no _meta.ui.csp, so the host allows no other origin` : `but its _meta.ui.csp.${list} does not declare ${them}`;
    ctx.report('apps.csp-undeclared-origin', at, `${show(uri, 80)} loads from ${named.join(', ')}${more}, ${where}: the host blocks the load`);
  }
}

/** A resources/read of a UI resource: it exists, it is an MCP App's HTML, and its CSP covers what it loads. */
export function judgeRead(ctx: MessageContext, request: RequestRecord): void {
  const { msg, state, report } = ctx;
  const uri = strAt(request.params, 'uri');
  const apps = appsState(state);
  if (uri === undefined || !isUiResource(apps, uri)) return;
  const at = [msg.seq, request.seq];
  const label = `${show(uri, 80)}${toolsOf(apps, uri)}`;
  if (msg.kind === 'error') {
    const error = isObj(msg.error) ? msg.error : {};
    report(
      'apps.resource-missing',
      at,
      `resources/read of ${label} was answered with error ${show(own(error, 'code'), 20)} ${show(own(error, 'message'), 80)}`,
    );
    return;
  }
  const contents = (arrAt(msg.result, 'contents') ?? []).filter(isObj);
  if (contents.length === 0) {
    report('apps.resource-missing', at, `resources/read of ${label} returned no contents`);
    return;
  }
  const wrongType = contents.find((c) => own(c, 'mimeType') !== APP_MIME_TYPE);
  if (wrongType)
    report(
      'apps.resource-mime-type',
      at,
      `resources/read of ${label} returned ${own(wrongType, 'mimeType') === undefined ? 'content without a mimeType' : `mimeType ${show(own(wrongType, 'mimeType'), 60)}`}; an MCP App's HTML must be served as exactly "${APP_MIME_TYPE}"`,
    );
  for (const item of contents) {
    for (const [rule, problems] of resourceUiProblems(uiMetaOf(item))) report(rule, at, `the content of ${show(uri, 80)}: ${problems.join('; ')}`);
    const html = htmlOf(item);
    if (html !== undefined) judgeLoads(ctx, at, uri, html, declaredCsp(apps, uri, item));
  }
}

/** At the end: UI resources a complete resources/list left out (allowed, but a host cannot see them before a call). */
export function judgeUnlisted({ state, report }: BaseContext): void {
  const apps = appsState(state);
  const complete = apps.resources.completeSeq;
  if (complete === undefined) return;
  for (const [name, tool] of apps.tools) {
    const key = `unlisted|${tool.uri}`;
    if (apps.said.has(key) || apps.resources.items.has(tool.uri) || [...apps.templates.items.keys()].some((t) => templateMatches(t, tool.uri))) continue;
    apps.said.add(key);
    report(
      'apps.resource-unlisted',
      [tool.seq, complete],
      `tool "${name}" points at ${show(tool.uri, 80)}, which the complete resources/list does not name and no resource template matches; a host cannot prefetch or review that UI before the tool is called`,
    );
  }
}
