/**
 * RFC 9207: an authorization response from another issuer, or without `iss` when the
 * authorization server's metadata promises one (authorization_response_iss_parameter_supported),
 * is refused with the reason, and its code is never exchanged. The fixture
 * (e2e/fixtures/servers/http-oauth-broken.mjs, paths /iss-wrong and /iss-dropped) is correct in
 * everything else; /iss-missing, whose metadata promises nothing, is the near miss the client accepts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { readTraceText } from '../../lib/trace/reader';
import { startFixture, type RunningServer } from '../transports/http/testing';
import { run } from '../cli/client';

let server: RunningServer;
const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-oauth-iss-'));
beforeAll(async () => {
  server = await startFixture('http-oauth-broken');
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** `loupe client` against one fixture path: its exit status, what it printed, and the token requests it made. */
async function client(name: string): Promise<{ code: number; printed: string; tokenRequests: number }> {
  const out = path.join(dir, `${name}.ndjson`);
  const printed: string[] = [];
  const quiet = [
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true),
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (printed.push(String(chunk)), true)),
  ];
  let code: number;
  try {
    code = await run(['--out', out, '--timeout', '5000', `${new URL(server.url).origin}/${name}/mcp`], {} as NodeJS.ProcessEnv);
  } finally {
    for (const q of quiet) q.mockRestore();
  }
  const frames = readTraceText(readFileSync(out, 'utf8')).frames;
  const tokenRequests = frames.filter(
    (f) => f.lane === 'http' && (f.meta as { phase?: string; oauth?: string }).phase === 'request' && (f.meta as { oauth?: string }).oauth === 'token',
  ).length;
  return { code, printed: printed.join(''), tokenRequests };
}

it('refuses an authorization response from another issuer, and says which', async () => {
  const r = await client('iss-wrong');
  expect(r.code).toBe(1);
  const origin = new URL(server.url).origin;
  expect(r.printed).toContain(`the authorization response comes from issuer ${origin}/another-issuer, not ${origin}/iss-wrong (RFC 9207): refusing it`);
  expect(r.tokenRequests).toBe(0);
}, 30_000);

it('refuses an authorization response without iss when the metadata promises one', async () => {
  const r = await client('iss-dropped');
  expect(r.code).toBe(1);
  expect(r.printed).toContain('the authorization server promises an iss parameter but the response has none (RFC 9207): refusing it');
  expect(r.tokenRequests).toBe(0);
}, 30_000);

it('near miss: without iss and without the promise, the client goes on and exchanges the code', async () => {
  const r = await client('iss-missing');
  expect(r.code).toBe(0);
  expect(r.printed).not.toContain('refusing it');
  expect(r.tokenRequests).toBe(1);
}, 30_000);
