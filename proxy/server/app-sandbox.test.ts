import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sha256Source } from './csp';
import { sandboxPage } from './sandbox-pages';
import { ScriptedRegistry } from './testing/scripted-registry';
import { PageClient, startHarness, type Harness } from './testing/harness';

let h: Harness;
beforeEach(async () => {
  h = await startHarness(new ScriptedRegistry());
});
afterEach(async () => {
  await h.close();
});

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

function get(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

const sandbox = (path: string, headers?: Record<string, string>, method?: string) => get(h.server.sandboxPort, path, headers, method);
const hostParam = () => `host=${encodeURIComponent(h.origin)}`;

describe('the app sandbox origin', () => {
  it('listens on a second loopback port, which the page is told in its hello and may frame', async () => {
    expect(h.server.sandboxPort).toBeGreaterThan(0);
    expect(h.server.sandboxPort).not.toBe(h.server.port);
    const page = await PageClient.connect(h);
    expect((await page.next('hello')).appSandboxPort).toBe(h.server.sandboxPort);
    page.close();
    const index = await get(h.server.port, '/');
    expect(index.headers['content-security-policy']).toContain(`frame-src http://127.0.0.1:${h.server.sandboxPort}`);
    // Loaded as localhost, the page frames the sandbox by the same name (its origin differs by port).
    const named = await get(h.server.port, '/', { Host: `localhost:${h.server.port}` });
    expect(named.headers['content-security-policy']).toContain(`frame-src http://localhost:${h.server.sandboxPort}`);
  });

  it('serves the proxy frame under a strict policy: its own script by hash, embedded by the page only', async () => {
    const res = await sandbox(`/sandbox?${hostParam()}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain(`script-src ${sha256Source(sandboxPage().script)}`);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain(`frame-src http://127.0.0.1:${h.server.sandboxPort}`);
    expect(policy).toContain(`frame-ancestors ${h.origin}`);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain('ui/notifications/sandbox-proxy-ready');
  });

  it("serves the app frame with the policy built from the resource's csp, malformed entries left out and reported", async () => {
    const csp = {
      connectDomains: ['https://api.example.com', 'https://x.example; script-src *'],
      resourceDomains: ['https://cdn.example.com'],
      frameDomains: 'nope',
    };
    const res = await sandbox(`/frame?${hostParam()}&csp=${encodeURIComponent(JSON.stringify(csp))}`);
    expect(res.status).toBe(200);
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain('connect-src https://api.example.com;');
    expect(policy).toContain("script-src 'unsafe-inline' blob: data: https://cdn.example.com");
    expect(policy).toContain("frame-src 'none'");
    expect(policy).not.toContain('x.example');
    expect(policy).toContain(`frame-ancestors http://127.0.0.1:${h.server.sandboxPort} ${h.origin}`);
    // The loader reports what was applied and dropped to the proxy frame.
    expect(res.body).toContain('https://x.example; script-src *');
    expect(res.body).toContain('frameDomains is not an array of origins');
    // Nothing embedded in the loader ends its script early (the listener it writes first is a script itself).
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
  });

  it('holds no token and no proxy API: other paths, methods and WebSocket upgrades are refused', async () => {
    for (const path of ['/', '/ws', `/remote-trace?token=${h.token}`, '/rules', '/index.html', '/oauth/callback']) {
      const res = await sandbox(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toContain(h.token);
    }
    expect((await sandbox(`/sandbox?${hostParam()}`, {}, 'POST')).status).toBe(405);
    const page = await sandbox(`/sandbox?${hostParam()}`);
    expect(page.body).not.toContain(h.token);
    const upgrade = await new Promise<string>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${h.server.sandboxPort}/ws?token=${h.token}`, { headers: { Origin: h.origin } });
      ws.on('open', () => resolve('open'));
      ws.on('error', () => resolve('refused'));
    });
    expect(upgrade).toBe('refused');
  });

  it('refuses a foreign Host (DNS rebinding) and a host parameter that is not the page', async () => {
    const rebound = await sandbox(`/sandbox?${hostParam()}`, { Host: `evil.example:${h.server.sandboxPort}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toMatch(/refuses requests for host "evil.example/);
    // The page's port, not the sandbox's: a Host naming another port is someone else's.
    expect((await sandbox(`/sandbox?${hostParam()}`, { Host: `127.0.0.1:${h.server.port}` })).status).toBe(403);
    for (const host of ['http://evil.example', `http://127.0.0.1:${h.server.port + 1}`, `https://127.0.0.1:${h.server.port}`, `${h.origin}/x`, '']) {
      const res = await sandbox(`/sandbox?host=${encodeURIComponent(host)}`);
      expect(res.status, host).toBe(403);
      expect(res.body).toMatch(/embedded by Loupe's page only/);
    }
    expect((await sandbox(`/frame?${hostParam()}&csp=%7Bnot-json`)).status).toBe(400);
  });
});
