import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { previewRedaction, readTraceText, redactedBy, redactFrames, redactJson, checkCustomRule } from './index';
import { exportTraceText } from '../render';
import { message } from './testing';
import goldenV1 from '../../e2e/golden/everything-stdio.v1.loupe.ndjson?raw';

const HEADER_TOKEN = 'hdr-5f2b9c1e7d3a4b6c8e0f';
const BODY_TOKEN = 'body-9a8b7c6d5e4f3a2b1c0d';
const ENV_TOKEN = 'env-0c1d2e3f4a5b6c7d8e9f';
const COOKIE = 'sid=cookie-77aa88bb99cc';
const GHP = 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

function planted(): Frame[] {
  const raw = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'fetch', arguments: { api_key: BODY_TOKEN, note: `use ${ENV_TOKEN}`, gh: GHP } },
  });
  return [
    {
      seq: 1,
      ts: 10,
      dir: 'c2s',
      lane: 'http',
      raw: '',
      size: 321,
      meta: {
        transport: 'http',
        phase: 'request',
        stream: 'post',
        method: 'POST',
        url: 'http://127.0.0.1:9/mcp?access_token=' + BODY_TOKEN,
        headers: [
          ['Authorization', `Bearer ${HEADER_TOKEN}`],
          ['Content-Type', 'application/json'],
          ['Cookie', COOKIE],
        ],
      },
    },
    { ...message(2, 'c2s', {}), raw, size: 999 },
    { seq: 3, ts: 30, dir: 's2c', lane: 'stderr', raw: `connecting with token ${ENV_TOKEN}, jwt ${JWT}`, size: 80 },
    {
      ...message(4, 's2c', {
        jsonrpc: '2.0',
        id: 1,
        result: { content: [{ type: 'text', text: JSON.stringify({ password: 'hunter2-hunter2', progressToken: 'p1' }) }] },
      }),
    },
    {
      seq: 5,
      ts: 50,
      dir: 's2c',
      lane: 'http',
      raw: '',
      size: 40,
      meta: {
        transport: 'http',
        phase: 'response',
        exchange: 1,
        stream: 'post',
        status: 200,
        statusText: 'OK',
        headers: [
          ['Set-Cookie', COOKIE],
          ['Mcp-Session-Id', 'abc'],
        ],
      },
    },
  ];
}

const env = { GITHUB_TOKEN: ENV_TOKEN, HOME: '/home/me', DEBUG: '1' };
const secrets = [HEADER_TOKEN, BODY_TOKEN, ENV_TOKEN, COOKIE, GHP, JWT, 'hunter2-hunter2'];
const target = { transport: 'http' as const, framing: 'messages' as const, name: 'remote', url: 'http://127.0.0.1:9/mcp' };

describe('redaction', () => {
  it('leaves no planted secret in any exported byte by default', () => {
    const text = exportTraceText({ frames: planted(), target, loupeVersion: '0.1.0', redact: { env } });
    for (const s of secrets) expect(text, s).not.toContain(s);
    expect(text).toContain('«redacted:authorization»');
    expect(text).toContain('«redacted:env:GITHUB_TOKEN»');
    const back = readTraceText(text);
    expect(back.header.redaction?.count).toBeGreaterThanOrEqual(secrets.length);
    expect(back.header.redaction?.rules).toContain('authorization');
    // Seqs, timestamps and wire sizes are kept; protocol data such as progressToken is not touched.
    expect(back.frames.map((f) => [f.seq, f.ts, f.size])).toEqual(planted().map((f) => [f.seq, f.ts, f.size]));
    expect(back.frames[3].raw).toContain('progressToken');
    expect(back.frames[3].raw).toContain('p1');
    const request = back.frames[0].lane === 'http' ? back.frames[0].meta : undefined;
    expect(request?.phase === 'request' && request.headers[1]).toEqual(['Content-Type', 'application/json']);
  });

  it('keeps every secret when the person opts out, and says nothing about redaction', () => {
    const text = exportTraceText({ frames: planted(), target, loupeVersion: '0.1.0', redact: false });
    for (const s of secrets) expect(text).toContain(s);
    expect(readTraceText(text).header.redaction).toBeUndefined();
  });

  it('previews where, which rule and a masked excerpt, without the secret', () => {
    const hits = previewRedaction(planted(), { env });
    expect(hits).toContainEqual({ seq: 1, where: 'meta.headers[0].Authorization', rule: 'authorization', excerpt: 'Bear… (31 chars)' });
    expect(hits).toContainEqual(expect.objectContaining({ seq: 5, where: 'meta.headers[0].Set-Cookie', rule: 'set-cookie' }));
    expect(hits).toContainEqual(expect.objectContaining({ seq: 2, where: 'raw', rule: 'secret-field' }));
    expect(hits).toContainEqual(expect.objectContaining({ seq: 2, rule: 'github-token' }));
    expect(hits).toContainEqual(expect.objectContaining({ seq: 3, rule: 'env:GITHUB_TOKEN' }));
    expect(hits).toContainEqual(expect.objectContaining({ seq: 3, rule: 'jwt' }));
    expect(hits).toContainEqual(expect.objectContaining({ seq: 4, rule: 'secret-field' }));
    expect(JSON.stringify(hits)).not.toMatch(new RegExp(secrets.join('|')));
  });

  it('applies custom regex and JSON path rules, and rules can be switched off', () => {
    const frames = [
      message(1, 'c2s', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', arguments: { account: 'ACC-123456', customer: 'Ada Lovelace' } } }),
    ];
    const r = redactFrames(frames, {
      custom: [
        { id: 'account', regex: 'ACC-\\d+' },
        { id: 'customer', jsonPath: 'params.arguments.customer' },
      ],
    });
    expect(r.frames[0].raw).toBe(frames[0].raw.replace('ACC-123456', '«redacted:account»').replace('Ada Lovelace', '«redacted:customer»'));
    expect(r.rules).toEqual(expect.arrayContaining(['account', 'customer']));
    const off = redactFrames(planted(), { env, disabled: ['authorization', 'bearer', 'env'] });
    expect(JSON.stringify(off.frames)).toContain(HEADER_TOKEN);
    expect(JSON.stringify(off.frames)).toContain(ENV_TOKEN);
    expect(checkCustomRule({ regex: '(' })).toMatch(/invalid regular expression/);
    expect(checkCustomRule({ regex: 'a*' })).toMatch(/matches empty text/);
  });

  it('finds nothing to redact in the golden server-everything session (no false alarms)', () => {
    expect(previewRedaction(readTraceText(goldenV1).frames)).toEqual([]);
  });
});

describe('redaction, for any placement', () => {
  it('removes a secret env value wherever it sits in raw text or transport metadata', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_\-.+/=!@#$%^&*"\\]{8,40}$/),
        fc.string(),
        fc.string(),
        fc.constantFrom('raw', 'json', 'meta', 'header'),
        (secret, before, after, where) => {
          const text = `${before}${secret}${after}`;
          const frame: Frame =
            where === 'raw'
              ? { seq: 1, ts: 0, dir: 's2c', lane: 'stderr', raw: text, size: 1 }
              : where === 'json'
                ? message(1, 'c2s', { jsonrpc: '2.0', id: 1, method: 'x', params: { nested: [{ note: text }] } })
                : where === 'meta'
                  ? {
                      seq: 1,
                      ts: 0,
                      dir: 'c2s',
                      lane: 'http',
                      raw: '',
                      size: 1,
                      meta: { transport: 'http', phase: 'request', stream: 'post', method: 'POST', url: `http://127.0.0.1/${text}`, headers: [] },
                    }
                  : {
                      seq: 1,
                      ts: 0,
                      dir: 'c2s',
                      lane: 'http',
                      raw: '',
                      size: 1,
                      meta: { transport: 'http', phase: 'request', stream: 'post', method: 'POST', url: 'http://127.0.0.1/', headers: [['X-Custom', text]] },
                    };
          const out = exportTraceText({ frames: [frame], target, loupeVersion: '0.1.0', redact: { env: { SERVICE_PASSWORD: secret } } });
          expect(out).not.toContain(secret);
          expect(out).not.toContain(JSON.stringify(secret).slice(1, -1));
        },
      ),
    );
  });
});

describe('OAuth token requests', () => {
  it('redact the code, the PKCE verifier, client secrets, assertions and refresh tokens in form bodies', () => {
    const form =
      'grant_type=authorization_code&code=code-1a2b3c4d&code_verifier=verifier-5e6f7a8b&client_secret=secret-9c0d1e2f&refresh_token=refresh-3a4b5c6d&client_assertion=assert-7e8f9a0b';
    const frames: Frame[] = [
      {
        seq: 1,
        ts: 10,
        dir: 'c2s',
        lane: 'http',
        raw: `POST /token HTTP/1.1\r\nHost: as\r\n\r\n${form}`,
        size: 200,
        meta: { transport: 'http', phase: 'request', stream: 'oauth', oauth: 'token', method: 'POST', url: 'http://127.0.0.1:9/token', headers: [] },
      },
    ];
    const text = exportTraceText({ frames, target, loupeVersion: '0.1.0', redact: {} });
    for (const secret of ['code-1a2b3c4d', 'verifier-5e6f7a8b', 'secret-9c0d1e2f', 'refresh-3a4b5c6d', 'assert-7e8f9a0b']) expect(text).not.toContain(secret);
    expect(text).toContain('grant_type=authorization_code');
  });
});

describe('OAuth metadata and token responses', () => {
  it('keep endpoint URLs and token_type readable while the tokens go', () => {
    const body = JSON.stringify({
      token_endpoint: 'http://as/token',
      authorization_endpoint: 'http://as/authorize',
      token_type: 'Bearer',
      access_token: 'tok-1a2b3c4d5e6f',
    });
    const frames: Frame[] = [
      {
        seq: 1,
        ts: 10,
        dir: 's2c',
        lane: 'http',
        raw: body,
        size: body.length,
        meta: { transport: 'http', phase: 'end', exchange: 1, stream: 'oauth', oauth: 'token' },
      },
    ];
    const text = exportTraceText({ frames, target, loupeVersion: '0.1.0', redact: {} });
    expect(text).not.toContain('tok-1a2b3c4d5e6f');
    for (const kept of ['http://as/token', 'http://as/authorize', 'Bearer']) expect(text).toContain(kept);
  });
});

describe('OAuth challenges', () => {
  it('keep a WWW-Authenticate challenge readable (its parameters are no token) while a bearer credential goes', () => {
    const challenge = 'Bearer resource_metadata="http://rs/.well-known/oauth-protected-resource/mcp", scope="read"';
    const also = 'Bearer error="insufficient_scope", scope="admin"';
    const frames: Frame[] = [
      {
        seq: 1,
        ts: 10,
        dir: 's2c',
        lane: 'http',
        raw: `HTTP/1.1 401 Unauthorized\r\nwww-authenticate: ${challenge}\r\n\r\n`,
        size: 90,
        meta: {
          transport: 'http',
          phase: 'response',
          exchange: 1,
          stream: 'post',
          status: 401,
          statusText: 'Unauthorized',
          headers: [
            ['www-authenticate', challenge],
            ['x-next', also],
          ],
        },
      },
      { seq: 2, ts: 20, dir: 'c2s', lane: 'stderr', raw: 'retrying with Bearer abcdefgh12345678==', size: 40 },
    ];
    const text = exportTraceText({ frames, target, loupeVersion: '0.1.0', redact: {} });
    expect(text).toContain('resource_metadata=\\"http://rs/.well-known/oauth-protected-resource/mcp\\"');
    expect(text).toContain('error=\\"insufficient_scope\\"');
    expect(text).not.toContain('abcdefgh12345678');
  });
});

describe('redactJson', () => {
  it("finds a secret-named field in a value as in a frame, and keeps the value's shape", () => {
    const value = { content: [{ type: 'text', text: 'password: hunter2-secret' }], structured: { apiKey: 'k-12345678', count: 3 } };
    expect(redactJson(value, {})).toEqual({
      content: [{ type: 'text', text: 'password: «redacted:secret-assignment»' }],
      structured: { apiKey: '«redacted:secret-field»', count: 3 },
    });
  });

  it('redacts a known secret wherever it stands, and returns a value with none as it is', () => {
    const value = { error: 'failed with sk-live key kept-Abc-123' };
    expect(redactJson(value, { secrets: [{ rule: 'env:KEY', value: 'kept-Abc-123' }] })).toEqual({ error: 'failed with sk-live key «redacted:env:KEY»' });
    const clean = { a: 1 };
    expect(redactJson(clean, {})).toBe(clean);
  });
});

describe('redactedBy: a trace that was redacted needs no second pass', () => {
  const all = redactFrames([], {}).rules;
  it('is true only when the note lists every rule the options would run', () => {
    expect(redactedBy({ rules: all }, {})).toBe(true);
    // A file from before a built-in rule existed is redacted again.
    expect(redactedBy({ rules: all.filter((r) => r !== 'jwt') }, {})).toBe(false);
    // A file written with --no-redact has no note.
    expect(redactedBy(undefined, {})).toBe(false);
    // A rule of the reader's own that the writer did not run.
    expect(redactedBy({ rules: all }, { custom: [{ id: 'acme', regex: 'acme_[a-z]+' }] })).toBe(false);
  });
});
