/** app.* and host.*: an MCP App's bridge, on its own channel beside the session that opened it. */
import { script, type Script } from '../testing';
import { err, note, req, res, type RuleCase } from './types';

const A = 'app:1';
const HOST_CONTEXT = { theme: 'dark', displayMode: 'inline', availableDisplayModes: ['inline', 'fullscreen'] };
const tool = (name: string, visibility?: string[]) => ({
  name,
  inputSchema: { type: 'object' },
  _meta: { ui: { resourceUri: 'ui://clock/view.html', ...(visibility ? { visibility } : {}) } },
});

/** The session lists its tools and calls `clock` (id 2, frame 6); the host mounts the app for it. */
function session(o: { callError?: boolean; cancelled?: boolean } = {}): Script {
  const s = script()
    .handshake({ server: { tools: {}, resources: {} } })
    .c(req(1, 'tools/list'))
    .s(res(1, { tools: [tool('clock'), tool('tick', ['model']), tool('refresh', ['app'])] }))
    .c(req(2, 'tools/call', { name: 'clock', arguments: { tz: 'UTC' } }));
  if (o.cancelled) s.c(note('notifications/cancelled', { requestId: 2, reason: 'user' }));
  else if (o.callError) s.s(err(2, -32603, 'clock broke'));
  else s.s(res(2, { content: [{ type: 'text', text: '12:00' }] }));
  return s.appEvent(A, { event: 'app-mounted', toolName: 'clock', resourceUri: 'ui://clock/view.html', requestId: 2, requestSeq: 6 });
}

/** The app's handshake, done right: ui/initialize, the host's answer, initialized. */
const opened = (s: Script = session()) =>
  s
    .app(A, 'c2s', req(1, 'ui/initialize', { protocolVersion: '2026-01-26', appInfo: { name: 'clock', version: '1' }, appCapabilities: {} }))
    .app(A, 's2c', res(1, { protocolVersion: '2026-01-26', hostInfo: { name: 'loupe', version: '1' }, hostCapabilities: {}, hostContext: HOST_CONTEXT }))
    .app(A, 'c2s', note('ui/notifications/initialized'));

/** The host's half of showing the call: the input, then the result. */
const shown = (s: Script) =>
  s.app(A, 's2c', note('ui/notifications/tool-input', { arguments: { tz: 'UTC' } })).app(A, 's2c', note('ui/notifications/tool-result', { content: [] }));

/** A tidy removal: teardown asked and answered, then the frame goes. */
const closed = (s: Script, id = 90) =>
  s
    .app(A, 's2c', req(id, 'ui/resource-teardown', { reason: 'closed' }))
    .app(A, 'c2s', res(id))
    .appEvent(A, { event: 'app-unmounted' });

const size = (s: Script, sizes: [number, number][]) => {
  for (const [width, height] of sizes) s.app(A, 'c2s', note('ui/notifications/size-changed', { width, height }));
  return s;
};

export const bridgeCases: RuleCase[] = [
  {
    rule: 'app.initialize-first',
    name: 'an app that asks to open a link before ui/initialize',
    trigger: () => opened(session().app(A, 'c2s', req(7, 'ui/open-link', { url: 'https://example.com' }))).frames,
    frames: [9],
    nearMiss: () => opened().app(A, 'c2s', req(7, 'ui/open-link', { url: 'https://example.com' })).frames,
  },
  {
    rule: 'app.initialize-first',
    name: "the sandbox proxy's handshake before the View's (near miss for both sides: it is not the View's lifecycle)",
    trigger: () => opened(session().app(A, 'c2s', note('notifications/message', { level: 'info', data: 'hi' }))).frames,
    nearMiss: () =>
      opened(
        session()
          .app(A, 'c2s', note('ui/notifications/sandbox-proxy-ready', {}))
          .app(A, 's2c', note('ui/notifications/sandbox-resource-ready', { html: '<p>hi</p>' })),
      ).frames,
  },
  {
    rule: 'app.initialize-first',
    name: 'an app whose first word is initialized (near miss: app.initialized-early says it, once)',
    trigger: () => opened(session().app(A, 'c2s', req(7, 'ui/open-link', { url: 'https://example.com' }))).frames,
    nearMiss: () => session().app(A, 'c2s', note('ui/notifications/initialized')).frames,
  },
  {
    rule: 'app.initialized-early',
    name: 'initialized sent before the host answered ui/initialize',
    trigger: () =>
      session()
        .app(A, 'c2s', req(1, 'ui/initialize', { protocolVersion: '2026-01-26', appInfo: { name: 'clock', version: '1' }, appCapabilities: {} }))
        .app(A, 'c2s', note('ui/notifications/initialized'))
        .app(A, 's2c', res(1, { protocolVersion: '2026-01-26', hostInfo: { name: 'loupe', version: '1' }, hostCapabilities: {}, hostContext: HOST_CONTEXT }))
        .frames,
    frames: [10, 9],
    nearMiss: () => opened().frames,
  },
  {
    rule: 'app.display-mode-unavailable',
    name: 'pip asked of a host that offers inline and fullscreen',
    trigger: () => opened().app(A, 'c2s', req(2, 'ui/request-display-mode', { mode: 'pip' })).frames,
    nearMiss: () => opened().app(A, 'c2s', req(2, 'ui/request-display-mode', { mode: 'fullscreen' })).frames,
  },
  {
    rule: 'app.display-mode-unavailable',
    name: 'a mode the host withdrew in host-context-changed (near miss: one it added)',
    trigger: () =>
      opened()
        .app(A, 's2c', note('ui/notifications/host-context-changed', { availableDisplayModes: ['inline'] }))
        .app(A, 'c2s', req(2, 'ui/request-display-mode', { mode: 'fullscreen' })).frames,
    nearMiss: () =>
      opened()
        .app(A, 's2c', note('ui/notifications/host-context-changed', { availableDisplayModes: ['inline', 'pip'] }))
        .app(A, 'c2s', req(2, 'ui/request-display-mode', { mode: 'pip' })).frames,
  },
  {
    rule: 'app.size-loop',
    name: 'heights that alternate 24 times within a second (near miss: content that grows 24 times)',
    trigger: () =>
      size(
        opened(),
        Array.from({ length: 24 }, (_, i) => [300, i % 2 === 0 ? 200 : 240]),
      ).frames,
    nearMiss: () =>
      size(
        opened(),
        Array.from({ length: 24 }, (_, i) => [300, 200 + i * 10]),
      ).frames,
  },
  {
    rule: 'app.request-unanswered',
    name: "an app that never answered the host's tools/list before it was removed",
    trigger: () => closed(shown(opened()).app(A, 's2c', req(5, 'tools/list'))).frames,
    nearMiss: () =>
      closed(
        shown(opened())
          .app(A, 's2c', req(5, 'tools/list'))
          .app(A, 'c2s', res(5, { tools: [] })),
      ).frames,
  },
  {
    rule: 'host.sent-before-initialized',
    name: 'tool-input sent before the app said initialized',
    trigger: () =>
      session()
        .app(A, 'c2s', req(1, 'ui/initialize', { protocolVersion: '2026-01-26', appInfo: { name: 'clock', version: '1' }, appCapabilities: {} }))
        .app(A, 's2c', res(1, { protocolVersion: '2026-01-26', hostInfo: { name: 'loupe', version: '1' }, hostCapabilities: {}, hostContext: HOST_CONTEXT }))
        .app(A, 's2c', note('ui/notifications/tool-input', { arguments: { tz: 'UTC' } }))
        .app(A, 'c2s', note('ui/notifications/initialized')).frames,
    frames: [11],
    nearMiss: () =>
      shown(
        opened(
          session()
            .app(A, 'c2s', note('ui/notifications/sandbox-proxy-ready', {}))
            .app(A, 's2c', note('ui/notifications/sandbox-resource-ready', { html: '<p>hi</p>' })),
        ),
      ).frames,
  },
  {
    rule: 'host.tool-input-count',
    name: 'a tool-result with no tool-input before it',
    trigger: () => opened().app(A, 's2c', note('ui/notifications/tool-result', { content: [] })).frames,
    nearMiss: () => shown(opened()).frames,
  },
  {
    rule: 'host.tool-input-count',
    name: 'the input sent twice before the result (near miss: partial inputs, then the input once)',
    trigger: () => shown(opened().app(A, 's2c', note('ui/notifications/tool-input', { arguments: {} }))).frames,
    nearMiss: () => shown(opened().app(A, 's2c', note('ui/notifications/tool-input-partial', { arguments: {} }))).frames,
  },
  {
    rule: 'host.tool-cancelled-missing',
    name: 'the call the app shows failed, and the app is removed without tool-cancelled',
    trigger: () => closed(opened(session({ callError: true })).app(A, 's2c', note('ui/notifications/tool-input', { arguments: {} }))).frames,
    nearMiss: () =>
      closed(
        opened(session({ callError: true }))
          .app(A, 's2c', note('ui/notifications/tool-input', { arguments: {} }))
          .app(A, 's2c', note('ui/notifications/tool-cancelled', { reason: 'clock broke' })),
      ).frames,
  },
  {
    rule: 'host.tool-cancelled-missing',
    name: 'the call the app shows was cancelled (near miss: it succeeded)',
    trigger: () => closed(opened(session({ cancelled: true }))).frames,
    nearMiss: () => closed(shown(opened(session()))).frames,
  },
  {
    rule: 'host.teardown-missing',
    name: 'an initialized app removed without ui/resource-teardown',
    trigger: () => shown(opened()).appEvent(A, { event: 'app-unmounted', reason: 'closed' }).frames,
    nearMiss: () => closed(shown(opened())).frames,
  },
  {
    rule: 'host.model-only-tool',
    name: "the host ran the app's call to a tool listed for the model only",
    trigger: () =>
      shown(opened())
        .app(A, 'c2s', req(3, 'tools/call', { name: 'tick', arguments: {} }))
        .c(req(3, 'tools/call', { name: 'tick', arguments: {} }))
        .s(res(3, { content: [{ type: 'text', text: 'tick' }] }))
        .app(A, 's2c', res(3, { content: [{ type: 'text', text: 'tick' }] })).frames,
    nearMiss: () =>
      shown(opened())
        .app(A, 'c2s', req(3, 'tools/call', { name: 'tick', arguments: {} }))
        .app(A, 's2c', err(3, -32600, 'tick is not available to apps'))
        .app(A, 'c2s', req(4, 'tools/call', { name: 'refresh', arguments: {} }))
        .c(req(3, 'tools/call', { name: 'refresh', arguments: {} }))
        .s(res(3, { content: [{ type: 'text', text: 'ok' }] }))
        .app(A, 's2c', res(4, { content: [{ type: 'text', text: 'ok' }] })).frames,
  },
];
