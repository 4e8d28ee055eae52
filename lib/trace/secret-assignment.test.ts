import { describe, expect, it } from 'vitest';
import type { Frame } from '../mcp/frame';
import { redactFrames } from './redact';

const stderr = (raw: string): Frame => ({ seq: 1, ts: 0, dir: 's2c', lane: 'stderr', raw, size: raw.length });
const redact = (raw: string) => redactFrames([stderr(raw)]).frames[0].raw;
const R = '«redacted:secret-assignment»';

describe('secrets assigned in free text', () => {
  it.each([
    ['token=tk-1a2b3c4d', `token=${R}`],
    ['got access_token=at-9f8e7d6c&token_type=Bearer&expires_in=3600', `got access_token=${R}&token_type=Bearer&expires_in=3600`],
    ['id_token=eyJxx.yy refresh', `id_token=${R} refresh`],
    ['API_KEY=k-55aa66bb ./server', `API_KEY=${R} ./server`],
    ['export GITHUB_TOKEN="gt-31337"', `export GITHUB_TOKEN="${R}"`],
    ['password: hunter2', `password: ${R}`],
    ['Password:hunter2, retrying', `Password:${R}, retrying`],
    ['password: "correct horse battery"', `password: "${R}"`],
    ["{'password': 'pw-8c7b6a', 'user': 'ada'}", `{'password': '${R}', 'user': 'ada'}`],
    ['starting with --token=cli-0a9b8c', `starting with --token=${R}`],
    ['sent authorization: Basic dXNlcjpwYXNz', `sent authorization: Basic ${R}`],
    ['sent Authorization: Bearer abcdefgh12345678', 'sent Authorization: Bearer «redacted:bearer»'],
    ['apiKey: ak-777888999 loaded', `apiKey: ${R} loaded`],
    ['client_secret: cs-4242, code_verifier: cv-abcdef', `client_secret: ${R}, code_verifier: ${R}`],
  ])('%s', (input, output) => {
    expect(redact(input)).toBe(output);
  });

  it("inside a JSON string (a log notification's data), escaped quotes included, the JSON stays valid", () => {
    const raw = JSON.stringify({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'info', data: 'auth ok: access_token=at-5e6f7a8b&token_type=Bearer; password: "pw 1"' },
    });
    const out = redact(raw);
    expect(out).not.toContain('at-5e6f7a8b');
    expect(out).not.toContain('pw 1');
    expect(JSON.parse(out).params.data).toBe(`auth ok: access_token=${R}&token_type=Bearer; password: "${R}"`);
  });

  it("JSON fields stay the secret-field rule's", () => {
    expect(redact('{"password": "pw-1234"}')).toBe('{"password": "«redacted:secret-field»"}');
  });

  // Near misses: prose and protocol words that merely contain a secret word are kept as written.
  it.each([
    'tokens=5',
    'max_tokens=4096 tokenizer: gpt2 token_count: 12',
    'the password policy requires 12 characters',
    'password_policy: strict',
    'token_type=Bearer',
    'progressToken: 7',
    'the token is valid; secret handshake done',
    'token: null, password: undefined, api_key: missing',
    'sent Authorization: ••••••',
    'sent authorization: Bearer ••••••',
    'API_KEY=«redacted:env:API_KEY»',
    'if token == expected',
    'primary_key: id, sort_key=name',
    'https://example.com/path',
  ])('keeps %s', (input) => {
    expect(redact(input)).toBe(input);
  });
});
