/**
 * A live session past its memory budget is judged from its copy on disk while it runs: a finding
 * on a frame far past what the proxy's memory keeps (whose text no page holds, so the page's
 * analyser never sees it) reaches the page through `history/findings` before the session closes,
 * and once it closes the close-time judging takes over with the same finding.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { StdioConnection } from '../../lib/wire/connection';
import { defaultMaxFrames } from '../sessions/budget';
import type { Session } from '../sessions/session';
import { sessionFor } from '../sessions/sources';
import { fixtureServer, waitFor } from '../sessions/test-support';
import { readFindings } from '../store/findings-file';
import { SessionStore } from '../store/store';
import { storedFindings } from './testing/history-page';

const BUDGET = 64 * 1024;
/** Far past the frames the budget keeps (10,000 at least), and past its text long before. */
const BAD_AT = 3 * defaultMaxFrames(BUDGET);

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

function chatty(): StdioConnection {
  const conn = fixtureServer('stdio-chatty.mjs');
  // The burst ends past the bad line; the server then goes on, a line every 100 ms, until closed.
  return { ...conn, env: { CHATTY_BURST: String(BAD_AT + 5000), CHATTY_BAD_AT: String(BAD_AT) } };
}

it('judges the stored copy of a live session past its budget while it runs, and gives way to the close-time judging', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'loupe-live-findings-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const store = new SessionStore(dir);
  store.judgeOnDemand();
  const session: Session = sessionFor('c', chatty(), { protocolVersion: '2025-11-25', clientCapabilities: {} }, { store, budgetBytes: BUDGET });
  cleanup.push(() => session.close());
  await session.start();
  const id = session.storedId!;
  expect(id).toBeDefined();

  const live = await waitFor(
    () => {
      const reply = storedFindings(store, id);
      return reply.findings.some((f) => f.rule === 'schema.params') && reply;
    },
    60_000,
    'the live judging to find the bad log level',
  );
  // Still running: the findings came from the copy on disk as it was written.
  expect(session.summary().status).toBe('ready');
  expect(live.none).toBeUndefined();
  const bad = live.findings.find((f) => f.rule === 'schema.params')!;
  const seq = bad.frames[0];
  expect(live.live!.throughSeq).toBeGreaterThanOrEqual(seq);
  expect(live.live!.counts.error).toBeGreaterThanOrEqual(1);
  expect(live.total).toBe(live.live!.counts.error + live.live!.counts.warning + live.live!.counts.info);
  // The frame is on disk whole, and past the head memory keeps: no frame held there has its text.
  expect(store.open(id).frameAt(seq)?.raw).toContain('"loud"');
  expect(seq).toBeGreaterThan(defaultMaxFrames(BUDGET));
  expect(session.frames().some((f) => f.raw.includes('"loud"'))).toBe(false);

  await session.close();
  await store.settled();
  // Closed: the live judging let go, and the findings kept at close hold the same finding.
  expect(store.liveFindings(id)).toBeUndefined();
  const kept = readFindings(path.join(dir, id))!;
  expect(kept.findings.find((f) => f.rule === 'schema.params')?.frames[0]).toBe(seq);
  expect(storedFindings(store, id).live).toBeUndefined();
}, 90_000);
