import { describe, expect, it } from 'vitest';
import { redactionInputs, redactOptionsFor } from './redaction-inputs';
import { redactFrames } from './redact';
import { prepareExport } from '../render/export';

const values = (t: Parameters<typeof redactionInputs>[0]) => redactionInputs(t).map((s) => `${s.rule}=${s.value}`);

describe('the secrets a connection gives redaction', () => {
  it('every configured header value, the credential after its scheme, but not what Loupe sets or what cannot be a credential', () => {
    expect(
      values({
        headers: {
          'X-Custom': 'custom-value-1',
          Authorization: 'Bearer abc123xyz',
          Accept: 'application/json, text/event-stream',
          'X-Debug': 'true',
          'X-Retries': '3',
          'X-Region': 'eu',
        },
      }),
    ).toEqual(['header:x-custom=custom-value-1', 'header:authorization=Bearer abc123xyz', 'header:authorization=abc123xyz']);
  });

  it('env values of secret-looking names only', () => {
    expect(values({ env: { API_KEY: 'k-123456', DEBUG: 'verbose-mode', HOME: '/home/me' } })).toEqual(['env:API_KEY=k-123456']);
  });

  it("the URL's user, password and secret-looking query values, decoded and as written", () => {
    expect(values({ url: 'http://adalovelace:pa%24%24word@127.0.0.1:9/mcp?api_key=q-7%2F8&mode=json&sig=abcd1234' })).toEqual([
      'url:username=adalovelace',
      'url:password=pa$$word',
      'url:password=pa%24%24word',
      'url:api_key=q-7/8',
      'url:api_key=q-7%2F8',
      'url:sig=abcd1234',
    ]);
    // Under 4 characters nothing is a secret: replacing `ada` everywhere would wreck the trace.
    expect(values({ url: 'http://ada@127.0.0.1:9/mcp' })).toEqual([]);
  });

  it('secret-looking arguments in every usual form; others stay', () => {
    expect(
      values({
        command: 'node',
        args: [
          'server.js',
          '--token=t-111111',
          '--password',
          'p-222222',
          'API_SECRET=s-333333',
          'Authorization: Bearer b-444444',
          '--port',
          '8080',
          '--api',
          'ghp_notknownhere',
        ],
      }),
    ).toEqual([
      'arg:--token=t-111111',
      'arg:--password=p-222222',
      'arg:API_SECRET=s-333333',
      'arg:Authorization=Bearer b-444444',
      'arg:Authorization=b-444444',
    ]);
  });

  it('redacts them in frames and in the trace header target, keeping the rest of the text', () => {
    const opts = redactOptionsFor({ command: 'node', args: ['s.js', '--api', 'ghp_A1b2C3d4E5f6G7h8I9j0K1l2'], headers: { 'X-Custom': 'custom-value-1' } });
    const frame = { seq: 1, ts: 0, dir: 's2c' as const, lane: 'stderr' as const, raw: 'got custom-value-1 ok', size: 21 };
    expect(redactFrames([frame], opts).frames[0].raw).toBe('got «redacted:header:x-custom» ok');
    const p = prepareExport({
      frames: [frame],
      target: { transport: 'stdio', framing: 'lines', name: 's', command: 'node', args: ['s.js', '--api', 'ghp_A1b2C3d4E5f6G7h8I9j0K1l2'] },
      loupeVersion: '0',
      redact: opts,
    });
    expect(p.header.target.args).toEqual(['s.js', '--api', '«redacted:github-token»']);
    expect(p.hits.map((h) => h.where)).toEqual(['header.target.args[2]', 'raw']);
    expect(p.header.redaction?.rules).toEqual(expect.arrayContaining(['env', 'header', 'url', 'arg']));
  });
});

describe('a trace file, with no connection to ask', () => {
  it('still redacts the headers the page masks, in frame meta and in the raw HTTP head', () => {
    const key = 'xk-5f2b9c1e7d3a4b6c';
    const frame = {
      seq: 1,
      ts: 0,
      dir: 'c2s' as const,
      lane: 'http' as const,
      size: 60,
      raw: `POST /mcp HTTP/1.1\r\nX-Api-Key: ${key}\r\nAccept: application/json\r\n\r\n`,
      meta: { transport: 'http', phase: 'request', method: 'POST', url: 'http://127.0.0.1:9/mcp', headers: { 'X-Api-Key': key, Accept: 'application/json' } },
    };
    const out = redactFrames([frame as never]).frames[0];
    expect(JSON.stringify(out)).not.toContain(key);
    expect(out.raw).toBe('POST /mcp HTTP/1.1\r\nX-Api-Key: «redacted:x-api-key»\r\nAccept: application/json\r\n\r\n');
  });
});
