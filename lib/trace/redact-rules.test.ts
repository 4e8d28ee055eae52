/**
 * Each pattern rule's hint is a superset of its pattern: text that none of the hints matches skips
 * every pattern (redact.ts), so a hint that missed a match would let a secret through. These are
 * the shapes each rule is for, in the cases and spellings it accepts.
 */
import { describe, expect, it } from 'vitest';
import { PATTERN_RULES } from './redact-rules';
import { frameRedactor, redactFrames } from './redact';
import type { Frame } from '../mcp/frame';

const GHP = 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

const MATCHED: Record<string, string[]> = {
  'header-line': [
    'Authorization: Basic dXNlcjpwYXNz',
    'PROXY-AUTHORIZATION: Basic dXNlcjpwYXNz',
    'cookie: sid=abc',
    'Set-Cookie: a=b',
    'X-Api-Key: k123',
    'api-key:k',
  ],
  bearer: ['BEARER abcdefgh12345678', 'sent bearer abc.def-ghi_jkl/mno'],
  'openai-key': ['sk-proj-ABCDEFGHIJKLMNOPQRST', 'the key sk-abcdefghijklmnop1234'],
  'github-token': [GHP, `gho_${'a'.repeat(24)}`, `github_pat_${'B'.repeat(30)}`],
  'slack-token': ['xoxb-1234567890-abcdef', 'xoxp-abcdefghijkl'],
  'aws-access-key': ['AKIAIOSFODNN7EXAMPLE', 'id ASIAIOSFODNN7EXAMPLE here'],
  jwt: [JWT, `token "${JWT}"`],
  'oauth-form-secret': [
    'grant_type=authorization_code&code=abc',
    'code_verifier=xyz123',
    'client_secret=s3cr3t',
    'client_assertion=abc.def',
    'assertion=abc',
    'refresh_token=r1',
    'subject_token=t1',
    'device_code=d1',
  ],
  'url-secret-param': [
    'https://x.example/y?access_token=abc',
    'https://x.example/y?API-KEY=zzz',
    'https://x.example/y?a=1&apikey=1',
    'https://x.example/y?X-Amz-Signature=abc',
    'https://x.example/y?sig=abc',
    'https://x.example/y?Auth=abc',
    'https://x.example/y?client_secret=s',
    'https://x.example/y?Password=p',
  ],
  'secret-assignment': [
    'token=abc',
    'API_KEY=abc123',
    'password: hunter2',
    "'secret': 'abc'",
    'DB_PASSWD = x1',
    'credentials=abc',
    'aws_access_key = QWERTY123',
    'PRIVATE-KEY: x1',
    'Cookie=abc',
    'authorization: Basic abc',
    'code_verifier=abc',
    'client_assertion: xyz',
    'secret_key=x1',
  ],
};

const frame = (raw: string): Frame => ({ seq: 1, ts: 0, dir: 'c2s', lane: 'stderr', raw, size: raw.length });

describe("each pattern rule's hint", () => {
  for (const rule of PATTERN_RULES) {
    it(`matches all that ${rule.id} matches`, () => {
      const samples = MATCHED[rule.id];
      expect(samples, `samples for ${rule.id}`).toBeDefined();
      for (const text of samples) {
        rule.pattern.lastIndex = 0;
        expect(rule.pattern.test(text), `${rule.id} matches ${text}`).toBe(true);
        expect(rule.hint.test(text), `${rule.id}'s hint matches ${text}`).toBe(true);
      }
    });
  }

  it('lets every sample be redacted through the hints, and text with no hint pass unchanged', () => {
    for (const [id, samples] of Object.entries(MATCHED)) {
      const { frames, hits } = redactFrames(samples.map(frame));
      frames.forEach((f, i) => expect(f.raw, `${id}: ${samples[i]}`).not.toBe(samples[i]));
      expect(hits.length).toBeGreaterThanOrEqual(samples.length);
    }
    const plain = '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"search","arguments":{"q":"monkey business"}}}';
    expect(redactFrames([frame(plain)]).frames[0].raw).toBe(plain);
  });
});

describe('metadata a stream of batches repeats', () => {
  const head = (seq: number, url: string, headers: [string, string][]): Frame => ({
    seq,
    ts: seq,
    dir: 'c2s',
    lane: 'http',
    raw: '',
    size: 0,
    meta: { transport: 'http', phase: 'request', method: 'POST', url, headers, stream: 'post' },
  });
  const clean = 'http://127.0.0.1:3000/mcp';
  const secret = 'http://127.0.0.1:3000/mcp?access_token=s3cr3tvalue9';

  it('is redacted on every frame, the strings found clean once passing untouched and unchanged metadata kept as it came', () => {
    const redact = frameRedactor();
    const plainHeaders: [string, string][] = [['content-type', 'application/json']];
    for (let batch = 0; batch < 3; batch++) {
      const frames = [
        head(1, clean, plainHeaders),
        head(2, secret, plainHeaders),
        head(3, clean, [['x-api-key', 'k-9f8e7d6c5b']]),
        head(4, clean, plainHeaders),
      ];
      const before = JSON.stringify(frames);
      const out = redact(frames);
      const urls = out.map((f) => (f.meta as { url: string }).url);
      expect(urls[0]).toBe(clean);
      expect(urls[1]).not.toContain('s3cr3tvalue9');
      expect(JSON.stringify(out[2].meta)).not.toContain('k-9f8e7d6c5b');
      // Nothing to redact: the very metadata handed in; and the input frames are never changed.
      expect(out[0].meta).toBe(frames[0].meta);
      expect(out[3].meta).toBe(frames[3].meta);
      expect(out[1].meta).not.toBe(frames[1].meta);
      expect(JSON.stringify(frames)).toBe(before);
    }
  });
});
