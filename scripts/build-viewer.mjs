#!/usr/bin/env node
// Makes the static viewer self-contained: reads the exported /viewer page (out/viewer.html),
// inlines its scripts and styles, and writes out/loupe-viewer.html, one file that opens from
// file:// with no server. Next's export refers to assets by absolute /_next/ paths, which resolve
// to the file system root under file://; inlining removes every such reference.
//
// Turbopack chunks register themselves with `document.currentScript`, whose `src` names the chunk;
// an inline script has no src, so each chunk is given its path as a string instead, which the
// Turbopack runtime accepts in the same place.
//
// The file carries its own Content-Security-Policy in a <meta> element (a file:// page has no
// headers): every script is inline and named by its sha256 hash, so nothing else can run.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const { inlineSources, viewerPolicy } = await tsImport('../proxy/server/csp.ts', import.meta.url);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'out');
const REGISTER = '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["object"==typeof document?document.currentScript:void 0,';

function asset(href) {
  if (!href.startsWith('/_next/')) throw new Error(`unexpected asset outside /_next/: ${href}`);
  return readFileSync(path.join(out, href.slice(1)), 'utf8');
}

function chunk(href) {
  let js = asset(href);
  if (js.startsWith(REGISTER))
    js = `(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([${JSON.stringify(href.slice('/_next/'.length))},` + js.slice(REGISTER.length);
  else if (js.includes('document.currentScript:void 0')) throw new Error(`${href}: a Turbopack chunk in an unknown shape; update scripts/build-viewer.mjs`);
  const runtime = js.includes('globalThis.TURBOPACK={push:');
  // The runtime looks for a <script src> of a chunk before it fetches one: a marker of a type no
  // browser runs (so none fetches it) tells it the chunk is here already.
  const marker = `<script type="application/x-loupe-inlined" async="" src="${href}"></script>`;
  return { runtime, href, text: inlineSafe(js, href), tag: (text) => `<script>${text}</script>${marker}` };
}

/**
 * Script text that the HTML parser reads back unchanged: `<!--`, `<script` and `</script` (React
 * DOM holds them, in strings) would change where it thinks the element ends. As the HTML standard
 * advises, each `<` of those becomes `\x3C`, which means `<` in a string, template or regular
 * expression and nothing in a comment. Anywhere else the change would be a syntax error, so the
 * text is compiled (not run) to prove it is still JavaScript.
 */
function inlineSafe(js, href) {
  const safe = js.replace(/<(?=!--|\/?script)/gi, '\\x3C');
  if (safe === js) return js;
  try {
    new vm.Script(safe, { filename: href });
  } catch (e) {
    throw new Error(`${href}: cannot be inlined safely, \`<!--\` or \`<script\` occurs outside a literal (${e.message}); update scripts/build-viewer.mjs`);
  }
  return safe;
}

let html = readFileSync(path.join(out, 'viewer.html'), 'utf8');
const scripts = [];
html = html.replace(/<script src="(\/_next\/[^"]+)"([^>]*)><\/script>/g, (_, href, attrs) => {
  // Polyfills for browsers without modules: every browser that can run the viewer skips them.
  if (/noModule/i.test(attrs)) return '';
  scripts.push(chunk(href));
  return '';
});
// Stylesheets become data: URLs everywhere, the React payload included: React re-inserts the
// links it knows from the payload, and a data: URL loads under file:// where /_next/ cannot.
for (const href of new Set([...html.matchAll(/<link rel="stylesheet" href="(\/_next\/[^"]+)"/g)].map((m) => m[1]))) {
  html = html.split(href).join(`data:text/css;base64,${Buffer.from(asset(href)).toString('base64')}`);
}
html = html.replace(/<link rel="(?:preload|modulepreload|prefetch)"[^>]*\/?>/g, '');
// Icons (app/icon.*) are files at the root of the export; a data: URL carries them along.
const MIME = { svg: 'image/svg+xml', png: 'image/png', ico: 'image/x-icon' };
for (const href of new Set([...html.matchAll(/<link rel="(?:icon|apple-touch-icon|shortcut icon)" href="(\/[^"]+)"/g)].map((m) => m[1]))) {
  const file = href.replace(/[?#].*$/, '');
  const ext = file.split('.').pop();
  const data = `data:${MIME[ext] ?? 'application/octet-stream'};base64,${Buffer.from(readFileSync(path.join(out, file))).toString('base64')}`;
  html = html.split(href).join(data);
}
// Parts of the page loaded on first use (next/dynamic, import()) come as chunks the page's code
// names ("static/chunks/<name>.js") and the runtime fetches when they are wanted; under file:// it
// cannot, so every chunk a script names goes in too, with its marker: the runtime then finds it
// registered and fetches nothing. A chunk names the ones it needs in turn, so they are followed
// until no new one turns up.
const inlinedHrefs = new Set(scripts.map((s) => s.href));
for (let i = 0; i < scripts.length; i++) {
  for (const [, name] of scripts[i].text.matchAll(/"static\/chunks\/([^"\\]+)"/g)) {
    const href = `/_next/static/chunks/${name}`;
    if (inlinedHrefs.has(href)) continue;
    if (!name.endsWith('.js'))
      throw new Error(`${scripts[i].href} loads ${href} on first use, which the viewer cannot inline; update scripts/build-viewer.mjs`);
    inlinedHrefs.add(href);
    scripts.push(chunk(href));
  }
}
// The chunks run after the document is parsed, as the async originals could, and the Turbopack
// runtime runs last: by then every chunk has queued itself, so none is fetched from /_next/.
const runtime = scripts.findIndex((s) => s.runtime);
if (runtime === -1) throw new Error('no Turbopack runtime chunk found in the viewer');
scripts.push(...scripts.splice(runtime, 1));
// Chunk paths inside the React payload stay: the runtime finds those chunks already registered.
// Checked before the chunks go in: their code names paths that are not references of the page.
const left = html.match(/(?:src|href)="\/[^"]*|\/_next\/[^"\\]*\.css/g);
if (left) throw new Error(`references to files of the export are left in the viewer: ${left.slice(0, 3).join(', ')}`);
html = html.replace('</body>', () => `${scripts.map((s) => s.tag(s.text)).join('')}</body>`);
if (!html.includes('id="loupe-embedded-trace"')) throw new Error('the viewer has no slot for an embedded trace');
// The policy goes before every script and stylesheet (a meta policy governs only what the parser
// meets after it) but after the charset, which must stay within the file's first 1024 bytes.
const sources = inlineSources(html);
const inlined = new Set(sources.scripts);
const lost = scripts.filter((s) => !inlined.has(s.text));
if (lost.length)
  throw new Error(`the HTML parser does not read back the inlined script of ${lost.map((s) => s.href).join(', ')}; update scripts/build-viewer.mjs`);
const head = /^<!DOCTYPE html><html[^>]*><head><meta charSet="utf-8"\/>/i.exec(html);
if (!head) throw new Error('the exported viewer.html does not start with <html><head><meta charSet>: update scripts/build-viewer.mjs');
html = head[0] + `<meta http-equiv="Content-Security-Policy" content="${viewerPolicy(sources)}">` + html.slice(head[0].length);
// Written beside it and renamed over it: whoever reads the file meanwhile gets the old one or the
// new one whole, never a part.
const partial = path.join(out, `.loupe-viewer.html.${process.pid}`);
writeFileSync(partial, html);
renameSync(partial, path.join(out, 'loupe-viewer.html'));
console.log(`wrote out/loupe-viewer.html (${Math.round(html.length / 1024)} KiB, ${scripts.length} scripts inlined)`);
