/**
 * The Content-Security-Policy of Loupe's page and of its one-file viewer. The page holds the
 * token that lets it start processes, so the policy allows only Loupe's own scripts: files of the
 * export ('self') and the exact inline scripts Next wrote into the HTML, by sha256 hash. Hashes are
 * taken from the HTML that is sent (or, for the viewer, the file that is written), parsed as a
 * browser parses it, so they always match and an injected script or handler never does.
 */
import { createHash } from 'node:crypto';
import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** The inline code of a document: what a policy has to name by hash for it to run or apply. */
export interface InlineSources {
  /** Text of every inline classic or module script (data blocks such as JSON are not code). */
  scripts: string[];
  /** Text of every `<style>` element. */
  styles: string[];
  /** Value of every `style="…"` attribute. */
  styleAttributes: string[];
}

const JS_TYPE = /^(?:module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;

function attr(el: Element, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value;
}

function isScriptCode(el: Element): boolean {
  const type = attr(el, 'type')?.trim();
  return attr(el, 'src') === undefined && (!type || JS_TYPE.test(type));
}

function textOf(el: Element): string {
  return el.childNodes.map((n) => (n.nodeName === '#text' ? (n as DefaultTreeAdapterMap['textNode']).value : '')).join('');
}

/** Parses HTML as a browser does (parse5 follows the HTML standard, line-ending normalisation included). */
export function inlineSources(html: string): InlineSources {
  const found: InlineSources = { scripts: [], styles: [], styleAttributes: [] };
  const visit = (node: Node): void => {
    if ('tagName' in node) {
      const style = attr(node, 'style');
      if (style !== undefined) found.styleAttributes.push(style);
      if (node.tagName === 'script' && isScriptCode(node)) found.scripts.push(textOf(node));
      if (node.tagName === 'style') found.styles.push(textOf(node));
      // A <template>'s content is inert until a script clones it, and that script is itself checked.
    }
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
  };
  visit(parse(html));
  return found;
}

/** A CSP hash source: the browser hashes the UTF-8 bytes of the element's text. */
export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function hashes(texts: string[]): string[] {
  return [...new Set(texts.map(sha256Source))];
}

function directives(list: Array<[string, string[]]>): string {
  return list.map(([name, values]) => [name, ...values].join(' ')).join('; ');
}

/** `style-src-attr` for what the HTML itself carries; React's `style` props go through the CSSOM, which CSP does not govern. */
function styleAttributeSources(sources: InlineSources): string[] {
  const attrs = hashes(sources.styleAttributes);
  return attrs.length ? ["'unsafe-hashes'", ...attrs] : ["'none'"];
}

/**
 * The policy for a page served by the proxy. `host` is the request's Host header, already checked
 * against the loopback names: the page's only connections are to its own origin, over HTTP (the
 * viewer file for the HTML export, remote traces fetched for it by the proxy) and its WebSocket.
 */
export function pagePolicy(sources: InlineSources, host: string, sandboxPort?: number): string {
  return directives([
    ['default-src', ["'none'"]],
    ['script-src', ["'self'", ...hashes(sources.scripts)]],
    ['style-src', ["'self'", ...hashes(sources.styles)]],
    ['style-src-attr', styleAttributeSources(sources)],
    // Server icons and image content only from https: or data: (ARCHITECTURE, security model).
    ['img-src', ["'self'", 'data:', 'https:']],
    ['media-src', ['data:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", `ws://${host}`]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    // MCP Apps: exactly the sandbox origin (app-sandbox.ts), on the host name the page was loaded from.
    ...(sandboxPort !== undefined ? [['frame-src', [`http://${hostName(host)}:${sandboxPort}`]] as [string, string[]]] : []),
  ]);
}

/** The name part of a checked Host header (`[::1]:8080` -> `[::1]`). */
function hostName(host: string): string {
  return host.replace(/:\d+$/, '');
}

/**
 * The policy of the one-file viewer, carried in a `<meta>` element because a file:// page has no
 * headers (so no `frame-ancestors`, which a meta policy may not set). Every script is inline and
 * named by hash. Stylesheets are data: URLs, because React re-inserts the links it finds in its
 * payload. The viewer holds no token and talks to no proxy; its one request is `?trace=URL`, a
 * URL its user chose, so it may fetch from any http(s) origin that allows it (CORS).
 */
export function viewerPolicy(sources: InlineSources): string {
  return directives([
    ['default-src', ["'none'"]],
    ['script-src', hashes(sources.scripts)],
    ['style-src', ['data:', ...hashes(sources.styles)]],
    ['style-src-attr', styleAttributeSources(sources)],
    ['img-src', ['data:', 'https:']],
    ['media-src', ['data:']],
    ['font-src', ['data:']],
    ['connect-src', ["'self'", 'https:', 'http:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
  ]);
}

/** A `<meta>` policy at the top of the file: the one-file viewer brings its own, hashes included. */
const OWN_POLICY = /^<!DOCTYPE html><html[^>]*><head>(?:<meta charSet="utf-8"\/>)?<meta http-equiv="Content-Security-Policy" content="[^"]*script-src /i;

export function carriesOwnPolicy(html: string): boolean {
  return OWN_POLICY.test(html.slice(0, 4096));
}

/**
 * Served beside the file's own policy (browsers enforce both): what a meta policy cannot say, and
 * the proxy's origin as the only place to connect to. Scripts and styles are left to the file's
 * policy, which names them by hash; parsing a megabyte of inlined code again would stall the proxy.
 */
export function besideOwnPolicy(host: string): string {
  return directives([
    ['connect-src', ["'self'", `ws://${host}`]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ]);
}
