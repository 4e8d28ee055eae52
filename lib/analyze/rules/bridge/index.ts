/**
 * app.* and host.*: an MCP App's bridge (ext-apps spec 2026-01-26), judged on the app's own
 * channel. `c2s` is the View (app) speaking to its host, `s2c` the host to the View. The app rules
 * hold the View to the lifecycle and to what its host offered; the host rules hold the host (Loupe
 * itself, or a host seen through a tap that records its apps) to what it must send, and when.
 * Rules that need the session (the tool listing, the call the app shows) read `ctx.session`.
 */
import { idKey } from '../../../mcp/calls';
import type { Frame } from '../../../mcp/frame';
import type { BaseContext, FrameContext, MessageContext, RuleModule } from '../../types';
import { arrAt, objAt, strAt } from '../../util';
import { APPS_SECTIONS as S } from '../apps/spec';
import { bridgeOf, type BridgeState } from './state';

/** Size reports within this window that keep returning to a size seen before: a loop. */
const SIZE_WINDOW_US = 1_000_000;
const SIZE_LOOP_REPORTS = 20;
const SIZE_LOOP_RETURNS = 10;
const SANDBOX_PREFIX = 'ui/notifications/sandbox-';

const strings = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined);

export const bridgeRules: RuleModule = {
  rules: {
    'app.initialize-first': { severity: 'error', layer: 'lifecycle', section: S.lifecycle },
    'app.initialized-early': { severity: 'error', layer: 'lifecycle', section: S.lifecycle },
    'app.display-mode-unavailable': { severity: 'warning', layer: 'capabilities', section: S.displayModes },
    'app.size-loop': { severity: 'warning', layer: 'tool', section: S.hostNotifications },
    'app.request-unanswered': { severity: 'warning', layer: 'jsonrpc', section: S.lifecycle },
    'host.sent-before-initialized': { severity: 'error', layer: 'lifecycle', section: S.lifecycle },
    'host.tool-input-count': { severity: 'error', layer: 'lifecycle', section: S.hostNotifications },
    'host.tool-cancelled-missing': { severity: 'error', layer: 'lifecycle', section: S.hostNotifications },
    'host.teardown-missing': { severity: 'error', layer: 'lifecycle', section: S.hostNotifications },
    'host.model-only-tool': { severity: 'error', layer: 'capabilities', section: S.visibility },
  },

  onMessage(ctx) {
    // The sandbox proxy's own messages (`ui/notifications/sandbox-*`) pass between the host and the
    // proxy page that loads the View, before the View exists: not part of the View's lifecycle.
    if (ctx.msg.method?.startsWith(SANDBOX_PREFIX)) return;
    const b = bridgeOf(ctx.state);
    if (ctx.msg.dir === 'c2s') fromApp(ctx, b);
    else fromHost(ctx, b);
  },

  onFrame(ctx: FrameContext) {
    const { frame } = ctx;
    if (frame.lane !== 'lifecycle' || frame.meta?.transport !== 'app') return;
    const b = bridgeOf(ctx.state);
    if (frame.meta.event === 'app-mounted') {
      b.mountedSeq = frame.seq;
      b.mountedCallSeq = frame.meta.requestSeq;
    } else if (frame.meta.event === 'app-unmounted') unmounted(ctx, b, frame);
  },
};

function fromApp(ctx: MessageContext, b: BridgeState): void {
  const { msg } = ctx;
  if (msg.kind === 'request' || msg.kind === 'notification') {
    // An `initialized` with no ui/initialize is app.initialized-early's to say: one cause, one finding.
    if (b.initializeSeq === undefined && msg.method !== 'ui/initialize' && msg.method !== 'ui/notifications/initialized') {
      if (!ctx.state.once.has('app.initialize-first')) {
        ctx.state.once.add('app.initialize-first');
        ctx.report('app.initialize-first', [msg.seq], `the app sent ${msg.method} before ui/initialize: a View starts the bridge with ui/initialize`);
      }
    }
  }
  if (msg.kind === 'request') {
    if (msg.method === 'ui/initialize') b.initializeSeq ??= msg.seq;
    if (msg.method === 'ui/request-display-mode') displayMode(ctx, b);
    return;
  }
  if (msg.kind === 'notification') {
    if (msg.method === 'ui/notifications/initialized') {
      if (b.initializeAnsweredSeq === undefined) {
        const before = b.initializeSeq === undefined ? 'without a ui/initialize' : `before the host answered its ui/initialize (#${b.initializeSeq})`;
        ctx.report(
          'app.initialized-early',
          b.initializeSeq === undefined ? [msg.seq] : [msg.seq, b.initializeSeq],
          `the app said ui/notifications/initialized ${before}`,
        );
      }
      b.initializedSeq ??= msg.seq;
    } else if (msg.method === 'ui/notifications/size-changed') sizeChanged(ctx, b);
    return;
  }
  // The app's answer to one of the host's requests.
  const k = idKey(msg.id);
  if (k !== undefined && ctx.request?.dir === 's2c') b.hostRequests.delete(k);
}

function fromHost(ctx: MessageContext, b: BridgeState): void {
  const { msg } = ctx;
  if (msg.kind === 'response' || msg.kind === 'error') {
    if (ctx.request?.method === 'ui/initialize' && ctx.request.responseSeq === undefined) {
      b.initializeAnsweredSeq = msg.seq;
      b.displayModes = strings(arrAt(objAt(msg.result, 'hostContext'), 'availableDisplayModes'));
    }
    if (msg.kind === 'response' && ctx.request?.method === 'tools/call' && ctx.request.dir === 'c2s') modelOnlyTool(ctx);
    return;
  }
  if (b.initializedSeq === undefined && !ctx.state.once.has('host.sent-before-initialized')) {
    ctx.state.once.add('host.sent-before-initialized');
    ctx.report(
      'host.sent-before-initialized',
      [msg.seq],
      `the host sent ${msg.method} before the app's ui/notifications/initialized: a View gets nothing but the answer to its ui/initialize until then`,
    );
  }
  if (msg.kind === 'request') {
    const k = idKey(msg.id);
    if (k !== undefined && msg.method !== undefined) b.hostRequests.set(k, { seq: msg.seq, method: msg.method });
    if (msg.method === 'ui/resource-teardown') b.teardownSeq ??= msg.seq;
    return;
  }
  switch (msg.method) {
    case 'ui/notifications/host-context-changed': {
      const modes = strings(arrAt(msg.params, 'availableDisplayModes'));
      if (modes) b.displayModes = modes;
      return;
    }
    case 'ui/notifications/tool-input':
      b.toolInputs++;
      if (b.toolInputs === 2)
        ctx.report(
          'host.tool-input-count',
          [msg.seq, b.toolInputSeq ?? msg.seq],
          'a second ui/notifications/tool-input before a tool-result: the host sends the complete input once',
        );
      b.toolInputSeq = msg.seq;
      return;
    case 'ui/notifications/tool-result':
      if (b.toolInputs === 0)
        ctx.report(
          'host.tool-input-count',
          [msg.seq],
          'ui/notifications/tool-result with no ui/notifications/tool-input before it: the View never got the call’s arguments',
        );
      b.toolInputs = 0;
      return;
    case 'ui/notifications/tool-cancelled':
      b.cancelledSent = true;
      b.toolInputs = 0;
      return;
  }
}

function displayMode(ctx: MessageContext, b: BridgeState): void {
  const mode = strAt(ctx.msg.params, 'mode');
  if (mode === undefined || b.displayModes === undefined || b.displayModes.includes(mode)) return;
  const offered = b.displayModes.length > 0 ? b.displayModes.join(', ') : 'none';
  ctx.report(
    'app.display-mode-unavailable',
    [ctx.msg.seq],
    `the app asked for display mode "${mode}", which the host did not offer (availableDisplayModes: ${offered})`,
  );
}

function sizeChanged(ctx: MessageContext, b: BridgeState): void {
  const p = ctx.msg.params as { width?: unknown; height?: unknown } | undefined;
  const size = `${String(p?.width)}×${String(p?.height)}`;
  const now = ctx.msg.ts;
  b.sizes.push({ ts: now, seq: ctx.msg.seq, size });
  while (b.sizes.length > 0 && now - b.sizes[0].ts > SIZE_WINDOW_US) b.sizes.shift();
  if (b.sizes.length < SIZE_LOOP_REPORTS || ctx.state.once.has('app.size-loop')) return;
  // A size that comes back again and again is a loop (the host resizes, the View reflows, repeat);
  // content that grows reports a new size each time and never returns.
  const seen = new Set<string>();
  let returns = 0;
  for (const s of b.sizes) {
    if (seen.has(s.size)) returns++;
    seen.add(s.size);
  }
  if (returns < SIZE_LOOP_RETURNS) return;
  ctx.state.once.add('app.size-loop');
  ctx.report(
    'app.size-loop',
    [ctx.msg.seq, b.sizes[0].seq],
    `the app reported its size ${b.sizes.length} times within a second, alternating between ${[...seen].slice(0, 3).join(', ')}: its size never settles`,
  );
}

/** The host answered the app's tools/call of a tool only the model may call. */
function modelOnlyTool(ctx: MessageContext): void {
  const name = strAt(ctx.request?.params, 'name');
  const tool = name === undefined ? undefined : ctx.session?.tools.get(name);
  if (!tool?.visibility || tool.visibility.includes('app')) return;
  ctx.report(
    'host.model-only-tool',
    [ctx.msg.seq, ctx.request!.seq],
    `the host called ${name} for the app, but the tool is listed with visibility ${JSON.stringify(tool.visibility)}: a host refuses an app's call to a tool it may not call`,
  );
}

function unmounted(ctx: BaseContext, b: BridgeState, frame: Frame): void {
  if (b.initializedSeq !== undefined && b.teardownSeq === undefined)
    ctx.report('host.teardown-missing', [frame.seq], 'the app was removed without a ui/resource-teardown first: the View had no chance to save its state');
  const call = b.mountedCallSeq === undefined ? undefined : ctx.session?.calls.callAt(b.mountedCallSeq);
  if (call && (call.isError || call.cancelledSeq !== undefined) && !b.cancelledSent) {
    const why = call.cancelledSeq !== undefined ? `was cancelled (#${call.cancelledSeq})` : 'failed';
    ctx.report(
      'host.tool-cancelled-missing',
      [frame.seq, call.seq],
      `the ${call.method} the app shows (#${call.seq}) ${why}, and the host never sent ui/notifications/tool-cancelled`,
    );
  }
  for (const r of b.hostRequests.values()) {
    if (r.method === 'ui/resource-teardown') continue;
    ctx.report('app.request-unanswered', [r.seq, frame.seq], `the app never answered the host's ${r.method} (#${r.seq}) before it was removed`);
  }
  b.hostRequests.clear();
}
