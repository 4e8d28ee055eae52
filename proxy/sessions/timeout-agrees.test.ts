/**
 * When Loupe's client gives up on a request, the wire clock agrees that the timeout passed: the
 * page judges a failed session at the moment the proxy saw it end (lib/browser/model-clock.ts
 * `endedOnWire`), and a handshake that timed out must read as timing.no-response there. Date.now()
 * counts whole ms and the request's frame is stamped in µs a moment after the wait began, so the
 * client waits from the stamped frame, and a millisecond more.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SessionModel } from '../../lib/model/session-model';
import type { Session } from './session';
import { sessionFor } from './sources';
import { fixtureServer, waitFor } from './test-support';

const sessions: Session[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

describe("a request Loupe's client gave up on", () => {
  it('is overdue on the wire when the proxy says the session failed, every time', async () => {
    const timeoutMs = 40;
    for (let i = 0; i < 12; i++) {
      const conn = { ...fixtureServer('hangs.mjs'), args: [...fixtureServer('hangs.mjs').args, 'initialize'] };
      const s = sessionFor(`t${i}`, conn, { protocolVersion: '2025-11-25', clientCapabilities: {} }, { requestTimeoutMs: timeoutMs });
      sessions.push(s);
      await s.start();
      await waitFor(() => s.summary().status === 'failed', 5000, 'the handshake to time out');
      const model = new SessionModel({ source: 'live', timeoutMs });
      model.append([...s.frames()]);
      model.advance();
      const summary = s.summary();
      // Where the page's last tick puts the wire clock (lib/browser/model-clock.ts, endedOnWire).
      model.tick(Math.max(0, (summary.endedAt ?? summary.statusAt ?? 0) - summary.startedAt) * 1000);
      model.finish();
      expect(
        model.annotations.map((a) => a.rule),
        `run ${i}`,
      ).toContain('timing.no-response');
    }
  });
});
