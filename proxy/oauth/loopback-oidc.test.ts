/**
 * Headless authorization with a person in the loop: `loupe client` against oidc-provider, whose
 * authorization endpoint does not redirect at once (it shows a consent page). The CLI prints the
 * URL and waits on a 127.0.0.1 loopback redirect; a person (fetch, testing/browser.ts) approves,
 * and the client goes on with the token and finishes its work.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { run } from '../cli/client';
import { authorizeLikeAPerson } from './testing/browser';

interface OAuthServers {
  mcpUrl: string;
  close(): Promise<void>;
}
// @ts-expect-error: a JavaScript fixture, shared with the end-to-end tests
const { startOAuthServers } = (await import('../../e2e/fixtures/servers/oauth-oidc.mjs')) as { startOAuthServers: () => Promise<OAuthServers> };

let servers: OAuthServers;
const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-oauth-loopback-'));
beforeAll(async () => {
  servers = await startOAuthServers();
});
afterAll(async () => {
  await servers?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('prints the authorization URL, waits on the loopback redirect, and finishes once a person approves', async () => {
  const printed: string[] = [];
  let approved: Promise<{ status: number; text: string }> | undefined;
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    printed.push(String(chunk));
    const url = /open this URL to authorize, then come back:\s+(\S+)/.exec(String(chunk))?.[1];
    if (url && !approved) approved = authorizeLikeAPerson(url, 'http://127.0.0.1:' + new URL(new URL(url).searchParams.get('redirect_uri')!).port);
    return true;
  });
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const trace = path.join(dir, 'trace.ndjson');
  try {
    expect(await run(['--scenario', 'call-tools', '--out', trace, servers.mcpUrl], {} as NodeJS.ProcessEnv)).toBe(0);
  } finally {
    err.mockRestore();
    out.mockRestore();
  }
  expect(approved).toBeDefined();
  const back = await approved!;
  expect(back.status).toBe(200);
  expect(back.text).toContain('Loupe received the authorization');
  const text = readFileSync(trace, 'utf8');
  expect(text).toContain('whoami');
  expect(text).toContain('«redacted:');
}, 60_000);
