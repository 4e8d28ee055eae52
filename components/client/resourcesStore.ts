/**
 * A session's resources (server/resources): the listing and the templates (page by page), the
 * last read, the subscriptions Loupe holds and the updates the server announced for them.
 */
import { createPerSession } from './perSession';
import { clientRequest, failureOf, type RpcFailure } from './request';

export interface ResourceInfo {
  uri: string;
  name?: string;
  title?: string;
  mimeType?: string;
  description?: string;
  size?: number;
}

export interface TemplateInfo {
  uriTemplate: string;
  name?: string;
  title?: string;
  mimeType?: string;
  description?: string;
}

export interface ResourcesState {
  resources?: ResourceInfo[];
  nextCursor?: string;
  templates?: TemplateInfo[];
  templatesCursor?: string;
  listError?: string;
  read?: { uri: string; result?: Record<string, unknown>; error?: RpcFailure; ms: number };
  reading: boolean;
  subscribed: string[];
  updates: Record<string, { count: number; lastSeq: number }>;
  subscribeError?: string;
}

export const useResources = createPerSession<ResourcesState>(() => ({ reading: false, subscribed: [], updates: {} }));

function listOf<T>(v: unknown, key: string): T[] {
  return Array.isArray(v) ? v.filter((x): x is T => typeof x === 'object' && x !== null && typeof (x as Record<string, unknown>)[key] === 'string') : [];
}

export async function listResources(sessionId: string, more = false): Promise<void> {
  const store = useResources.getState();
  const cursor = store.get(sessionId).nextCursor;
  try {
    const r = (await clientRequest(sessionId, 'resources/list', more && cursor ? { cursor } : {})) as { resources?: unknown; nextCursor?: unknown };
    const page = listOf<ResourceInfo>(r?.resources, 'uri');
    store.patch(sessionId, (s) => ({ resources: more ? [...(s.resources ?? []), ...page] : page, nextCursor: typeof r?.nextCursor === 'string' ? r.nextCursor : undefined, listError: undefined }));
  } catch (e) {
    store.patch(sessionId, { listError: `resources/list failed: ${failureOf(e).message}` });
  }
}

export async function listTemplates(sessionId: string, more = false): Promise<void> {
  const store = useResources.getState();
  const cursor = store.get(sessionId).templatesCursor;
  try {
    const r = (await clientRequest(sessionId, 'resources/templates/list', more && cursor ? { cursor } : {})) as { resourceTemplates?: unknown; nextCursor?: unknown };
    const page = listOf<TemplateInfo>(r?.resourceTemplates, 'uriTemplate');
    store.patch(sessionId, (s) => ({ templates: more ? [...(s.templates ?? []), ...page] : page, templatesCursor: typeof r?.nextCursor === 'string' ? r.nextCursor : undefined, listError: undefined }));
  } catch (e) {
    store.patch(sessionId, { listError: `resources/templates/list failed: ${failureOf(e).message}` });
  }
}

export async function readResource(sessionId: string, uri: string): Promise<void> {
  const store = useResources.getState();
  const startedAt = Date.now();
  store.patch(sessionId, { reading: true });
  try {
    const result = (await clientRequest(sessionId, 'resources/read', { uri })) as Record<string, unknown>;
    store.patch(sessionId, { reading: false, read: { uri, result, ms: Date.now() - startedAt } });
  } catch (e) {
    store.patch(sessionId, { reading: false, read: { uri, error: failureOf(e), ms: Date.now() - startedAt } });
  }
}

export async function setSubscribed(sessionId: string, uri: string, on: boolean): Promise<void> {
  const store = useResources.getState();
  try {
    await clientRequest(sessionId, on ? 'resources/subscribe' : 'resources/unsubscribe', { uri });
    store.patch(sessionId, (s) => ({ subscribed: on ? [...s.subscribed.filter((u) => u !== uri), uri] : s.subscribed.filter((u) => u !== uri), subscribeError: undefined }));
  } catch (e) {
    store.patch(sessionId, { subscribeError: `${on ? 'resources/subscribe' : 'resources/unsubscribe'} failed: ${failureOf(e).message}` });
  }
}

export function resourceUpdated(sessionId: string, uri: string, seq: number): void {
  useResources.getState().patch(sessionId, (s) => ({ updates: { ...s.updates, [uri]: { count: (s.updates[uri]?.count ?? 0) + 1, lastSeq: seq } } }));
}
