/**
 * A tap the dashboard follows past its memory budget is judged from the tap's stored copy while
 * the tap runs, as a session the dashboard launched is: a real host (the SDK client) runs a real
 * `loupe tap` in front of a server that misbehaves far past the frames the following session keeps
 * in memory, and the dashboard's `history/findings` answer for the tap's stored session names that
 * finding before the host is done, though the following stopped at its frame limit long before
 * that frame. Once the tap closes its stored copy, the live judging lets go.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { FIXTURES, LOUPE_BIN, tempDir } from '../cli/shared/run-cli';
import { storedFindings } from '../server/testing/history-page';
import { defaultMaxFrames } from '../sessions/budget';
import { Registry } from '../sessions/registry';
import { waitFor } from '../sessions/test-support';
import { sessionsDir } from '../store/layout';
import { SessionStore } from '../store/store';
import { TapWatcher } from './tap-watcher';

const BUDGET = 64 * 1024;
/** Far past the frames the following session keeps (10,000 at least), and past its text long before. */
const BAD_AT = 3 * defaultMaxFrames(BUDGET);

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

/** A host whose server is reached through `loupe tap`; the server floods it with log lines, one of them bad. */
async function tappedHost(configDir: string): Promise<Client> {
  const env: Record<string, string> = { CHATTY_BURST: String(BAD_AT + 5000), CHATTY_BAD_AT: String(BAD_AT) };
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !(k in env)) env[k] = v;
  const client = new Client({ name: 'a-host', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [LOUPE_BIN, 'tap', '--config-dir', configDir, '--name', 'chatty', '--', process.execPath, path.join(FIXTURES, 'stdio-chatty.mjs')],
      env,
      stderr: 'ignore',
    }),
  );
  cleanup.push(() => client.close().catch(() => {}));
  return client;
}

it("judges a followed tap's stored copy past the budget while the tap runs, and lets go once it ends", async () => {
  const configDir = tempDir();
  cleanup.push(() => rmSync(configDir, { recursive: true, force: true }));
  // The dashboard: its store answers History, its registry follows taps within the budget.
  const store = new SessionStore(sessionsDir(configDir));
  store.judgeOnDemand();
  const registry = new Registry({ session: { budgetBytes: BUDGET, store } });
  cleanup.push(() => registry.closeAll());
  const watcher = new TapWatcher(configDir, registry, 200, store);
  cleanup.push(() => watcher.close());
  await watcher.start();

  const client = await tappedHost(configDir);
  const session = await waitFor(() => registry.list().find((s) => s.summary().source === 'tap'), 30_000, 'the dashboard to follow the tap');
  const id = await waitFor(() => session.storedId, 30_000, "the tap's stored copy to be found");

  const live = await waitFor(
    () => {
      const reply = storedFindings(store, id);
      return reply.findings.some((f) => f.rule === 'schema.params') && reply;
    },
    90_000,
    "the live judging of the tap's stored copy to find the bad log level",
  );
  // The tap still runs: the finding came from its stored copy as the tap wrote it. The following
  // itself ended at its frame limit, long before the bad line: the page never held that frame.
  expect((await watcher.list()).find((t) => t.sessionId === session.id)?.running).toBe(true);
  expect(session.pastBudget).toBe(true);
  expect(session.frames().some((f) => f.lane === 'lifecycle' && f.meta?.event === 'frame-limit')).toBe(true);
  expect(live.none).toBeUndefined();
  const seq = live.findings.find((f) => f.rule === 'schema.params')!.frames[0];
  expect(live.live!.throughSeq).toBeGreaterThanOrEqual(seq);
  expect(live.live!.counts.error).toBeGreaterThanOrEqual(1);
  expect(live.total).toBe(live.live!.counts.error + live.live!.counts.warning + live.live!.counts.info);
  // Past the frames the following session keeps in memory: no page's analyser ever saw its text.
  expect(seq).toBeGreaterThan(defaultMaxFrames(BUDGET));
  expect(session.frames().some((f) => f.raw.includes('"loud"'))).toBe(false);
  expect(store.open(id).frameAt(seq)?.raw).toContain('"loud"');
  expect(session.frames().length).toBeLessThan(seq);

  // The host is done: the tap records the server's exit and closes its stored copy, whose judging
  // then ends by itself.
  await client.close();
  await waitFor(() => store.open(id).meta.end, 60_000, 'the tap to close its stored copy');
  await waitFor(() => store.liveFindings(id) === undefined, 30_000, 'the live judging to let go');
  expect(storedFindings(store, id).live).toBeUndefined();
}, 150_000);
