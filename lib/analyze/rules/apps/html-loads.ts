/**
 * What an MCP App's HTML loads from other origins, read without running it: the tags that fetch
 * (`<script src>`, `<img src>`, `<link rel=stylesheet href>`, `<iframe src>`, `<base href>`, ...),
 * `url()` and `@import` in its styles, and `fetch`/`WebSocket`/`EventSource`/`import` calls whose
 * argument is a literal URL in its scripts. Conservative on purpose: only absolute http(s) and
 * ws(s) URLs count (a relative one loads from the app's own origin), a script or a style's text is
 * never read as markup, and a URL built at run time is not guessed at. Each load is filed under
 * the `_meta.ui.csp` list that would allow it (the spec's CSP construction: script, style, image,
 * font and media sources from `resourceDomains`, connections from `connectDomains`, nested
 * frames from `frameDomains`, `<base>` from `baseUriDomains`).
 */

export type CspList = 'resourceDomains' | 'connectDomains' | 'frameDomains' | 'baseUriDomains';

export interface Load {
  list: CspList;
  url: URL;
  /** How the HTML loads it, for the message: `<script src>`, `fetch()`, `url()`. */
  via: string;
}

/** Past this the text is not scanned further: an App is a page, not a data dump. */
const MAX_SCAN = 2_000_000;

const ABSOLUTE = /^(?:https?|wss?):\/\//i;
const COMMENT = /<!--[\s\S]*?-->/g;
const RAW_TEXT = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi;
// Quoted values are bounded so that an unclosed quote costs a bounded look-ahead, not the rest of the text.
const TAG = /<([a-z][a-z0-9-]*)\b((?:[^>"']|"[^"]{0,4096}"|'[^']{0,4096}')*)>/gi;
const ATTRIBUTE = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;
const CSS_URL = /url\(\s*(["']?)([^"')\s]+)\1\s*\)/gi;
const CSS_IMPORT = /@import\s+(["'])([^"']+)\1/gi;
const SCRIPT_CALL = /\b(fetch|WebSocket|EventSource|sendBeacon|import)\s*\(\s*(["'`])([^"'`\s]+)\2/g;
const SCRIPT_IMPORT = /\bimport\s*(?:[\w$*{},\s]+\s*from\s*)?(["'])((?:https?):\/\/[^"'\s]+)\1/g;

const CALL_LIST: Record<string, CspList> = {
  fetch: 'connectDomains',
  WebSocket: 'connectDomains',
  EventSource: 'connectDomains',
  sendBeacon: 'connectDomains',
  import: 'resourceDomains',
};

/** The tags whose `src` (or `href`) the CSP governs, and the list that allows it. */
const SRC_TAGS: Record<string, CspList> = {
  img: 'resourceDomains',
  audio: 'resourceDomains',
  video: 'resourceDomains',
  source: 'resourceDomains',
  track: 'resourceDomains',
  iframe: 'frameDomains',
};
/** `<link rel>` values that load a resource (preconnect, dns-prefetch and navigation do not). */
const LINK_LOADS = /(?:^|\s)(?:stylesheet|icon|apple-touch-icon|preload|modulepreload|prefetch|manifest)(?:\s|$)/i;

function attributes(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(ATTRIBUTE)) {
    const name = m[1].toLowerCase();
    if (!out.has(name)) out.set(name, decodeEntities(m[2] ?? m[3] ?? m[4] ?? ''));
  }
  return out;
}

/** The few entities a URL's origin can hide behind; the rest of a URL does not matter here. */
function decodeEntities(text: string): string {
  return text.includes('&')
    ? text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(amp|colon|sol|period));/gi, (whole, hex: string, dec: string, named: string) => {
        if (hex) return String.fromCodePoint(parseInt(hex, 16));
        if (dec) return String.fromCodePoint(parseInt(dec, 10));
        return { amp: '&', colon: ':', sol: '/', period: '.' }[named.toLowerCase()] ?? whole;
      })
    : text;
}

function absolute(text: string): URL | undefined {
  const trimmed = text.trim();
  if (!ABSOLUTE.test(trimmed) || trimmed.includes('${')) return undefined;
  try {
    return new URL(trimmed);
  } catch {
    return undefined;
  }
}

function cssLoads(css: string, out: Load[]): void {
  for (const m of css.matchAll(CSS_URL)) add(out, 'resourceDomains', m[2], 'url()');
  for (const m of css.matchAll(CSS_IMPORT)) add(out, 'resourceDomains', m[2], '@import');
}

function scriptLoads(js: string, out: Load[]): void {
  for (const m of js.matchAll(SCRIPT_CALL)) add(out, CALL_LIST[m[1]], m[3], `${m[1]}()`);
  for (const m of js.matchAll(SCRIPT_IMPORT)) add(out, 'resourceDomains', m[2], 'import');
}

function add(out: Load[], list: CspList, text: string, via: string): void {
  const url = absolute(text);
  if (url) out.push({ list, url, via });
}

function tagLoads(name: string, attrs: Map<string, string>, out: Load[]): void {
  const style = attrs.get('style');
  if (style) cssLoads(style, out);
  const src = attrs.get('src');
  const list = SRC_TAGS[name];
  if (list && src !== undefined) add(out, list, src, `<${name} src>`);
  if ((name === 'img' || name === 'source') && attrs.has('srcset'))
    for (const candidate of (attrs.get('srcset') ?? '').split(',')) add(out, 'resourceDomains', candidate.trim().split(/\s+/)[0] ?? '', `<${name} srcset>`);
  if (name === 'video' && attrs.has('poster')) add(out, 'resourceDomains', attrs.get('poster') ?? '', '<video poster>');
  if (name === 'link' && LINK_LOADS.test(attrs.get('rel') ?? ''))
    add(out, 'resourceDomains', attrs.get('href') ?? '', `<link rel=${attrs.get('rel')?.trim()}>`);
  if (name === 'base' && attrs.has('href')) add(out, 'baseUriDomains', attrs.get('href') ?? '', '<base href>');
}

/** Every load of another origin the HTML states outright, in document order within each kind. */
export function htmlLoads(html: string): Load[] {
  const out: Load[] = [];
  const text = (html.length > MAX_SCAN ? html.slice(0, MAX_SCAN) : html).replace(COMMENT, ' ');
  const markup = text.replace(RAW_TEXT, (_whole, tag: string, attrText: string, body: string) => {
    const kind = tag.toLowerCase();
    const attrs = attributes(attrText);
    if (kind === 'script') {
      const src = attrs.get('src');
      if (src !== undefined) add(out, 'resourceDomains', src, '<script src>');
      else scriptLoads(body, out);
    } else {
      cssLoads(body, out);
    }
    return ' ';
  });
  for (const m of markup.matchAll(TAG)) {
    const name = m[1].toLowerCase();
    const attrs = attributes(m[2]);
    // A script left unclosed was not taken out with the others: its src still loads.
    if (name === 'script' && attrs.has('src')) add(out, 'resourceDomains', attrs.get('src') ?? '', '<script src>');
    else if (name !== 'style') tagLoads(name, attrs, out);
  }
  return out;
}
