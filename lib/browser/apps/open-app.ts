/**
 * Opening and closing the MCP Apps of a session in this page. Opening reads the tool's `ui://`
 * resource through Loupe's own client (so the read is the session's traffic), takes its HTML and
 * `_meta.ui`, and adds the app; AppView then mounts its frame and starts the host (app-host.ts).
 */
import { appResource } from '../../mcp/apps';
import { clientRequest } from '../actions';
import { itemsOf, clientOf } from '../client-panel/clientState';
import { useLoupe } from '../store';
import type { AppHostHandle } from './app-host';
import { defaultChoices, useApps, type HostChoices } from './appsStore';

export interface OpenAppRequest {
  sessionId: string;
  toolName: string;
  resourceUri: string;
  tool?: Record<string, unknown>;
  toolInput?: Record<string, unknown>;
  toolResult?: Record<string, unknown>;
  requestId?: number;
}

let opened = 0;
/** The running hosts, by app key: what Close and the host controls talk to. */
const hosts = new Map<string, AppHostHandle>();
/** The HTML of each app, kept out of the store (it can be megabytes, and no view shows it). */
const htmls = new Map<string, string>();

export function appHtml(key: string): string | undefined {
  return htmls.get(key);
}

export function registerHost(key: string, handle: AppHostHandle): void {
  hosts.set(key, handle);
}

export function hostOf(key: string): AppHostHandle | undefined {
  return hosts.get(key);
}

/** Adds the app and reads its resource; resolves with its key (an app that failed stays, saying why). */
export async function openApp(req: OpenAppRequest): Promise<string> {
  const key = `app-${++opened}`;
  const apps = useApps.getState();
  apps.add({ key, ...req, status: 'loading', choices: defaultChoices(), notes: [] });
  try {
    const listed = itemsOf<{ uri?: string }>(clientOf(useLoupe.getState(), req.sessionId), 'resources')?.find((r) => r.uri === req.resourceUri);
    const result = await clientRequest(req.sessionId, 'resources/read', { uri: req.resourceUri });
    const resource = appResource(result, req.resourceUri, listed);
    htmls.set(key, resource.html);
    apps.patch(key, {
      declaredCsp: resource.ui?.csp,
      permissions: resource.ui?.permissions,
      ...(resource.problem ? { error: `The resource is ${resource.problem}; rendered anyway.` } : {}),
    });
  } catch (e) {
    apps.patch(key, { status: 'failed', error: `Could not read ${req.resourceUri}: ${(e as Error).message}` });
  }
  return key;
}

/** Tears the app down (the bridge's teardown first) and removes it from the page. */
export async function closeApp(key: string, reason: string): Promise<void> {
  const host = hosts.get(key);
  hosts.delete(key);
  htmls.delete(key);
  await host?.close(reason);
  useApps.getState().remove(key);
}

/** Calls one of the View's own tools through its host; rejects when the app is gone. */
export async function callAppTool(key: string, name: string, args: Record<string, unknown>): Promise<unknown> {
  const host = hosts.get(key);
  if (!host) throw new Error('The app is not running any more.');
  return host.callAppTool(name, args);
}

/** The person changed the host context: kept for the page, sent to the app. */
export function setAppChoices(key: string, choices: HostChoices): void {
  useApps.getState().patch(key, { choices });
  hosts.get(key)?.setChoices(choices);
}
