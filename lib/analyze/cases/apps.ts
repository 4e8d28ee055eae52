import { APP_MIME_TYPE } from '../../mcp/apps';
import { script, type Script } from '../testing';
import { err, req, res, type RuleCase } from './types';

const URI = 'ui://clock/view.html';
const HTML = '<!doctype html><html><head><title>Clock</title></head><body><p id="now"></p></body></html>';
const obj = { type: 'object' };

interface App {
  /** The tool's `_meta` (default: `_meta.ui.resourceUri` = URI). */
  toolMeta?: Record<string, unknown>;
  server?: Record<string, unknown>;
  /** resources/list result (no listing when absent). */
  listing?: Record<string, unknown>;
  templates?: string[];
  /** The resources/read answer: a result, or an error (no read when absent). */
  read?: Record<string, unknown> | { error: [number, string] };
  /** The tools/call result (no call when absent). */
  call?: Record<string, unknown>;
}

/** A session with one UI tool: listed, then its resource listed, read and its tool called as asked. */
function app(o: App): Script {
  const s = script()
    .handshake({ server: o.server ?? { tools: {}, resources: {} } })
    .c(req(1, 'tools/list'))
    .s(res(1, { tools: [{ name: 'clock', inputSchema: obj, _meta: o.toolMeta ?? { ui: { resourceUri: URI } } }] }));
  if (o.listing) s.c(req(2, 'resources/list')).s(res(2, o.listing));
  if (o.templates) s.c(req(3, 'resources/templates/list')).s(res(3, { resourceTemplates: o.templates.map((uriTemplate) => ({ uriTemplate, name: 't' })) }));
  if (o.read && 'error' in o.read) s.c(req(4, 'resources/read', { uri: URI })).s(err(4, ...(o.read.error as [number, string])));
  else if (o.read) s.c(req(4, 'resources/read', { uri: URI })).s(res(4, o.read));
  if (o.call) s.c(req(5, 'tools/call', { name: 'clock', arguments: {} })).s(res(5, o.call));
  return s;
}

/** A read answered with one content item of the App's HTML. */
const page = (extra: Record<string, unknown> = {}, text = HTML) => ({ contents: [{ uri: URI, mimeType: APP_MIME_TYPE, text, ...extra }] });
const withUi = (ui: Record<string, unknown>, text = HTML) => page({ _meta: { ui } }, text);
const listed = (extra: Record<string, unknown> = {}) => ({ resources: [{ uri: URI, name: 'clock', mimeType: APP_MIME_TYPE, ...extra }] });
const loading = (tag: string) => `<!doctype html><html><head>${tag}</head><body></body></html>`;

export const appsCases: RuleCase[] = [
  {
    rule: 'apps.resource-uri-scheme',
    name: 'a tool pointing at an https URL for its UI',
    trigger: () => app({ toolMeta: { ui: { resourceUri: 'https://clock.example/view.html' } } }).frames,
    frames: [5, 4],
    nearMiss: () => app({ toolMeta: { ui: { resourceUri: URI } } }).frames,
  },
  {
    rule: 'apps.resource-mime-type',
    name: 'the UI read back as text/html',
    trigger: () => app({ read: page({ mimeType: 'text/html' }) }).frames,
    frames: [7, 6],
    nearMiss: () => app({ read: page() }).frames,
  },
  {
    rule: 'apps.resource-mime-type',
    name: 'a space before the profile parameter (near miss: the HTML as a base64 blob)',
    trigger: () => app({ read: page({ mimeType: 'text/html; profile=mcp-app' }) }).frames,
    nearMiss: () => app({ read: { contents: [{ uri: URI, mimeType: APP_MIME_TYPE, blob: btoa(HTML) }] } }).frames,
  },
  {
    rule: 'apps.resource-mime-type',
    name: 'content without a mimeType',
    trigger: () => app({ read: { contents: [{ uri: URI, text: HTML }] } }).frames,
    nearMiss: () => app({ read: page() }).frames,
  },
  {
    rule: 'apps.resource-missing',
    name: 'the UI resource read answered with an error',
    trigger: () => app({ read: { error: [-32002, `Resource not found: ${URI}`] } }).frames,
    nearMiss: () => app({ read: page() }).frames,
  },
  {
    rule: 'apps.resource-missing',
    name: 'the UI resource read answered with no contents',
    trigger: () => app({ read: { contents: [] } }).frames,
    nearMiss: () => app({ read: page() }).frames,
  },
  {
    rule: 'apps.resource-missing',
    name: 'UI tools from a server without the resources capability',
    trigger: () => app({ server: { tools: {} } }).frames,
    nearMiss: () => app({ server: { tools: {}, resources: {} } }).frames,
  },
  {
    rule: 'apps.resource-unlisted',
    name: 'a complete resources/list without the UI resource',
    trigger: () => app({ listing: { resources: [{ uri: 'file:///notes.txt', name: 'notes' }] } }).frames,
    frames: [5, 7],
    nearMiss: () => app({ listing: listed() }).frames,
  },
  {
    rule: 'apps.resource-unlisted',
    name: 'a template that cannot name the UI resource (near miss: one that can)',
    trigger: () => app({ listing: { resources: [] }, templates: ['file:///{path}'] }).frames,
    nearMiss: () => app({ listing: { resources: [] }, templates: ['ui://clock/{view}'] }).frames,
  },
  {
    rule: 'apps.resource-unlisted',
    name: 'a listing that ended (near miss: one with pages still to come)',
    trigger: () => app({ listing: { resources: [] } }).frames,
    nearMiss: () => app({ listing: { resources: [], nextCursor: 'page-2' } }).frames,
  },
  {
    rule: 'apps.deprecated-resource-uri-key',
    name: 'only the flat ui/resourceUri key',
    trigger: () => app({ toolMeta: { 'ui/resourceUri': URI } }).frames,
    nearMiss: () => app({ toolMeta: { ui: { resourceUri: URI }, 'ui/resourceUri': URI } }).frames,
  },
  {
    rule: 'apps.deprecated-resource-uri-key',
    name: 'the flat key naming another resource than ui.resourceUri',
    trigger: () => app({ toolMeta: { ui: { resourceUri: URI }, 'ui/resourceUri': 'ui://clock/old.html' } }).frames,
    nearMiss: () => app({ toolMeta: { ui: { resourceUri: URI } } }).frames,
  },
  {
    rule: 'apps.ui-meta-shape',
    name: 'prefersBorder "yes" and a clipboard-write permission on the read content',
    trigger: () => app({ read: withUi({ prefersBorder: 'yes', permissions: { 'clipboard-write': {} } }) }).frames,
    nearMiss: () =>
      app({ read: withUi({ prefersBorder: true, domain: 'a904794854a047f6.claudemcpcontent.com', permissions: { clipboardWrite: {}, camera: {} } }) }).frames,
  },
  {
    rule: 'apps.ui-meta-shape',
    name: 'a csp list hosts do not read, in the listing',
    trigger: () => app({ listing: listed({ _meta: { ui: { csp: { scriptDomains: ['https://cdn.example.com'] } } } }) }).frames,
    nearMiss: () => app({ listing: listed({ _meta: { ui: { csp: { resourceDomains: ['https://cdn.example.com'] } } } }) }).frames,
  },
  {
    rule: 'apps.csp-origin',
    name: 'a path on a connect origin',
    trigger: () => app({ read: withUi({ csp: { connectDomains: ['https://api.example.com/v1'] } }) }).frames,
    nearMiss: () =>
      app({
        read: withUi({ csp: { connectDomains: ['https://api.example.com', 'wss://rt.example.com:8443/'], resourceDomains: ['https://*.example.com'] } }),
      }).frames,
  },
  {
    rule: 'apps.csp-origin',
    name: 'a bare wildcard, a host without a scheme',
    trigger: () => app({ read: withUi({ csp: { resourceDomains: ['*', 'cdn.example.com'] } }) }).frames,
    nearMiss: () => app({ read: withUi({ csp: { resourceDomains: ['https://cdn.example.com', 'http://localhost:5173'] } }) }).frames,
  },
  {
    rule: 'apps.visibility',
    name: 'an "agent" visibility',
    trigger: () => app({ toolMeta: { ui: { resourceUri: URI, visibility: ['model', 'agent'] } } }).frames,
    nearMiss: () => app({ toolMeta: { ui: { resourceUri: URI, visibility: ['app'] } } }).frames,
  },
  {
    rule: 'apps.tool-meta-misplaced',
    name: 'csp and permissions on the tool',
    trigger: () => app({ toolMeta: { ui: { resourceUri: URI, csp: { connectDomains: ['https://api.example.com'] }, permissions: { camera: {} } } } }).frames,
    nearMiss: () => app({ read: withUi({ csp: { connectDomains: ['https://api.example.com'] }, permissions: { camera: {} } }) }).frames,
  },
  {
    rule: 'apps.no-text-fallback',
    name: 'a UI tool answering with an image only',
    trigger: () => app({ call: { content: [{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }] } }).frames,
    nearMiss: () => app({ call: { content: [{ type: 'text', text: '12:00' }], structuredContent: { time: '12:00' } } }).frames,
  },
  {
    rule: 'apps.no-text-fallback',
    name: 'a UI tool answering with no content',
    trigger: () => app({ call: { content: [], structuredContent: { time: '12:00' } } }).frames,
    nearMiss: () => app({ call: { content: [{ type: 'text', text: '{"time":"12:00"}' }] } }).frames,
  },
  {
    rule: 'apps.csp-undeclared-origin',
    name: 'a script from a CDN its resourceDomains do not name',
    trigger: () =>
      app({ read: withUi({ csp: { resourceDomains: ['https://cdn.example.com'] } }, loading('<script src="https://cdn.other.example/lib.js"></script>')) })
        .frames,
    nearMiss: () =>
      app({
        read: withUi(
          { csp: { resourceDomains: ['https://*.example.com'] } },
          loading('<script src="https://cdn.example.com/lib.js"></script><a href="https://elsewhere.example.org/">docs</a><script src="/local.js"></script>'),
        ),
      }).frames,
  },
  {
    rule: 'apps.csp-undeclared-origin',
    name: 'a fetch to an API with no csp declared',
    trigger: () => app({ read: page({}, loading('<script>fetch("https://api.example.com/time").then(show)</script>')) }).frames,
    nearMiss: () => app({ read: page({}, loading('<script>fetch("/time").then(show); const doc = "https://api.example.com/";</script>')) }).frames,
  },
  {
    rule: 'apps.csp-undeclared-origin',
    name: 'a stylesheet declared in the listing only does not cover a font',
    trigger: () =>
      app({
        listing: listed({ _meta: { ui: { csp: { resourceDomains: ['https://fonts.example.com'] } } } }),
        read: page({}, loading('<style>@font-face { src: url("https://fonts.other.example/a.woff2"); }</style>')),
      }).frames,
    nearMiss: () =>
      app({
        listing: listed({ _meta: { ui: { csp: { resourceDomains: ['https://fonts.example.com'] } } } }),
        read: page({}, loading('<style>@font-face { src: url("https://fonts.example.com/a.woff2"); }</style>')),
      }).frames,
  },
];
