/**
 * Hosting one MCP App, as a host does (ext-apps spec 2026-01-26), with the package's own host side:
 * an AppBridge over a PostMessageTransport to the sandbox proxy frame on the sandbox origin. The
 * bridge answers `ui/initialize` with the host context the person chose, sends the call's input and
 * result, and forwards what the app asks of the server (tools/call, resources/*) through Loupe's
 * own client, so those requests are the session's traffic like any other. Every bridge message is
 * recorded on the app's channel (RecordingTransport -> `app/frame`), and so are the sandbox's CSP
 * violations; the app's links, messages and logs are shown to the person, never acted on alone.
 * A View that declared tools is asked for them once it is initialized (as a host asks, to give them
 * to its model), and the person may call them: the host's requests on the app's channel.
 */
import type { McpUiDisplayMode, McpUiHostContext, McpUiResourceCsp, McpUiResourcePermissions } from '@modelcontextprotocol/ext-apps/app-bridge';
import { AppBridge, isToolVisibilityModelOnly } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult, ListResourcesResult, ListResourceTemplatesResult, ReadResourceResult } from '@modelcontextprotocol/client';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { appOffersTools, appToolsOf } from '../../mcp/app-tools';
import { LOUPE_VERSION } from '../../version';
import { clientRequest } from '../actions';
import { listedTools } from '../client-panel/toolsStore';
import { getSocket } from '../socket';
import { DISPLAY_MODES, useApps, type AppInstance, type HostChoices } from './appsStore';
import { RecordingTransport } from './recording-transport';

/** How long the app has to answer the teardown request before its frame goes anyway. */
const TEARDOWN_WAIT_MS = 2000;

export interface AppHostHandle {
  /** Sends the changed host context to the app (ui/notifications/host-context-changed). */
  setChoices(choices: HostChoices): void;
  /** Asks the app to tear down (ui/resource-teardown), then unmounts it in the trace. */
  close(reason: string): Promise<void>;
  /** Calls one of the View's own tools (tools/call from the host to the app); resolves with its result. */
  callAppTool(name: string, args: Record<string, unknown>): Promise<unknown>;
}

export interface AppHostOptions {
  app: AppInstance;
  html: string;
  tool?: Record<string, unknown>;
  /** The proxy frame; its src is set here, once the bridge listens. */
  iframe: HTMLIFrameElement;
  sandboxOrigin: string;
  /** The width the app's container has, for `containerDimensions.maxWidth`. */
  containerWidth: () => number;
  /** Whether the server declared resources (the bridge forwards resources/* only then). */
  serverResources: boolean;
}

function hostContext(o: AppHostOptions, choices: HostChoices): McpUiHostContext {
  const dims = {
    ...(choices.width ? { width: choices.width } : { maxWidth: o.containerWidth() }),
    ...(choices.height ? { height: choices.height } : { maxHeight: 2000 }),
  };
  return {
    theme: choices.theme,
    displayMode: choices.displayMode,
    availableDisplayModes: [...DISPLAY_MODES],
    locale: choices.locale,
    timeZone: choices.timeZone,
    containerDimensions: dims as McpUiHostContext['containerDimensions'],
    platform: 'web',
    userAgent: `Loupe/${LOUPE_VERSION}`,
    ...(o.tool ? { toolInfo: { ...(o.app.requestId !== undefined ? { id: o.app.requestId } : {}), tool: o.tool as never } } : {}),
  };
}

/** The text of content blocks an app sent (ui/message, ui/update-model-context), for the person. */
function blocksText(content: unknown): string {
  if (!Array.isArray(content)) return JSON.stringify(content);
  return content.map((b: { type?: string; text?: string }) => (b?.type === 'text' ? String(b.text) : `[${String(b?.type)}]`)).join('\n');
}

export async function startAppHost(o: AppHostOptions): Promise<AppHostHandle> {
  const { key, sessionId } = o.app;
  const apps = useApps.getState();
  const socket = getSocket();
  const opened = await socket.call({ type: 'app/open', sessionId, toolName: o.app.toolName, resourceUri: o.app.resourceUri, requestId: o.app.requestId });
  const channel = opened.type === 'ack' ? opened.channel : undefined;
  if (!channel) throw new Error('The proxy gave the app no channel to record it on.');
  apps.patch(key, { channel });
  let recordError = false;
  // Unacknowledged: the proxy answers a bridge message only when it could not record it.
  const recorder = socket.unacked((e) => {
    if (recordError) return;
    recordError = true;
    apps.patch(key, { error: `The app's traffic could not be recorded: ${e.message}` });
  });
  const record = (dir: 'c2s' | 's2c', text: string) => recorder.send({ type: 'app/frame', sessionId, channel, dir, text });

  const frame = o.iframe.contentWindow;
  if (!frame) throw new Error("The app's frame is not in the page.");
  const transport = new RecordingTransport({
    frame,
    origin: o.sandboxOrigin,
    record,
    onSandbox: (method, params) => {
      if (method === 'loupe/sandbox/csp-applied') apps.patch(key, { applied: params as AppInstance['applied'] });
      else if (method === 'loupe/sandbox/frame') apps.patch(key, { frame: params as AppInstance['frame'] });
      else if (method === 'loupe/sandbox/csp-violation')
        void socket
          .call({
            type: 'app/csp-violation',
            sessionId,
            channel,
            directive: String(params.directive || 'unknown'),
            blockedUri: String(params.blockedUri ?? ''),
            policy: String(params.policy ?? ''),
          })
          .catch(() => undefined);
    },
  });

  let choices = useApps.getState().apps[key]?.choices ?? o.app.choices;
  const bridge = new AppBridge(
    null,
    { name: 'Loupe', version: LOUPE_VERSION },
    {
      openLinks: {},
      serverTools: {},
      ...(o.serverResources ? { serverResources: {} } : {}),
      logging: {},
      message: { text: {} },
      updateModelContext: { text: {} },
      sandbox: { csp: o.app.declaredCsp as McpUiResourceCsp, permissions: o.app.permissions as McpUiResourcePermissions },
    },
    { hostContext: hostContext(o, choices) },
  );
  const csp = o.app.declaredCsp as McpUiResourceCsp | undefined;
  const permissions = o.app.permissions as McpUiResourcePermissions | undefined;
  bridge.onsandboxready = () => void bridge.sendSandboxResourceReady({ html: o.html, ...(csp ? { csp } : {}), ...(permissions ? { permissions } : {}) });
  // Whether the app said ui/notifications/initialized: from then on it is owed a teardown, even
  // when it said so before (or without) a ui/initialize and so never named itself.
  let initialized = false;
  const listAppTools = () =>
    void bridge.listTools({}).then(
      (result) => {
        const { tools, skipped } = appToolsOf(result);
        apps.patch(key, { appTools: tools, appToolsSkipped: skipped });
      },
      (e: Error) => apps.patch(key, { appTools: [], error: `The app declared tools, but its answer to tools/list failed: ${e.message}` }),
    );
  // A View that adds or removes tools says so; the host asks for them again.
  bridge.setNotificationHandler('notifications/tools/list_changed', () => listAppTools());
  bridge.oninitialized = () => {
    initialized = true;
    apps.patch(key, { status: 'running', appInfo: bridge.getAppVersion() });
    if (o.app.toolInput) void bridge.sendToolInput({ arguments: o.app.toolInput });
    if (o.app.toolResult) void bridge.sendToolResult(o.app.toolResult as CallToolResult);
    if (appOffersTools(bridge.getAppCapabilities())) listAppTools();
  };
  bridge.onsizechange = (size) => apps.patch(key, (a) => ({ requestedSize: { ...a.requestedSize, ...size } }));
  bridge.onopenlink = async ({ url }) => {
    apps.note(key, { kind: 'link', text: url, url });
    return {};
  };
  bridge.onmessage = async (params) => {
    apps.note(key, { kind: 'message', text: `${params.role}: ${blocksText(params.content)}` });
    return {};
  };
  bridge.onupdatemodelcontext = async (params) => {
    apps.note(key, { kind: 'context', text: blocksText(params.content ?? params.structuredContent) });
    return {};
  };
  bridge.onloggingmessage = (params) =>
    apps.note(key, { kind: 'log', text: `${params.level}: ${typeof params.data === 'string' ? params.data : JSON.stringify(params.data)}` });
  bridge.onrequestdisplaymode = async ({ mode }) => {
    const granted: McpUiDisplayMode = DISPLAY_MODES.includes(mode) ? mode : choices.displayMode;
    apps.note(key, { kind: 'display-mode', text: `asked for ${mode}; now ${granted}` });
    const next = { ...(useApps.getState().apps[key]?.choices ?? choices), displayMode: granted };
    apps.patch(key, { choices: next });
    // The new mode also reaches the app as host context, after the answer.
    setTimeout(() => handle.setChoices(next), 0);
    return { mode: granted };
  };
  bridge.onrequestteardown = () => void handle.close('the app asked to be closed');
  bridge.oncalltool = async (params) => {
    // A tool the server keeps for the model only is not the app's to call (its _meta.ui.visibility);
    // the refusal is the answer the app gets, recorded on its channel, and the server never sees
    // the call. Invalid params, as a server answers a call of a tool it does not have: to the app
    // the tool is not there, and the host did not fail.
    const listed = listedTools(sessionId)?.find((t) => t.name === params.name);
    if (listed && isToolVisibilityModelOnly(listed as Parameters<typeof isToolVisibilityModelOnly>[0]))
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `the tool ${params.name} is visible to the model only (_meta.ui.visibility), not to apps: the host does not call it for an app`,
      );
    return (await clientRequest(sessionId, 'tools/call', params as Record<string, unknown>)) as CallToolResult;
  };
  if (o.serverResources) {
    bridge.onreadresource = async (params) => (await clientRequest(sessionId, 'resources/read', params as Record<string, unknown>)) as ReadResourceResult;
    bridge.onlistresources = async (params) =>
      (await clientRequest(sessionId, 'resources/list', (params ?? {}) as Record<string, unknown>)) as ListResourcesResult;
    bridge.onlistresourcetemplates = async (params) =>
      (await clientRequest(sessionId, 'resources/templates/list', (params ?? {}) as Record<string, unknown>)) as ListResourceTemplatesResult;
  }

  await bridge.connect(transport);
  apps.patch(key, (a) => (a.status === 'loading' ? { status: 'mounted' } : {}));
  o.iframe.src = `${o.sandboxOrigin}/sandbox?host=${encodeURIComponent(window.location.origin)}`;

  let closing: Promise<void> | undefined;
  const handle: AppHostHandle = {
    setChoices(next) {
      choices = next;
      bridge.setHostContext(hostContext(o, next));
    },
    callAppTool: (name, args) => bridge.callTool({ name, arguments: args }),
    close(reason) {
      closing ??= (async () => {
        apps.patch(key, { status: 'closing' });
        if (initialized) {
          // The spec's order: the app may save its state before its frame goes.
          await Promise.race([bridge.teardownResource({}).catch(() => undefined), new Promise((r) => setTimeout(r, TEARDOWN_WAIT_MS))]);
        }
        await bridge.close().catch(() => undefined);
        await socket.call({ type: 'app/close', sessionId, channel, reason }).catch(() => undefined);
        recorder.close();
        apps.patch(key, { status: 'closed' });
      })();
      return closing;
    },
  };
  return handle;
}
