/**
 * The app.* rules on live MCP Apps: the misbehaving fixture (e2e/fixtures/servers/apps-misbehaving.mjs)
 * serves hand-written Views that speak raw JSON-RPC over the real postMessage bridge, each breaking
 * one rule. They are rendered for real through the test kit (`loupe.openApp`), in one session, so a
 * rule that fires on the wrong app's channel, or on the near-miss View, is seen. Loupe as the host
 * refuses a View's call of a model-only tool and forwards its call of an app-only one.
 */
import { test as base, expect as baseExpect } from '@playwright/test';
import path from 'node:path';
import type * as Kit from 'mcp-loupe/test';
import { extendExpect, extendTest } from '../proxy/testkit/fixture';
import { repoRoot } from './support/loupe';

const test = extendTest(base) as unknown as typeof Kit.test;
const expect = extendExpect(baseExpect) as unknown as typeof Kit.expect;

test.use({ mcpServer: { command: process.execPath, args: [path.join(repoRoot, 'e2e/fixtures/servers/apps-misbehaving.mjs')] } });

/** Each View and the app.* / host.* rules its channel must carry, and no other. */
const EXPECTED: Array<[tool: string, rules: string[]]> = [
  ['link-first', ['app.initialize-first']],
  // It says initialized before it asks at all: early (and said once, not also as not-first).
  ['eager', ['app.initialized-early']],
  ['sidebar', ['app.display-mode-unavailable']],
  ['size-loop', ['app.size-loop']],
  ['polite', []],
];

const BRIDGE_RULE = /^(app|host)\./;

/** The tools/call requests the session sent the server, by tool name. */
const serverCalls = <F extends { channel?: string; dir: string; lane: string; raw: string }>(frames: F[], tool: string) =>
  frames.filter((f) => {
    if (f.channel !== undefined || f.dir !== 'c2s' || f.lane !== 'message') return false;
    const m = JSON.parse(f.raw) as { method?: string; params?: { name?: string } };
    return m.method === 'tools/call' && m.params?.name === tool;
  });

test('each misbehaving View trips its own app.* rule live, on its own channel, and the polite View none', async ({ loupe }) => {
  await loupe.connect();
  const channels = new Map<string, string>();
  for (const [tool] of EXPECTED) {
    const app = await loupe.openApp(tool);
    // The View did all it does (its last message is sent before it says so).
    await expect(app.frame.locator('#status')).toHaveText(/^done/);
    channels.set(app.channel, tool);
    // Closed as a person closes it: the rules that judge a removal (teardown, unanswered requests) have their say too.
    await app.close();
  }

  const frames = await loupe.trace();
  const channelOf = new Map(frames.map((f) => [f.seq, f.channel]));
  const fired = new Map<string, Set<string>>();
  for (const f of await loupe.findings()) {
    if (!BRIDGE_RULE.test(f.rule)) continue;
    const where = channelOf.get(f.frame);
    const tool = where === undefined ? 'the session' : (channels.get(where) ?? where);
    if (!fired.has(tool)) fired.set(tool, new Set());
    fired.get(tool)!.add(f.rule);
  }
  const seen = Object.fromEntries([...fired].map(([tool, rules]) => [tool, [...rules].sort()]));
  const expected = Object.fromEntries(EXPECTED.filter(([, rules]) => rules.length > 0).map(([tool, rules]) => [tool, [...rules].sort()]));
  expect(seen).toEqual(expected);

  // The display mode the View asked for is one the host never offered, and the host said no.
  const sidebar = [...channels].find(([, tool]) => tool === 'sidebar')![0];
  const asked = frames.find((f) => f.channel === sidebar && f.raw.includes('"ui/request-display-mode"'))!;
  const findings = await loupe.findings();
  expect(findings.find((f) => f.rule === 'app.display-mode-unavailable')).toMatchObject({ frame: asked.seq, message: expect.stringContaining('"sidebar"') });
});

test("the host refuses a View's call of a model-only tool, on the app's channel, and forwards its call of an app-only tool", async ({ loupe }) => {
  await loupe.connect();
  const app = await loupe.openApp('calls-tools');
  await expect(app.frame.locator('#status')).toHaveText(/^done; secret refused: .*; refresh answered: refresh ran$/);

  const messages = await app.messages();
  const call = (tool: string) =>
    messages.find((m) => m.direction === 'app-to-host' && m.method === 'tools/call' && (m.params as { name?: string }).name === tool)!;
  const answer = (id: unknown) => messages.find((m) => m.direction === 'host-to-app' && m.method === undefined && m.id === id);
  const secret = call('secret');
  // Refused with a JSON-RPC error the View can read: to the app the tool is not there.
  expect(answer(secret.id)).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/secret is visible to the model only/) } });
  const refresh = call('refresh');
  expect(answer(refresh.id)?.result).toMatchObject({ content: [{ type: 'text', text: 'refresh ran' }] });

  // The refused call never reached the server; the app-only one did, once, after the app asked.
  const frames = await loupe.trace();
  expect(serverCalls(frames, 'secret')).toEqual([]);
  const forwarded = serverCalls(frames, 'refresh');
  expect(forwarded).toHaveLength(1);
  expect(forwarded[0].seq).toBeGreaterThan(refresh.seq);

  await app.close();
  // A refusal is what the host owes: host.model-only-tool (the host answering such a call) stays quiet, as does every bridge rule.
  expect((await loupe.findings()).filter((f) => BRIDGE_RULE.test(f.rule))).toEqual([]);
});

test("a View's tool with an empty name is left out of App tools, and the card says so", async ({ loupe }) => {
  await loupe.connect();
  const app = await loupe.openApp('nameless-tool');
  await expect(app.frame.locator('#status')).toHaveText('done');
  const tools = loupe.page.getByRole('article', { name: 'App nameless-tool' }).getByRole('region', { name: 'App tools' });
  await expect(tools).toContainText('1 listed by the app');
  await expect(tools.getByRole('option')).toHaveText(['shout']);
  await expect(tools.getByRole('note')).toHaveText(/^1 more entry was left out: no name to call it by/);
  await app.close();
});
