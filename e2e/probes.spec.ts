/**
 * Run HTTP probes on a live session, over Streamable HTTP and over the legacy HTTP+SSE transport:
 * the probes use connections of their own and speak the session's transport, so they add no
 * frame to the live session's messages and leave only the findings server-everything earned
 * (it accepts a foreign Origin on both; over Streamable HTTP it answers 400, not 404, to a
 * made-up session id; the 2024-11-05 transport names no status for an unknown session).
 */
import { expect, test, type Page } from '@playwright/test';
import { LoupePage } from './pages/LoupePage';
import { everythingHttp, everythingSse, loupeWithServers } from './support/servers';

const { loupe, servers } = loupeWithServers({ streamable: everythingHttp, legacy: everythingSse });

/** The "N of M frames" of the traffic toolbar, once it has held still for a second. */
async function settledCounts(page: Page): Promise<{ shown: number; total: number }> {
  const label = page.getByText(/^(\d+ of )?\d+ frames$/);
  const read = async () => {
    const m = /^(?:(\d+) of )?(\d+) frames$/.exec(await label.innerText())!;
    return { shown: Number(m[1] ?? m[2]), total: Number(m[2]) };
  };
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await read());
        const still = now === last;
        last = now;
        return still;
      },
      { intervals: [1000], timeout: 20_000 },
    )
    .toBe(true);
  return read();
}

async function ruleIds(page: Page): Promise<string[]> {
  await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name: 'Annotations' }).click();
  const options = page.getByRole('region', { name: 'Expert info' }).getByRole('combobox', { name: 'Rule id' }).getByRole('option');
  const ids = (await options.allInnerTexts()).filter((t) => t !== 'All rules');
  await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name: 'Traffic' }).click();
  return ids;
}

const CASES = [
  {
    transport: 'Streamable HTTP',
    name: 'probe-streamable',
    entry: () => ({ type: 'http', url: servers.streamable.url }),
    earned: ['http.origin-not-validated', 'http.unknown-session-status'],
  },
  { transport: 'HTTP+SSE', name: 'probe-sse', entry: () => ({ type: 'sse', url: servers.legacy.url }), earned: ['http.origin-not-validated'] },
];

for (const c of CASES) {
  test(`the probes on ${c.transport} leave no finding the server did not earn and no frame in the live session`, async ({ page }) => {
    const lp = new LoupePage(page);
    await lp.open(loupe.url);
    await lp.importServers({ [c.name]: c.entry() });
    await lp.connect(c.name);
    await lp.expectPhase('ready');
    const lane = (name: string) => page.getByRole('radiogroup', { name: 'Lane' }).getByRole('radio', { name }).click();
    await lane('Messages');
    const before = await settledCounts(page);
    const rulesBefore = await ruleIds(page);

    const run = lp.status.getByRole('button', { name: 'Run HTTP probes' });
    await run.click();
    await lp.traffic.expectRow('http', /probe: origin/);
    await expect(run).toBeEnabled({ timeout: 30_000 });
    await lane('Messages');
    const after = await settledCounts(page);
    // The probes' exchanges are recorded (http lane), but not one message joined the session.
    expect(after.total).toBeGreaterThan(before.total);
    expect(after.shown).toBe(before.shown);

    // A timing finding is only ever about the session's own messages, of which the probes added
    // none (above): on a busy machine one of the page's own listings may take over the slow
    // threshold (a second) and be answered after the counts above held still for one.
    const added = (await ruleIds(page)).filter((r) => !rulesBefore.includes(r) && r !== 'timing.slow');
    expect(added.sort()).toEqual(c.earned);
    // And the session goes on as before.
    await lp.showTools();
  });
}
