/**
 * A tap file holds no credential of the HTTP parts it recorded: a real tap in front of a real
 * server on loopback, the host's requests sent through it, and the file read back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startHttpTapRecording } from './http-tap-recording';
import { tapRecording, tapWrittenText } from './testing/tap-recording';

const SECRETS = {
  query: 'tapquery-K4j5H6g7',
  code: 'tapcode-Z8x7C6v5',
  verifier: 'tapverifier-B4n3M2q1W0e9R8t7Y6u5',
  clientSecret: 'tapclient-P0o9I8u7',
  accessToken: 'tapaccess-A1s2D3f4G5',
  refreshToken: 'taprefresh-H6j7K8l9',
  idToken: 'tapid-Q1w2E3r4T5y6',
  registered: 'tapregistered-U7i8O9p0',
  bearer: 'tapbearer-Z1x2C3v4B5',
};

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** An authorization server and MCP endpoint in one: answers tokens, registrations and messages. */
async function upstream(): Promise<string> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/token')
        return json({
          access_token: SECRETS.accessToken,
          token_type: 'Bearer',
          refresh_token: SECRETS.refreshToken,
          id_token: SECRETS.idToken,
          expires_in: 3600,
        });
      if (req.url === '/register') return json({ client_id: 'c1', client_secret: SECRETS.registered, token_endpoint_auth_method: 'client_secret_post' });
      if (req.url === '/form-token')
        return res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' }).end(`access_token=${SECRETS.accessToken}&token_type=bearer`);
      json({ jsonrpc: '2.0', id: 1, result: {} });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

it("masks the request line's secret query values, OAuth form and JSON bodies and their answers on write; the rest stays readable", async () => {
  const origin = await upstream();
  const configDir = mkdtempSync(path.join(os.tmpdir(), 'loupe-tap-masking-'));
  cleanups.push(() => rmSync(configDir, { recursive: true, force: true }));
  const tap = await startHttpTapRecording({ url: `${origin}/mcp?api_key=${SECRETS.query}`, configDir, startedBy: 'cli' });
  const base = new URL(tap.url).origin;
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  await (
    await fetch(`${base}/token`, {
      method: 'POST',
      headers: form,
      body: `grant_type=authorization_code&code=${SECRETS.code}&code_verifier=${SECRETS.verifier}&client_secret=${SECRETS.clientSecret}&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb`,
    })
  ).text();
  await (
    await fetch(`${base}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'host', redirect_uris: ['http://127.0.0.1/cb'] }),
    })
  ).text();
  await (await fetch(`${base}/form-token`, { method: 'POST', headers: form, body: `grant_type=refresh_token&refresh_token=${SECRETS.refreshToken}` })).text();
  await (
    await fetch(tap.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${SECRETS.bearer}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    })
  ).text();
  await tap.stop();

  const text = tapWrittenText(tap.file!.path);
  for (const [what, secret] of Object.entries(SECRETS)) expect(text, what).not.toContain(secret);
  const frames = tapRecording(tap.file!.path).frames;
  const raw = frames.map((f) => f.raw).join('\n');
  expect(raw).toContain('code=«redacted:oauth-form-secret»&code_verifier=«redacted:oauth-form-secret»');
  expect(raw).toContain('"access_token":"«redacted:secret-field»","token_type":"Bearer"');
  expect(raw).toContain('access_token=«redacted:secret-assignment»&token_type=bearer');
  expect(raw).toMatch(/POST \/mcp\?api_key=«redacted:url:api_key» HTTP\/1\.1/);
  // What debugging needs stays: the grant, the redirect, the client's registration, the listener's own masks.
  expect(raw).toContain('grant_type=authorization_code');
  expect(raw).toContain('"token_endpoint_auth_method":"client_secret_post"');
  expect(raw).toMatch(/authorization: Bearer ••••••/i);
  expect(raw).toContain('{"jsonrpc":"2.0","id":1,"method":"ping"}');
});
