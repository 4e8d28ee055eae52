/**
 * The Doctor tab against servers that each fail at one layer of a connection (fixtures under
 * e2e/fixtures/servers), at 1280×720 and 1440×900: it names that layer as the one to fix first,
 * with the next step; it opens by itself when the connection fails; each frame of the evidence
 * selects its row in the traffic table; nothing in it scrolls sideways. Then the other ways the
 * HTTP side fails (http-doctor.mjs): an Origin refusal, a 400 to the negotiated version header, a
 * 401 without a challenge, an OAuth discovery that finds nothing, a POST left unanswered.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { LoupePage } from './pages/LoupePage';
import { repoRoot } from './support/loupe';
import { httpFixture, loupeWithServers } from './support/servers';

const { loupe, servers } = loupeWithServers({ doctor: httpFixture('http-doctor') });

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;

interface LayerCase {
  /** The row's title, as the verdict names it. */
  title: string;
  /** The fixture: a stdio script, or a route of http-doctor.mjs. */
  stdio?: string;
  http?: string;
  /** The connection fails, so the Doctor opens without a click. */
  fails: boolean;
  /** The request timeout of the connection, for a server the client waits on. */
  timeoutMs?: number;
  /** What the page must do after the handshake for the fault to happen. */
  drive?: (lp: LoupePage) => Promise<void>;
  /** Text the failed row's evidence must show. */
  evidence: RegExp;
  next: RegExp;
}

const CASES: LayerCase[] = [
  {
    title: 'Start-up / process',
    stdio: 'doctor-exits-at-once',
    fails: true,
    evidence: /exited with code 1 .*its stderr says: Error: cannot read the configuration \/etc\/acme-mcp\/config\.json/,
    next: /read its stderr/,
  },
  { title: 'Transport', http: 'content-type', fails: true, evidence: /http\.content-type.*text\/html/, next: /application\/json or text\/event-stream/ },
  { title: 'Framing', stdio: 'bad-banner', fails: false, evidence: /stdio\.non-json-line.*Fixture server 1\.0 ready/, next: /Move logs to stderr/ },
  {
    title: 'JSON-RPC',
    stdio: 'doctor-wrong-id',
    fails: true,
    timeoutMs: 2000,
    evidence: /jsonrpc\.unknown-response.*response id 1001 matches no request/,
    next: /id of the request, unchanged/,
  },
  {
    title: 'Lifecycle',
    stdio: 'bad-initialize-error',
    fails: true,
    evidence: /lifecycle\.initialize-failed.*Unsupported protocol version/,
    next: /refused the handshake/,
  },
  {
    title: 'Capabilities / schema',
    stdio: 'doctor-invalid-params',
    fails: false,
    drive: async (lp) => {
      await lp.status.getByRole('button', { name: 'List tools' }).click();
      await lp.traffic.expectRow('error', 'tools/list');
    },
    evidence: /refused tools\/list with -32602 Invalid params/,
    next: /initialize exchange.*parameters against the schema/,
  },
  {
    title: 'Tool',
    stdio: 'doctor-tool-error',
    fails: false,
    drive: async (lp) => {
      await lp.showTools();
      await lp.callTool('echo', { message: 'weather' });
    },
    evidence: /tool "echo" answered with isError: upstream weather API answered 503/,
    next: /do not reconnect/,
  },
];

const doctorTab = (page: Page) => page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name: 'Doctor', exact: true });
const nameOf = (c: LayerCase, width: number) => `${c.stdio ?? `http-${c.http}`}-${width}`;

for (const size of SIZES) {
  test.describe(`the Doctor at ${size.width}×${size.height}`, () => {
    // One page per size: the connections are imported once, each case closes its tab after itself.
    test.describe.configure({ mode: 'serial' });
    let page: Page;
    let lp: LoupePage;

    test.beforeAll(async ({ browser }) => {
      page = await browser.newPage({ viewport: size });
      lp = new LoupePage(page);
      await lp.open(loupe.url);
      const mcpServers = Object.fromEntries(
        CASES.map((c) => [
          nameOf(c, size.width),
          c.stdio
            ? { command: process.execPath, args: [path.join(repoRoot, 'e2e/fixtures/servers', `${c.stdio}.mjs`)] }
            : { type: 'http', url: servers.doctor.url.replace(/\/mcp$/, `/${c.http}/mcp`) },
        ]),
      );
      await lp.importServers(mcpServers);
      for (const c of CASES) if (c.timeoutMs) await lp.setRequestTimeout(nameOf(c, size.width), c.timeoutMs);
    });

    test.afterAll(async () => {
      await page?.close();
    });

    for (const c of CASES) {
      test(`names ${c.title} for ${c.stdio ?? `http-doctor's ${c.http}`}`, async () => {
        await lp.connect(nameOf(c, size.width));
        if (c.fails) {
          await lp.expectPhase('failed');
          // Opened by itself, in the same update as the failure.
          await expect(doctorTab(page)).toHaveAttribute('aria-selected', 'true');
        } else {
          await lp.expectPhase('ready');
          await c.drive?.(lp);
          await expect(doctorTab(page)).toHaveAttribute('aria-selected', 'false');
          await doctorTab(page).click();
        }
        const doctor = page.getByRole('region', { name: 'Doctor' });
        await expect(doctor.getByRole('status', { name: 'Verdict' })).toHaveText(new RegExp(`^${c.title.replace(/[/()]/g, '\\$&')} failed`), {
          timeout: 20_000,
        });
        await expect(doctor.getByRole('listitem', { name: /: (passed|failed|not reached)$/ })).toHaveCount(7);
        const row = doctor.getByRole('listitem', { name: `${c.title}: failed`, exact: true });
        await expect(row).toContainText('fix first');
        const why = row.getByRole('list', { name: `Why ${c.title} failed` });
        await expect(why).toContainText(c.evidence);
        await expect(why).toContainText(c.next);
        // Every layer below the one that failed passed: the doctor blames the lowest.
        const titles = CASES.map((x) => x.title);
        for (const below of titles.slice(0, titles.indexOf(c.title))) {
          await expect(doctor.getByRole('listitem', { name: new RegExp(`^${below.replace(/[/()]/g, '\\$&')}: passed$`) })).toHaveCount(1);
        }
        // The panel fits its column: nothing scrolls sideways.
        expect(await doctor.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
        await lp.screenshot(`doctor-${c.stdio ?? `http-${c.http}`}-${size.width}x${size.height}`);

        await test.step('a frame of the evidence selects its row in the traffic table', async () => {
          const frame = why.getByRole('button', { name: /^Show frame \d+ in the traffic table$/ }).first();
          const seq = Number(/(\d+)/.exec((await frame.getAttribute('aria-label')) ?? '')?.[1]);
          await frame.click();
          await expect(page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name: 'Traffic', exact: true })).toHaveAttribute(
            'aria-selected',
            'true',
          );
          const selected = lp.traffic.grid.getByRole('row', { selected: true });
          await expect(selected).toHaveCount(1);
          expect((await lp.traffic.facts(selected)).seq).toBe(seq);
        });

        const disconnect = lp.status.getByRole('button', { name: 'Disconnect' });
        if (await disconnect.isVisible()) {
          await disconnect.click();
          await expect(disconnect).toBeHidden();
        }
        await lp.sessionTabs.getByRole('button', { name: /^Close tab / }).click();
        await expect(lp.sessionTabs.getByRole('tab')).toHaveCount(0);
      });
    }
  });
}

/** More ways the HTTP side fails, each named as the transport with its own next step. */
const TRANSPORT_CASES: { route: string; evidence: RegExp; next: RegExp }[] = [
  { route: 'origin', evidence: /answered 403 Forbidden.*Origin not allowed/, next: /refused a request without an Origin/ },
  { route: 'version-header', evidence: /notifications\/initialized .* answered 400 Bad Request/, next: /refused MCP-Protocol-Version 2025-11-25/ },
  { route: 'no-challenge', evidence: /auth\.challenge-missing.*401 without WWW-Authenticate/, next: /WWW-Authenticate: Bearer challenge/ },
  {
    route: 'oauth-discovery',
    evidence: /auth\.resource-metadata-not-served.*answers 404.*OAuth server-metadata: GET \S+oauth-authorization-server was answered 404/,
    next: /RFC 9728/,
  },
  {
    route: 'no-answer',
    evidence: /POST of initialize was answered 200 text\/event-stream, and its body ended without the answer/,
    next: /SSE stream/,
  },
];

test.describe('the Doctor on HTTP failures', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let lp: LoupePage;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    lp = new LoupePage(page);
    await lp.open(loupe.url);
    await lp.importServers(
      Object.fromEntries(TRANSPORT_CASES.map((c) => [`http-${c.route}`, { type: 'http', url: servers.doctor.url.replace(/\/mcp$/, `/${c.route}/mcp`) }])),
    );
  });

  test.afterAll(async () => {
    await page?.close();
  });

  for (const c of TRANSPORT_CASES) {
    test(`names the transport for http-doctor's ${c.route}`, async () => {
      await lp.connect(`http-${c.route}`);
      // Each fails the connection, the unanswered POST too: its stream ended with no event id to
      // resume from, so the answer cannot come and the session stops waiting at once.
      await lp.expectPhase('failed');
      await expect(doctorTab(page)).toHaveAttribute('aria-selected', 'true');
      const doctor = page.getByRole('region', { name: 'Doctor' });
      await expect(doctor.getByRole('status', { name: 'Verdict' })).toHaveText(/^Transport failed/, { timeout: 20_000 });
      const why = doctor.getByRole('list', { name: 'Why Transport failed' });
      await expect(why).toContainText(c.evidence);
      await expect(why).toContainText(c.next);
      await lp.screenshot(`doctor-http-${c.route}-1440x900`);
      await lp.sessionTabs.getByRole('button', { name: /^Close tab / }).click();
      await expect(lp.sessionTabs.getByRole('tab')).toHaveCount(0);
    });
  }
});
