import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { emptyTrace, ingest } from './trace';
import { filterSeqs, matches, type TrafficFilter } from './filter';

const head = (raw: string, seq: number, dir: Frame['dir'] = 'c2s'): Frame => ({
  seq,
  ts: seq * 1000,
  dir,
  lane: 'http',
  raw,
  size: raw.length,
  meta: undefined,
});

const frames: Frame[] = [
  head(
    'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:1\r\nAuthorization: Bearer s3cret\r\nAccept: application/json, text/event-stream\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"ping"}',
    1,
  ),
  head('HTTP/1.1 200 OK\r\nSet-Cookie: sid=cookie-value-9\r\ncontent-type: application/json\r\n\r\n', 2, 's2c'),
  head('POST /mcp HTTP/1.1\r\nX-Api-Key: key-abc-123\r\n\r\n', 3),
  { seq: 4, ts: 4000, dir: 's2c', lane: 'stderr', raw: 'token s3cret printed by the server', size: 34 },
];

const trace = () => ingest(emptyTrace({ kind: 'live', sessionId: 's1' }), frames);
const filter = (text: string): TrafficFilter => ({ lane: 'all', text });
const found = (text: string) => filterSeqs(trace(), filter(text)).seqs;

describe('traffic filter on HTTP rows', () => {
  it('does not match a credential the page masks, but matches the header name and the scheme', () => {
    const t = trace();
    expect(matches(t, 1, filter('s3cret'))).toBe(false);
    expect(matches(t, 1, filter('Authorization'))).toBe(true);
    expect(matches(t, 1, filter('bearer'))).toBe(true);
  });

  it('hides cookie and API key values the same way', () => {
    expect(found('cookie-value-9')).toEqual([]);
    expect(found('key-abc-123')).toEqual([]);
    expect(found('set-cookie')).toEqual([2]);
    expect(found('x-api-key')).toEqual([3]);
  });

  it('still searches the unmasked parts of an exchange, and stderr as written', () => {
    expect(found('text/event-stream')).toEqual([1]);
    expect(found('"method":"ping"')).toEqual([1]);
    // stderr is shown unmasked, so it is searched unmasked.
    expect(found('s3cret')).toEqual([4]);
  });
});

describe('traffic filter by channel', () => {
  const req = (seq: number, id: number, method: string, channel?: string): Frame => {
    const raw = JSON.stringify({ jsonrpc: '2.0', id, method });
    return { seq, ts: seq, dir: 'c2s', lane: 'message', raw, size: raw.length, ...(channel ? { channel } : {}) };
  };
  const t = () =>
    ingest(emptyTrace({ kind: 'live', sessionId: 's1' }), [
      req(1, 1, 'ping'),
      req(2, 1, 'ui/initialize', 'app:1'),
      req(3, 1, 'tools/call', 'app:2'),
      req(4, 2, 'tools/call'),
    ]);

  it("keeps the session's own frames, or one app's, or every channel's", () => {
    expect(filterSeqs(t(), { lane: 'all', text: '', channel: 'session' }).seqs).toEqual([1, 4]);
    expect(filterSeqs(t(), { lane: 'all', text: '', channel: 'app:1' }).seqs).toEqual([2]);
    expect(filterSeqs(t(), { lane: 'all', text: 'tools/call', channel: 'app:2' }).seqs).toEqual([3]);
    expect(filterSeqs(t(), { lane: 'all', text: '' }).seqs).toEqual([1, 2, 3, 4]);
  });

  it('starts again when only the channel changed', () => {
    const trace = t();
    const first = filterSeqs(trace, { lane: 'all', text: '', channel: 'app:1' });
    expect(filterSeqs(trace, { lane: 'all', text: '', channel: 'session' }, first).seqs).toEqual([1, 4]);
  });
});
