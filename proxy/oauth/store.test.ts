import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedFetch } from '../transports/http';
import { OAuthClient } from './client';
import { fileCredentialStore, oauthFile } from './store';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A token endpoint that grants a refresh once and remembers what it was sent. */
async function tokenEndpoint() {
  const seen: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      const ok = form.get('grant_type') === 'refresh_token' && form.get('refresh_token') === 'refresh-1';
      res.writeHead(ok ? 200 : 400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(ok ? { access_token: 'access-2', token_type: 'Bearer', refresh_token: 'refresh-2' } : { error: 'invalid_grant' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`, seen, close: () => server.close() };
}

const realFetch: RecordedFetch = async (req) => {
  const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
  return { status: res.status, headers: Object.fromEntries(res.headers), text: await res.text() };
};

describe('saved OAuth credentials', () => {
  it('are loaded on start, refreshed on a 401 without a new discovery, and saved again 0600', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-oauth-'));
    dirs.push(dir);
    const as = await tokenEndpoint();
    try {
      const serverUrl = 'http://127.0.0.1:9/mcp';
      fileCredentialStore(dir, serverUrl).save({
        tokens: { access_token: 'access-1', token_type: 'Bearer', refresh_token: 'refresh-1' },
        identity: { clientId: 'client-1', method: 'none', source: 'registered' },
        tokenEndpoint: as.url,
        issuer: 'http://127.0.0.1',
      });
      const client = new OAuthClient({ serverUrl, clientName: 'test', store: fileCredentialStore(dir, serverUrl) });
      expect(client.headers()).toEqual({ Authorization: 'Bearer access-1' });

      expect(await client.refused({ status: 401, url: serverUrl, fetch: realFetch })).toBe(true);
      expect(client.headers()).toEqual({ Authorization: 'Bearer access-2' });
      expect(as.seen[0].get('client_id')).toBe('client-1');
      expect(as.seen[0].get('resource')).toBe(serverUrl);

      expect(statSync(oauthFile(dir)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(oauthFile(dir), 'utf8'))[serverUrl].tokens.refresh_token).toBe('refresh-2');
      client.close();
    } finally {
      as.close();
    }
  });
});
