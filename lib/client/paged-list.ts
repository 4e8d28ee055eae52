/**
 * The one way Loupe pages through a list method (server/utilities/pagination): tools, resources,
 * templates, prompts and tasks in the client, and every list of `loupe record`'s discovery.
 * Pure: the request is passed in, the list state goes in and comes out.
 */

export type ListName = 'tools' | 'resources' | 'templates' | 'prompts' | 'tasks';

export interface ListSpec {
  method: string;
  /** The result field that holds the page's items. */
  field: string;
  /** The item field that names an item (items without it are not shown). */
  key: string;
}

export const LISTS: Record<ListName, ListSpec> = {
  tools: { method: 'tools/list', field: 'tools', key: 'name' },
  resources: { method: 'resources/list', field: 'resources', key: 'uri' },
  templates: { method: 'resources/templates/list', field: 'resourceTemplates', key: 'uriTemplate' },
  prompts: { method: 'prompts/list', field: 'prompts', key: 'name' },
  tasks: { method: 'tasks/list', field: 'tasks', key: 'taskId' },
};

/** A server that keeps returning cursors would otherwise keep a listing going forever. */
export const MAX_PAGES = 100;

export interface PagedList {
  items: Record<string, unknown>[];
  /** The cursor for the next page; absent once the server said there is none. */
  nextCursor?: string;
  pages: number;
  /** Cursors already followed, to stop a server that repeats one. */
  cursors: string[];
  error?: string;
}

export type ListRequest = (method: string, params: Record<string, unknown> | undefined) => Promise<unknown>;

export const emptyList: PagedList = { items: [], pages: 0, cursors: [] };

/** The params of the next request: from the start, or (`more`) after the last cursor. */
export function pageParams(list: PagedList | undefined, more: boolean): Record<string, unknown> | undefined {
  return more && list?.nextCursor !== undefined ? { cursor: list.nextCursor } : undefined;
}

/** Adds one page's result to the list (a first page replaces it). */
export function addPage(list: PagedList | undefined, result: unknown, spec: ListSpec, more: boolean): PagedList {
  const base = more && list ? list : emptyList;
  const r = (result ?? {}) as Record<string, unknown>;
  const raw = Array.isArray(r[spec.field]) ? (r[spec.field] as unknown[]) : [];
  const page = raw.filter(
    (x): x is Record<string, unknown> => typeof x === 'object' && x !== null && typeof (x as Record<string, unknown>)[spec.key] === 'string',
  );
  const next = typeof r.nextCursor === 'string' ? r.nextCursor : undefined;
  const cursors = more && base.nextCursor !== undefined ? [...base.cursors, base.nextCursor] : [];
  const out: PagedList = { items: [...base.items, ...page], pages: base.pages + 1, cursors };
  if (next !== undefined && (cursors.includes(next) || next === base.nextCursor)) {
    out.error = `the server repeated the cursor ${JSON.stringify(next)}: stopped paging`;
  } else if (next !== undefined) {
    out.nextCursor = next;
  }
  return out;
}

/** Fetches one page: the first, or (`more`) the next one. A failure keeps what was listed. */
export async function fetchPage(request: ListRequest, spec: ListSpec, list: PagedList | undefined, more: boolean): Promise<PagedList> {
  if (more && list?.nextCursor === undefined) return list ?? emptyList;
  try {
    return addPage(list, await request(spec.method, pageParams(list, more)), spec, more);
  } catch (e) {
    return { ...(list ?? emptyList), error: `${spec.method} failed: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** Every page, up to `maxPages`: the listing stops at an error, a repeated cursor or the cap. */
export async function fetchAll(request: ListRequest, spec: ListSpec, maxPages = MAX_PAGES): Promise<PagedList> {
  let list = await fetchPage(request, spec, undefined, false);
  while (list.nextCursor !== undefined && !list.error) {
    if (list.pages >= maxPages) return { ...list, error: `stopped after ${maxPages} pages` };
    list = await fetchPage(request, spec, list, true);
  }
  return list;
}
