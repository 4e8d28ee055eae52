'use client';
import { useEffect, useRef } from 'react';
import { buildAllowAttribute, type McpUiResourcePermissions } from '@modelcontextprotocol/ext-apps/app-bridge';
import { startAppHost } from '../../lib/browser/apps/app-host';
import { useApps } from '../../lib/browser/apps/appsStore';
import { appHtml, closeApp, hostOf, registerHost, setAppChoices } from '../../lib/browser/apps/open-app';
import { useHandshake } from '../../lib/browser/useHandshake';
import { useLoupe } from '../../lib/browser/store';
import { listedTools } from '../../lib/browser/client-panel/toolsStore';
import { Button } from '../ui/Button';
import { AppControls } from './AppControls';
import { AppCspPanel } from './AppCspPanel';
import { AppNotes } from './AppNotes';
import { AppTools } from './AppTools';

/** Where the app's frame sits for each display mode: in the panel, over the whole page, or a small window in a corner. */
const FRAME_BOX = {
  inline: 'relative w-full',
  fullscreen: 'fixed inset-0 z-50 bg-zinc-950 p-2',
  pip: 'fixed bottom-3 right-3 z-50 w-[min(420px,90vw)] rounded border border-zinc-600 bg-zinc-950 p-1 shadow-2xl',
} as const;

/** The frame's height when the app asked for none: enough to show a small app whole. */
const DEFAULT_HEIGHT = 320;

/**
 * One rendered MCP App: its frame (the sandbox proxy on the sandbox origin, the app inside it),
 * the host controls, what the host saw (policy, links, messages) and the View's own tools. Closing it runs the bridge's
 * teardown before the frame goes.
 */
export function AppView({ appKey }: { appKey: string }) {
  const app = useApps((s) => s.apps[appKey]);
  const sandboxPort = useLoupe((s) => s.appSandboxPort);
  const serverResources = (useHandshake(app?.sessionId ?? '').serverCapabilities as { resources?: unknown } | undefined)?.resources !== undefined;
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const html = appHtml(appKey);
  const ready = app !== undefined && app.status === 'loading' && html !== undefined && sandboxPort !== undefined;

  useEffect(() => {
    if (!ready || !frame.current || hostOf(appKey)) return;
    const iframe = frame.current;
    // Same host name as the page (the page's policy frames exactly that), the sandbox's own port.
    const origin = `http://${window.location.hostname}:${sandboxPort}`;
    const tool = listedTools(app.sessionId)?.find((t) => t.name === app.toolName) as Record<string, unknown> | undefined;
    startAppHost({ app, html, tool, iframe, sandboxOrigin: origin, serverResources, containerWidth: () => box.current?.clientWidth ?? 600 }).then(
      (handle) => registerHost(appKey, handle),
      (e: Error) => useApps.getState().patch(appKey, { status: 'failed', error: e.message }),
    );
    // Started once per app: the effect's inputs only decide when.
  }, [ready, appKey]);

  // A frame that leaves the page (another session's tab shown) is torn down in the trace too; a
  // hidden client panel keeps its apps mounted (SessionView).
  useEffect(() => () => void closeApp(appKey, "the session's tab was left"), [appKey]);

  if (!app) return null;
  const mode = app.choices.displayMode;
  const height = app.choices.height ?? app.requestedSize?.height ?? DEFAULT_HEIGHT;
  const width = app.choices.width;
  const permissions = app.permissions as McpUiResourcePermissions | undefined;
  const label = `App ${app.toolName}`;
  return (
    <article aria-label={label} className="flex flex-col gap-1 rounded border border-zinc-800 bg-zinc-950/60 p-2">
      <header className="flex flex-wrap items-center gap-2">
        <span className="rounded bg-violet-900/60 px-1 text-[10px] font-semibold uppercase tracking-wide text-violet-200">app</span>
        <span className="font-mono text-zinc-200">{app.toolName}</span>
        <span className="truncate font-mono text-[11px] text-zinc-500">{app.resourceUri}</span>
        {app.channel && <span className="text-[11px] text-zinc-400">channel {app.channel}</span>}
        <span role="status" aria-label="App status" className="text-[11px] text-zinc-400">
          {app.status === 'running'
            ? `running${app.appInfo ? ` · ${app.appInfo.name} ${app.appInfo.version}` : ''}`
            : app.status === 'mounted'
              ? 'waiting for ui/initialize'
              : app.status}
        </span>
        <Button className="ml-auto" aria-label={`Close ${label}`} onClick={() => void closeApp(appKey, 'closed by the user')}>
          Close
        </Button>
      </header>
      {app.error && (
        <p role="alert" className="text-amber-300">
          {app.error}
        </p>
      )}
      {app.status !== 'failed' && (
        <>
          <AppControls app={app} />
          <div ref={box} className={FRAME_BOX[mode]}>
            {mode !== 'inline' && (
              <div className="mb-1 flex items-center gap-2 text-[11px] text-zinc-400">
                <span>
                  {app.toolName} · {mode}
                </span>
                <Button className="ml-auto" onClick={() => setAppChoices(appKey, { ...app.choices, displayMode: 'inline' })}>
                  Back inline
                </Button>
              </div>
            )}
            <iframe
              ref={frame}
              title={`MCP App ${app.toolName}`}
              // The proxy frame runs on the sandbox origin (a different port: never the page's
              // origin); the app inside it gets no allow-same-origin at all.
              sandbox="allow-scripts allow-same-origin allow-forms"
              allow={buildAllowAttribute(permissions) || undefined}
              referrerPolicy="no-referrer"
              style={{ height: mode === 'fullscreen' ? 'calc(100% - 2rem)' : height, width: width ?? '100%' }}
              className={`block max-w-full bg-white ${mode === 'inline' ? 'rounded border border-zinc-700' : ''}`}
            />
          </div>
          <p className="text-[11px] text-zinc-500">
            {app.requestedSize
              ? `The app asked for ${app.requestedSize.width ?? 'any'} × ${app.requestedSize.height ?? 'any'} px`
              : 'The app asked for no size yet'}
            {app.choices.height || app.choices.width ? '; the container size you set wins.' : '; honoured.'}
          </p>
          <AppCspPanel app={app} />
          <AppTools app={app} />
          <AppNotes notes={app.notes} />
        </>
      )}
    </article>
  );
}
