import { request } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionStore } from '../config/store';
import { besideOwnPolicy, sha256Source } from './csp';
import { startLoupeServer, type LoupeServer } from './loupe-server';
import { ScriptedRegistry } from './testing/scripted-registry';
import { createToken } from '../shared/token';

const INLINE = '(self.__next_f=self.__next_f||[]).push([1,"x"])';
let dir: string;
let outDir: string;
let server: LoupeServer;
let token: string;
let registry: ScriptedRegistry;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loupe-headers-'));
  outDir = path.join(dir, 'out');
  await mkdir(path.join(outDir, '_next', 'static'), { recursive: true });
  await writeFile(path.join(outDir, 'index.html'), `<!doctype html><title>Loupe</title><script src="/_next/static/app.js"></script><script>${INLINE}</script>`);
  await writeFile(path.join(outDir, '_next', 'static', 'app.js'), 'console.log(1)');
  await writeFile(path.join(outDir, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  token = createToken();
  registry = new ScriptedRegistry();
  server = await startLoupeServer({ port: 0, outDir, token, registry, store: await ConnectionStore.open(path.join(dir, 'config')) });
});

afterAll(async () => {
  await server.close();
  await registry.closeAll();
  await rm(dir, { recursive: true, force: true });
});

function get(
  urlPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: urlPath, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('headers of the served page', () => {
  it('sends a policy naming the inline scripts of the very bytes it sends', async () => {
    const page = await get('/');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain(`script-src 'self' ${sha256Source(INLINE)};`);
    expect(policy).toContain(`connect-src 'self' ws://127.0.0.1:${server.port};`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(page.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'x-frame-options': 'DENY',
    });
  });

  it('follows a rebuilt page: the hash changes with the file', async () => {
    await writeFile(path.join(outDir, 'index.html'), '<!doctype html><script>rebuilt()</script>');
    const policy = String((await get('/')).headers['content-security-policy']);
    expect(policy).toContain(`script-src 'self' ${sha256Source('rebuilt()')};`);
    expect(policy).not.toContain(sha256Source(INLINE));
  });

  it('takes the WebSocket origin from the Host it was asked for', async () => {
    const policy = String((await get('/', { Host: `localhost:${server.port}` })).headers['content-security-policy']);
    expect(policy).toContain(`connect-src 'self' ws://localhost:${server.port};`);
  });

  it('leaves scripts to the policy a file brings (the one-file viewer) and adds its own origin', async () => {
    await writeFile(
      path.join(outDir, 'viewer-file.html'),
      `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta http-equiv="Content-Security-Policy" content="script-src 'sha256-x'"></head><body><script>${INLINE}</script></body></html>`,
    );
    const res = await get('/viewer-file.html');
    expect(res.headers['content-security-policy']).toBe(besideOwnPolicy(`127.0.0.1:${server.port}`));
  });

  it('lets anything else (an SVG opened on its own) run and load nothing', async () => {
    const svg = await get('/icon.svg');
    expect(svg.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
  });
});
