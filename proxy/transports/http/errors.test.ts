import { describe, expect, it } from 'vitest';
import { bodyExcerpt, statusError } from './errors';

const EXPRESS_404 = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Error</title>
</head>
<body>
<pre>Cannot POST /wrong</pre>
</body>
</html>
`;

describe('bodyExcerpt', () => {
  it('reduces an HTML error page to one short line', () => {
    expect(bodyExcerpt(EXPRESS_404)).toBe('Cannot POST /wrong');
    expect(bodyExcerpt('<html><head><title>Gateway</title></head><body></body></html>')).toBe('Gateway');
    expect(bodyExcerpt('<html><body><h1>Not   Found</h1>\n<p>nothing at /mcpx</p></body></html>')).toBe('Not Found nothing at /mcpx');
  });

  it('collapses plain text and caps it', () => {
    expect(bodyExcerpt('no\n  POST here')).toBe('no POST here');
    expect(bodyExcerpt('x'.repeat(500))).toHaveLength(121);
  });
});

describe('statusError', () => {
  it('is one line with the status and an excerpt, never the page', () => {
    const e = statusError('POST', 'http://127.0.0.1:1/wrong', 404, 'Not Found', EXPRESS_404);
    expect(e.message).toBe('POST http://127.0.0.1:1/wrong was answered 404 Not Found (Cannot POST /wrong)');
    expect(e.message).not.toContain('\n');
  });
});
