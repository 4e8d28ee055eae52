import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { MASK } from '../mcp/secret-headers';
import { rowLabel, rowSummary } from './row-label';
import { OAuthScript } from '../analyze/cases/auth';
import { classifyFrame } from '../mcp/classify';
import type { SeqRow } from './sequence-model';

const head = 'POST /mcp HTTP/1.1\r\nAuthorization: Bearer s3cret\r\nCookie: sid=abc\r\n\r\n';
const frame = { seq: 7, ts: 1000, dir: 'c2s', lane: 'http', raw: head, size: head.length } as Frame;
const row: SeqRow = { index: 6, seq: 7, ts: 1000, dir: 'c2s', lane: 'http', kind: 'http', label: 'POST /mcp', depth: 0 } as SeqRow;

describe('diagram hover summaries', () => {
  it('show an HTTP head with its credentials masked, as every other view does', () => {
    const text = rowSummary(row, frame);
    expect(text).toContain('Authorization: Bearer');
    expect(text).toContain(MASK);
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain('sid=abc');
  });

  it("keep a message frame's raw text as it crossed", () => {
    const raw = '{"jsonrpc":"2.0","method":"ping","id":1}';
    expect(rowSummary({ ...row, lane: 'message', kind: 'request' } as SeqRow, { ...frame, lane: 'message', raw } as Frame)).toContain(raw);
  });

  it("name the OAuth step of a request of Loupe's own OAuth client", () => {
    const [request, response] = new OAuthScript().x({ method: 'POST', url: 'http://as/token', step: 'token', body: 'grant_type=authorization_code' }).frames;
    const label = (f: Frame) => rowLabel({ ...row, seq: f.seq }, f, classifyFrame(f), undefined);
    expect(label(request)).toMatch(/^oauth token: POST \/token HTTP\/1\.1/);
    expect(label(response)).not.toContain('oauth');
  });
});
