import { describe, expect, it } from 'vitest';
import { htmlLoads } from './html-loads';

const loads = (html: string) => htmlLoads(html).map((l) => `${l.list} ${l.url.origin} ${l.via}`);

describe('htmlLoads', () => {
  it('files each loading tag under the csp list that allows it', () => {
    const html = `<!doctype html><html><head>
      <base href="https://base.example">
      <link rel="stylesheet" href="https://css.example/a.css"><link rel="preconnect" href="https://pre.example">
      <script type="module" src='https://js.example/app.js'></script>
    </head><body style="background: url(https://bg.example/b.png)">
      <img src=https://img.example/i.png srcset="https://x1.example/a.png 1x, https://x2.example/a.png 2x">
      <video poster="https://poster.example/p.jpg"><source src="https://media.example/v.mp4"></video>
      <iframe src="https://frame.example/embed"></iframe>
      <a href="https://link.example/">not a load</a><form action="https://form.example/"></form>
    </body></html>`;
    expect(loads(html)).toEqual([
      'resourceDomains https://js.example <script src>',
      'baseUriDomains https://base.example <base href>',
      'resourceDomains https://css.example <link rel=stylesheet>',
      'resourceDomains https://bg.example url()',
      'resourceDomains https://img.example <img src>',
      'resourceDomains https://x1.example <img srcset>',
      'resourceDomains https://x2.example <img srcset>',
      'resourceDomains https://poster.example <video poster>',
      'resourceDomains https://media.example <source src>',
      'frameDomains https://frame.example <iframe src>',
    ]);
  });

  it('reads styles for url() and @import, and scripts for literal fetch, WebSocket and import', () => {
    const html = `<style>@import "https://fonts.example/css"; @font-face { src: url('https://font.example/f.woff2') }</style>
      <script>fetch('https://api.example/v1'); new WebSocket("wss://rt.example:8443/s"); import("https://esm.example/m.js");</script>
      <script type="module">import { a } from "https://cdn.example/a.js";</script>`;
    expect(loads(html)).toEqual([
      'resourceDomains https://font.example url()',
      'resourceDomains https://fonts.example @import',
      'connectDomains https://api.example fetch()',
      'connectDomains wss://rt.example:8443 WebSocket()',
      'resourceDomains https://esm.example import()',
      'resourceDomains https://cdn.example import',
    ]);
  });

  it('leaves alone what does not load or cannot be known: relative URLs, markup in scripts, comments, strings, URLs built at run time', () => {
    const html = `<!-- <script src="https://commented.example/x.js"></script> -->
      <img src="/local.png"><img src="data:image/png;base64,AAAA"><img src="//protocol-relative.example/x.png">
      <script>const tpl = '<img src="https://in-a-string.example/x.png">'; const schema = "https://json-schema.org/draft/2020-12/schema";
        fetch(\`https://\${host}/api\`); fetch(url); new URL("https://github.com/cfworker");</script>
      <input type="url" value="https://modelcontextprotocol.io/">`;
    expect(loads(html)).toEqual([]);
  });

  it('decodes the entities an origin can hide behind, and survives an unclosed tag', () => {
    expect(loads('<img src="https&#58;//ent.example/x.png"><img src="https://ok.example/y.png" alt="it\'s')).toEqual([
      'resourceDomains https://ent.example <img src>',
    ]);
    expect(loads('<script src="https://unclosed.example/a.js">')).toEqual(['resourceDomains https://unclosed.example <script src>']);
  });
});
