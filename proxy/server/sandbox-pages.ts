/**
 * The two documents of the app sandbox origin (ext-apps spec 2026-01-26, "Sandbox proxy"):
 *
 * - `/sandbox` is the proxy frame the page embeds. Its one script relays JSON-RPC between the page
 *   (its parent, on Loupe's origin) and the app's frame, and loads the app when the page sends
 *   `ui/notifications/sandbox-resource-ready`. It runs under a strict policy: its own script by
 *   hash, frames only from its own origin.
 * - `/frame` is the app's frame, sandboxed without `allow-same-origin` (an opaque origin) and
 *   served with the policy built from the resource's `_meta.ui.csp`. Its loader tells the proxy
 *   frame what was applied, waits for the HTML and writes it into itself, first of all a listener
 *   that reports CSP violations: `document.open` clears every listener set before it.
 *
 * Messages the sandbox itself adds for the page are JSON-RPC notifications under `loupe/sandbox/`,
 * so the page tells them from the app's traffic by method.
 */

/** The relay of the proxy frame. `host` (the page's origin) comes from the URL, which the server checked. */
const SANDBOX_SCRIPT = `(() => {
  const host = new URLSearchParams(location.search).get('host');
  // Through the CSSOM: the policy allows no inline style attribute.
  document.documentElement.style.height = '100%';
  document.body.style.cssText = 'margin:0;height:100%';
  const toHost = (m) => parent.postMessage(m, host);
  const notify = (method, params) => toHost({ jsonrpc: '2.0', method, params });
  const PERMISSIONS = { camera: 'camera', microphone: 'microphone', geolocation: 'geolocation', clipboardWrite: 'clipboard-write' };
  const ALLOWED_FLAGS = ['allow-scripts', 'allow-forms', 'allow-popups', 'allow-popups-to-escape-sandbox', 'allow-modals', 'allow-downloads'];
  let frame;
  function load(params) {
    if (frame) frame.remove();
    frame = document.createElement('iframe');
    frame.title = 'MCP App';
    frame.style.cssText = 'border:0;width:100%;height:100%;display:block';
    const asked = typeof params.sandbox === 'string' ? params.sandbox.split(/\\s+/).filter(Boolean) : ['allow-scripts', 'allow-forms'];
    const flags = asked.filter((f) => ALLOWED_FLAGS.includes(f));
    const refused = asked.filter((f) => !ALLOWED_FLAGS.includes(f));
    if (!flags.includes('allow-scripts')) flags.push('allow-scripts');
    frame.setAttribute('sandbox', flags.join(' '));
    const perms = params.permissions && typeof params.permissions === 'object' ? params.permissions : {};
    const allow = Object.keys(PERMISSIONS).filter((k) => perms[k]).map((k) => PERMISSIONS[k]);
    if (allow.length) frame.setAttribute('allow', allow.join('; '));
    const csp = JSON.stringify(params.csp && typeof params.csp === 'object' ? params.csp : {});
    frame.src = '/frame?host=' + encodeURIComponent(host) + '&csp=' + encodeURIComponent(csp);
    const html = String(params.html ?? '');
    frame.addEventListener('load', () => frame.contentWindow.postMessage({ loupeHtml: html }, '*'), { once: true });
    document.body.appendChild(frame);
    notify('loupe/sandbox/frame', { sandbox: flags.join(' '), allow: allow.join('; '), refusedFlags: refused });
  }
  addEventListener('message', (e) => {
    if (e.source === parent) {
      if (e.origin !== host) return;
      const m = e.data;
      if (m && m.method === 'ui/notifications/sandbox-resource-ready') return load(m.params || {});
      if (frame && frame.contentWindow) frame.contentWindow.postMessage(m, '*');
      return;
    }
    if (!frame || e.source !== frame.contentWindow) return;
    const m = e.data;
    if (m && m.loupe === 'applied') return notify('loupe/sandbox/csp-applied', { policy: String(m.policy), dropped: m.dropped });
    if (m && m.loupe === 'violation') return notify('loupe/sandbox/csp-violation', { directive: String(m.directive), blockedUri: String(m.blockedUri), policy: String(m.policy) });
    toHost(m);
  });
  notify('ui/notifications/sandbox-proxy-ready', {});
})();`;

export function sandboxPage(): { html: string; script: string } {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Loupe app sandbox</title></head><body><script>${SANDBOX_SCRIPT}</script></body></html>`;
  return { html, script: SANDBOX_SCRIPT };
}

/** Written first into the app's document: CSP violations go to the proxy frame, which tells the page. */
const VIOLATION_LISTENER = `<script>addEventListener('securitypolicyviolation',function(e){parent.postMessage({loupe:'violation',directive:e.effectiveDirective,blockedUri:e.blockedURI,policy:e.originalPolicy},'*')});</script>`;

/** JSON for inside a `<script type="application/json">`: nothing in it can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The app frame's document before the app arrives. `applied` is what the server put in the
 * header; the loader reports it, then replaces itself with the app (the listener first).
 */
export function framePage(applied: { policy: string; dropped: unknown[] }): string {
  const loader = `(() => {
  const applied = JSON.parse(document.getElementById('applied').textContent);
  const listener = ${scriptJson(VIOLATION_LISTENER)};
  parent.postMessage({ loupe: 'applied', policy: applied.policy, dropped: applied.dropped }, '*');
  addEventListener('message', function once(e) {
    if (e.source !== parent || !e.data || typeof e.data.loupeHtml !== 'string') return;
    removeEventListener('message', once);
    const html = e.data.loupeHtml;
    const doctype = /^\\s*<!doctype[^>]*>/i.exec(html);
    document.open();
    document.write(doctype ? doctype[0] + listener + html.slice(doctype[0].length) : listener + html);
    document.close();
  });
})();`;
  return `<!doctype html><html><head><meta charset="utf-8"><script type="application/json" id="applied">${scriptJson(applied)}</script><script>${loader}</script></head><body></body></html>`;
}
