/**
 * A tapped host's OAuth chain: `loupe tap --url` in front of a deployment whose authorization
 * server shares the MCP server's origin, a host (Loupe's own headless client) pointed at the tap,
 * and the trace the tap recorded read back through the session model. The OAuth pane's chain has
 * every step although the tap's frames carry no step names, bearers are masked, and a deployment
 * that breaks an auth.* rule gets that rule's finding from the tap's trace alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { modelOf } from '../../lib/model/session-model';
import { oauthChain, type ChainStepKind } from '../../lib/view/oauth-chain';
import { run } from '../cli/client';
import { authorizeLikeAPerson } from '../oauth/testing/browser';
import { freePort, startFixture } from '../transports/http/testing';
import { startHttpTapRecording, type HttpTapRecording } from './http-tap-recording';
import { tapRecording, tapWrittenText } from './testing/tap-recording';
import type { Trace } from '../../lib/trace/format';

interface OAuthServers {
  mcpUrl: string;
  localUrl: string;
  close(): Promise<void>;
}
// @ts-expect-error: a JavaScript fixture, shared with the end-to-end tests
const { startOAuthServers } = (await import('../../e2e/fixtures/servers/oauth-oidc.mjs')) as {
  startOAuthServers: (port: number, o: { publicOrigin: string }) => Promise<OAuthServers>;
};

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A tap listening on `port`, recording to a trace file in a config dir of its own. */
async function tapOn(port: number, upstream: string): Promise<HttpTapRecording> {
  const configDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-tap-oauth-'));
  cleanups.push(() => rmSync(configDir, { recursive: true, force: true }));
  const tap = await startHttpTapRecording({ url: upstream, listen: { host: '127.0.0.1', port }, configDir, startedBy: 'cli' });
  // Stopped once: by recorded(), or here when the test failed before it.
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= tap.stop());
  cleanups.push(stop);
  return { ...tap, stop };
}

/** The host: `loupe client` against the tap's URL; a person approves when asked. */
async function host(url: string): Promise<number> {
  let approved: Promise<unknown> | undefined;
  const quiet = [
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true),
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      const asked = /open this URL to authorize, then come back:\s+(\S+)/.exec(String(chunk))?.[1];
      if (asked && !approved) approved = authorizeLikeAPerson(asked, 'http://127.0.0.1:' + new URL(new URL(asked).searchParams.get('redirect_uri')!).port);
      return true;
    }),
  ];
  try {
    return await run(['--scenario', 'call-tools', '--timeout', '20000', url], {} as NodeJS.ProcessEnv);
  } finally {
    for (const q of quiet) q.mockRestore();
    await approved;
  }
}

/** The tap's recording as the dashboard reads it. */
async function recorded(tap: HttpTapRecording): Promise<Trace> {
  await tap.stop();
  return tapRecording(tap.file!.path);
}

/** The chain's step kinds, a step repeated at once (a person re-opening the authorization URL) counted once. */
const kinds = (text: Trace): ChainStepKind[] =>
  oauthChain(modelOf(text.frames))
    .map((s) => s.kind)
    .filter((k, i, all) => k !== all[i - 1]);

it("oidc-provider behind the tap: the host's whole chain is in the tap's trace, step by step, bearers masked", async () => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const servers = await startOAuthServers(0, { publicOrigin: origin });
  cleanups.push(() => servers.close());
  const tap = await tapOn(port, servers.localUrl);
  expect(tap.url).toBe(servers.mcpUrl);

  expect(await host(tap.url)).toBe(0);
  const text = await recorded(tap);
  expect(kinds(text)).toEqual(['challenge', 'resource-metadata', 'server-metadata', 'registration', 'authorize', 'token', 'retry']);
  const chain = oauthChain(modelOf(text.frames));
  expect(chain.find((s) => s.kind === 'token')).toMatchObject({ ok: true, findings: [] });
  expect(chain.flatMap((s) => s.findings)).toEqual([]);
  // The host sent its bearer on every MCP request after the retry; the tap recorded none in clear.
  const bearers = [...tapWrittenText(tap.file!.path).matchAll(/authorization: Bearer (\S+?)(?:\\r|\\n|")/gi)].map((m) => m[1]);
  expect(bearers.length).toBeGreaterThan(0);
  expect(bearers.every((b) => b === '••••••')).toBe(true);
}, 60_000);

it("a deployment without token_type, behind the tap: the tap's trace alone gives auth.token-type-missing on the token step", async () => {
  const port = await freePort();
  const server = await startFixture('http-oauth-broken', [`http://127.0.0.1:${port}`]);
  cleanups.push(() => server.stop());
  const tap = await tapOn(port, `${new URL(server.url).origin}/token-type-missing/mcp`);

  expect(await host(tap.url)).toBe(0);
  const text = await recorded(tap);
  const chain = oauthChain(modelOf(text.frames));
  expect(kinds(text)).toEqual(['challenge', 'resource-metadata', 'server-metadata', 'registration', 'authorize', 'token', 'retry']);
  expect(chain.flatMap((s) => s.findings.map((f) => `${s.kind} ${f.rule}`))).toEqual(['token auth.token-type-missing']);
}, 60_000);
