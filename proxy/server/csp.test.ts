import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { besideOwnPolicy, carriesOwnPolicy, inlineSources, pagePolicy, sha256Source, viewerPolicy } from './csp';

function directive(policy: string, name: string): string[] | undefined {
  const found = policy
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name);
  return found?.slice(1);
}

const NEXT_LIKE = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<script src="/_next/static/chunks/a.js" async=""></script>',
  '<script id="_R_">self.__next_r="x"</script>',
  '<script type="application/x-ndjson" id="loupe-embedded-trace">{"not":"code"}</script>',
  '<script type="application/json">{"also":"data"}</script>',
  '<script type="module">import "/m.js"</script>',
  '</head><body><div style="display:none">x</div><style>.a{color:red}</style>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
  '<!-- <script>commented()</script> -->',
  '<template><script>inert()</script></template>',
  '</body></html>',
].join('');

describe('inline sources of a page', () => {
  it('finds the inline code a browser would run, and leaves out data blocks, src scripts and comments', () => {
    const s = inlineSources(NEXT_LIKE);
    expect(s.scripts).toEqual(['self.__next_r="x"', 'import "/m.js"', '(self.__next_f=self.__next_f||[]).push([0])']);
    expect(s.styles).toEqual(['.a{color:red}']);
    expect(s.styleAttributes).toEqual(['display:none']);
  });

  it('reads script text as the HTML parser does: line endings normalised, entities left alone', () => {
    expect(inlineSources('<script>a()\r\nb()\rc("&amp;")</script>').scripts).toEqual(['a()\nb()\nc("&amp;")']);
  });

  it('hashes the UTF-8 bytes of the text, as CSP does', () => {
    const text = 'console.log("é ✓")';
    expect(sha256Source(text)).toBe(`'sha256-${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64')}'`);
    // A known vector: the hash of alert('Hello, world.'); from the CSP specification's example.
    expect(sha256Source("alert('Hello, world.');")).toBe("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
  });
});

describe('the page policy', () => {
  const policy = pagePolicy(inlineSources(NEXT_LIKE), '127.0.0.1:6280');

  it('allows its own files and exactly its inline scripts, never inline code in general or eval', () => {
    expect(directive(policy, 'script-src')).toEqual([
      "'self'",
      ...['self.__next_r="x"', 'import "/m.js"', '(self.__next_f=self.__next_f||[]).push([0])'].map(sha256Source),
    ]);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(directive(policy, 'default-src')).toEqual(["'none'"]);
  });

  it('names inline styles by hash and style attributes by hash only', () => {
    expect(directive(policy, 'style-src')).toEqual(["'self'", sha256Source('.a{color:red}')]);
    expect(directive(policy, 'style-src-attr')).toEqual(["'unsafe-hashes'", sha256Source('display:none')]);
    expect(directive(pagePolicy(inlineSources('<p>x</p>'), 'h:1'), 'style-src-attr')).toEqual(["'none'"]);
  });

  it('connects only to its own origin and its WebSocket, frames nothing and is framed by nothing', () => {
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'ws://127.0.0.1:6280']);
    expect(directive(pagePolicy(inlineSources(''), '[::1]:7000'), 'connect-src')).toEqual(["'self'", 'ws://[::1]:7000']);
    for (const [name, value] of [
      ['object-src', "'none'"],
      ['base-uri', "'none'"],
      ['form-action', "'none'"],
      ['frame-ancestors', "'none'"],
    ]) {
      expect(directive(policy, name), name).toEqual([value]);
    }
    expect(directive(policy, 'img-src')).toEqual(["'self'", 'data:', 'https:']);
  });

  it('hashes a script once however often it appears', () => {
    const twice = pagePolicy(inlineSources('<script>a()</script><script>a()</script>'), 'h:1');
    expect(directive(twice, 'script-src')).toEqual(["'self'", sha256Source('a()')]);
  });
});

describe('the viewer policy', () => {
  const policy = viewerPolicy(inlineSources(NEXT_LIKE));

  it('runs only its hashed inline scripts: no self, no data: scripts', () => {
    expect(directive(policy, 'script-src')).toEqual(['self.__next_r="x"', 'import "/m.js"', '(self.__next_f=self.__next_f||[]).push([0])'].map(sha256Source));
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('sets nothing a <meta> policy may not carry', () => {
    expect(directive(policy, 'frame-ancestors')).toBeUndefined();
    expect(policy).not.toMatch(/report-uri|sandbox/);
  });

  it('lets ?trace=URL fetch over http(s), and nothing else leaves the file', () => {
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https:', 'http:']);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'none'"]);
  });
});

describe('a file that brings its own policy', () => {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${viewerPolicy(inlineSources('<script>a()</script>'))}">`;

  it('is recognised only by a policy at the very top of its head', () => {
    expect(carriesOwnPolicy(`<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>${meta}<title>v</title>`)).toBe(true);
    expect(carriesOwnPolicy(`<!DOCTYPE html><html lang="en"><head><title>v</title>${meta}`)).toBe(false);
    expect(carriesOwnPolicy(`<!DOCTYPE html><html><head><meta charSet="utf-8"/></head><body>${meta}`)).toBe(false);
    expect(carriesOwnPolicy('<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="img-src *">')).toBe(false);
  });

  it('is served with what a meta policy cannot say, and its own origin as the only place to connect', () => {
    const policy = besideOwnPolicy('127.0.0.1:6280');
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'ws://127.0.0.1:6280']);
    expect(directive(policy, 'script-src')).toBeUndefined();
  });
});
