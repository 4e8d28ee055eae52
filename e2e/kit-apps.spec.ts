/**
 * The test kit drives an MCP App: `loupe.openApp` calls the example server's UI tool from the page
 * (server-basic-vanillajs of the ext-apps SDK, over stdio), the app renders in the sandbox, a click
 * in the app's own document makes it call the server through the host, and the handle reads that
 * call from the app's channel in the session's trace. The kit is used from its source, extended
 * onto this runner's Playwright as its entry (test/index.mjs) extends a user's.
 */
import { test as base, expect as baseExpect } from '@playwright/test';
import path from 'node:path';
import type * as Kit from 'mcp-loupe/test';
import { extendExpect, extendTest } from '../proxy/testkit/fixture';
import { repoRoot } from './support/loupe';

// Typed as its users see `mcp-loupe/test` (test/index.d.ts), so the declared types are the ones driven here.
const test = extendTest(base) as unknown as typeof Kit.test;
const expect = extendExpect(baseExpect) as unknown as typeof Kit.expect;
const SERVER = path.join(repoRoot, 'node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js');

test.use({ mcpServer: { command: process.execPath, args: [SERVER, '--stdio'] } });

const named = (f: { raw: string; channel?: string }, method: string, tool: string): boolean => {
  try {
    const m = JSON.parse(f.raw) as { method?: string; params?: { name?: string } };
    return m.method === method && m.params?.name === tool;
  } catch {
    return false;
  }
};

test("openApp renders a tool's app, a click in it calls the server, and its bridge and findings are the session's", async ({ loupe }) => {
  await loupe.connect();
  const app = await loupe.openApp('get-time', {});
  expect(app.channel).toBe('app:1');

  // The tool's result reached the app's document: it shows the server's time.
  await expect(app.frame.locator('#server-time')).toHaveText(/^\d{4}-\d\d-\d\dT/);
  const handshake = await app.waitForMessage('ui/initialize', { direction: 'app-to-host' });
  const answer = (await app.messages()).find((m) => m.direction === 'host-to-app' && m.id === handshake.id && m.method === undefined);
  expect(answer?.result).toHaveProperty('hostContext');
  expect((await app.messages()).some((m) => m.method === 'tools/call')).toBe(false);

  await app.frame.getByRole('button', { name: 'Get Server Time' }).click();
  const call = await app.waitForMessage('tools/call');
  expect(call).toMatchObject({ direction: 'app-to-host', params: { name: 'get-time' } });
  // The host answers the app's call with the server's result.
  await expect
    .poll(async () => (await app.messages()).find((m) => m.direction === 'host-to-app' && m.id === call.id && m.method === undefined)?.result)
    .toHaveProperty('content');

  // The session forwarded it: a tools/call on its own channel after the app's, besides the one the page made.
  const frames = await loupe.trace();
  const forwarded = frames.filter((f) => f.channel === undefined && f.dir === 'c2s' && named(f, 'tools/call', 'get-time'));
  expect(forwarded.length).toBe(2);
  expect(forwarded[1].seq).toBeGreaterThan(call.seq);

  // The Apps rules judge the bridge with the session's: a real app raises no error of theirs.
  const findings = await loupe.findings({ severity: 'error' });
  expect(findings.filter((f) => /^(app|host)\./.test(f.rule))).toEqual([]);
  await expect(loupe).toHaveNoFindings({ severity: 'error' });

  await app.close();
  await expect(app.card).toHaveCount(0);
});
