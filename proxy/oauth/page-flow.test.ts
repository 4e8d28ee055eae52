/**
 * The page's OAuth flow against a real deployment: oidc-provider as the authorization server in
 * front of an MCP server built with the official SDK's bearer-auth middleware
 * (e2e/fixtures/servers/oauth-oidc.mjs). A real Loupe server and page socket; the person in the
 * browser is played by fetch (testing/browser.ts).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthChain } from '../../lib/view/oauth-chain';
import { modelOf } from '../../lib/model/session-model';
import { ConnectionStore } from '../config/store';
import { PageClient, type Harness } from '../server/testing/harness';
import { startLoupeServer, type LoupeServer } from '../server/loupe-server';
import { createToken } from '../shared/token';
import { Registry } from '../sessions/registry';
import { exportSession } from '../trace/session-export';
import { PageOAuthFlows, CALLBACK_PATH } from './page-flows';
import { oauthFile } from './store';
import { authorizeLikeAPerson } from './testing/browser';

interface OAuthServers {
  mcpUrl: string;
  issuer: string;
  expireTokens(): void;
  close(): Promise<void>;
}
// @ts-expect-error: a JavaScript fixture, shared with the end-to-end tests
const { startOAuthServers } = (await import('../../e2e/fixtures/servers/oauth-oidc.mjs')) as { startOAuthServers: () => Promise<OAuthServers> };

let servers: OAuthServers;
let dir: string;
let registry: Registry;
let loupe: LoupeServer;
let page: PageClient;
let origin: string;

beforeAll(async () => {
  servers = await startOAuthServers();
  dir = await mkdtemp(path.join(os.tmpdir(), 'loupe-oauth-page-'));
  await mkdir(path.join(dir, 'out'));
  await writeFile(path.join(dir, 'out', 'index.html'), '<!doctype html><title>Loupe</title>');
  const flows = new PageOAuthFlows();
  registry = new Registry({ session: { oauth: { flows, configDir: path.join(dir, 'config') } } });
  const token = createToken();
  loupe = await startLoupeServer({
    port: 0,
    outDir: path.join(dir, 'out'),
    token,
    registry,
    store: await ConnectionStore.open(path.join(dir, 'config')),
    oauth: flows,
  });
  origin = `http://127.0.0.1:${loupe.port}`;
  page = await PageClient.connect({ server: loupe, token, origin } as Harness);
});

afterAll(async () => {
  page?.close();
  await loupe?.close();
  await registry?.closeAll();
  await servers?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function formOf(raw: string): URLSearchParams {
  return new URLSearchParams(raw.slice(raw.indexOf('\r\n\r\n') + 4));
}

describe('OAuth authorized by a person in the page', () => {
  it('discovers, registers, authorizes with PKCE and resource, exchanges the code, retries, refreshes; the page never sees a credential', async () => {
    page.send({
      type: 'connections/save',
      rid: 'save',
      connection: { id: 'oauth', name: 'oauth-protected', transport: 'http', url: servers.mcpUrl, headers: {}, mode: 'auto' },
    });
    await page.next('ack', (m) => m.rid === 'save');
    page.send({ type: 'session/open', rid: 'open', connectionId: 'oauth', options: { protocolVersion: '2025-11-25', clientCapabilities: {} } });
    const sessionId = (await page.next('ack', (m) => m.rid === 'open')).sessionId as string;
    page.send({ type: 'session/attach', rid: 'attach', sessionId });

    // The 401 starts the chain; the page is given the authorization URL to open.
    const waiting = await page.next('sessions/update', (m) => m.sessions.some((s) => s.id === sessionId && s.oauth?.authorizeUrl !== undefined), 20_000);
    const authorizeUrl = new URL(waiting.sessions.find((s) => s.id === sessionId)!.oauth!.authorizeUrl!);
    expect(authorizeUrl.origin).toBe(servers.issuer);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('resource')).toBe(servers.mcpUrl);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${origin}${CALLBACK_PATH}`);
    expect(authorizeUrl.searchParams.get('state')).toMatch(new RegExp(`^${sessionId}\\.[A-Za-z0-9_-]{43}$`));

    const back = await authorizeLikeAPerson(authorizeUrl.href, `${origin}${CALLBACK_PATH}`);
    expect(back.status).toBe(200);
    expect(back.text).toContain('Loupe received the authorization');
    await page.next('sessions/update', (m) => m.sessions.some((s) => s.id === sessionId && s.status === 'ready' && s.oauth?.status === 'authorized'), 20_000);

    // The same callback again (a replay), and a forged state: refused, and no session hears of it.
    const replay = await fetch(back.url);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain('already used');
    expect((await fetch(`${origin}${CALLBACK_PATH}?code=x&state=${sessionId}.forged`)).status).toBe(400);

    const session = registry.get(sessionId)!;
    const frames = () => [...session.frames()];
    const chain = oauthChain(modelOf(frames()));
    expect(chain.map((s) => s.kind)).toEqual(
      expect.arrayContaining(['challenge', 'resource-metadata', 'server-metadata', 'registration', 'authorize', 'token', 'retry']),
    );
    const token = chain.find((s) => s.kind === 'token')!;
    const sent = formOf(frames().find((f) => f.seq === token.exchange.id)!.raw);
    expect(sent.get('grant_type')).toBe('authorization_code');
    expect(sent.get('resource')).toBe(servers.mcpUrl);
    expect(createHash('sha256').update(sent.get('code_verifier')!).digest('base64url')).toBe(authorizeUrl.searchParams.get('code_challenge'));
    expect(chain.find((s) => s.kind === 'retry')?.ok).toBe(true);

    // Revoked access token: the next request refreshes and is sent again.
    servers.expireTokens();
    const listed = (await session.request('tools/list', {}, { timeoutMs: 15_000 })) as { tools: Array<{ name: string }> };
    expect(listed.tools.map((t) => t.name)).toContain('whoami');
    const refresh = oauthChain(modelOf(frames())).find((s) => s.kind === 'refresh');
    expect(refresh?.ok).toBe(true);
    expect(formOf(frames().find((f) => f.seq === refresh!.exchange.id)!.raw).get('resource')).toBe(servers.mcpUrl);

    // Tokens live in the config dir, 0600; neither they nor the code or verifier reach the page.
    const file = oauthFile(path.join(dir, 'config'));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(await readFile(file, 'utf8'))[servers.mcpUrl] as { tokens: { access_token: string; refresh_token: string } };
    const credentials = [saved.tokens.access_token, saved.tokens.refresh_token, sent.get('code')!, sent.get('code_verifier')!];
    const lastSeq = frames().at(-1)!.seq;
    const sentUpTo = () =>
      Math.max(0, ...page.received.flatMap((m) => (m.type === 'frames/append' || m.type === 'frames/snapshot' ? m.frames.map((f) => f.seq) : [])));
    await expect.poll(sentUpTo, { timeout: 10_000 }).toBeGreaterThanOrEqual(lastSeq);
    const toPage = JSON.stringify(page.received);
    expect(toPage).toContain('«redacted:oauth:credential»');
    for (const c of credentials) {
      expect(frames().some((f) => f.raw.includes(c) || JSON.stringify(f.meta).includes(c))).toBe(true);
      expect(toPage).not.toContain(c);
    }
    // …nor a shared export.
    const exported = JSON.stringify(exportSession(session, { loupeVersion: 'test', redact: {} }).frames);
    for (const c of credentials) expect(exported).not.toContain(c);
  }, 60_000);

  it('a person who denies: the callback page says the authorization server refused, and the session says why it failed', async () => {
    // A config dir of its own, so no token saved by the test above is reused.
    const flows = new PageOAuthFlows();
    const own = new Registry({ session: { oauth: { flows, configDir: path.join(dir, 'config-deny') } } });
    const second = await startLoupeServer({
      port: 0,
      outDir: path.join(dir, 'out'),
      token: createToken(),
      registry: own,
      store: await ConnectionStore.open(path.join(dir, 'config-deny')),
      oauth: flows,
    });
    try {
      const session = own.open(
        { id: 'deny', name: 'deny', transport: 'http', url: servers.mcpUrl, headers: {}, mode: 'streamable' },
        { protocolVersion: '2025-11-25', clientCapabilities: {} },
      );
      await expect.poll(() => session.summary().oauth?.authorizeUrl, { timeout: 20_000 }).toBeDefined();
      const back = await authorizeLikeAPerson(session.summary().oauth!.authorizeUrl!, `http://127.0.0.1:${second.port}${CALLBACK_PATH}`, 'deny');
      expect(back.status).toBe(200);
      expect(back.text).toContain('The authorization server refused');
      expect(back.text).toContain('access_denied');
      await expect.poll(() => session.summary().status, { timeout: 20_000 }).toBe('failed');
      expect(session.summary().oauth).toMatchObject({ status: 'failed', error: expect.stringContaining('access_denied') });
    } finally {
      await second.close();
      await own.closeAll();
    }
  }, 60_000);
});
