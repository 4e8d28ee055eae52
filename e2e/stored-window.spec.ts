/**
 * Browse, end to end: a stored session of tens of thousands of frames (written with the proxy's
 * own store, as a recording writes it) is browsed a window at a time. The page shows the newest
 * row, goes to a seq, filters by direction and method (the proxy answers), finds a text held by
 * one frame in the middle, draws the rows held as a sequence diagram, goes to the frame of a
 * finding kept when the session was stored, and reads older rows as the table is scrolled up,
 * keeping at most a couple of thousand. The tab comes back after a reload. A session too long for
 * its findings to be judged when it closed gets them from the proxy once listed, shown with no
 * reload. A live session past what the proxy's memory keeps (a 1 MiB budget here) is followed in
 * Browse as it is written, and its banner shows the findings the proxy judges from disk meanwhile,
 * of frames the page's own analysis never sees.
 */
import { expect, test } from '@playwright/test';
import path from 'node:path';
import type { Frame } from '../lib/mcp/frame';
import { describeFindingCounts } from '../lib/analyze/finding-counts';
import { OPEN_FRAME_LIMIT } from '../lib/browser/history';
import { MAX_KEPT_ROWS } from '../lib/view/stored-rows';
import { SessionStore } from '../proxy/store/store';
import { logFrame, testHeader } from '../proxy/store/testing';
import { LoupePage } from './pages/LoupePage';
import { StoredWindow } from './pages/StoredWindow';
import { loupePerFile, repoRoot } from './support/loupe';

const FRAMES = 30_000;
const NEEDLE = 'needle-7f3e9a';
const MIDDLE = 15_000;
// The smallest session budget: a live session passes it within seconds (the stored sessions the
// other tests browse are written by the store directly, and no budget applies to them).
const loupe = loupePerFile(['--session-budget', '1MiB']);

/** Calls, their answers and log lines: a request on seq 1, 4, 7…, its response next, a log line after. */
function frameAt(seq: number): Frame {
  const n = Math.ceil(seq / 3);
  const body =
    seq % 3 === 1
      ? { jsonrpc: '2.0', id: n, method: 'tools/call', params: { name: n % 2 ? 'echo' : 'add', arguments: { text: `call ${seq}` } } }
      : seq % 3 === 2
        ? { jsonrpc: '2.0', id: n, result: { content: [{ type: 'text', text: `answer ${seq}` }] } }
        : { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: seq === MIDDLE ? `found ${NEEDLE}` : `tick ${seq}` } };
  const raw = JSON.stringify(body);
  return { seq, ts: seq * 1000, dir: seq % 3 === 1 ? 'c2s' : 's2c', lane: 'message', raw, size: Buffer.byteLength(raw) + 1, meta: { transport: 'stdio' } };
}

test('a long stored session is browsed a window at a time: newest, go to seq, filters, search, older rows', async ({ page }) => {
  const store = new SessionStore(path.join(loupe.configDir, 'sessions'));
  const w = store.create({ source: 'record', header: testHeader('window-flood'), startedAt: Date.now() });
  for (let seq = 1; seq <= FRAMES; seq++) w.append(frameAt(seq));
  w.close();
  await w.counted;
  const id = w.id;
  const findings = store.list().find((l) => l.id === id)?.findings;
  expect(findings).toBeDefined();

  const lp = new LoupePage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await lp.open(loupe.url);
  const win = new StoredWindow(page);

  await test.step('Browse opens a window tab on the newest rows', async () => {
    await lp.sidebar.getByText(/^Stored sessions/).click();
    await page.getByRole('button', { name: `Browse stored session ${id}` }).click();
    await expect(lp.sessionTabs.getByRole('tab', { selected: true })).toContainText('window-flood');
    await expect(win.header).toContainText(`${FRAMES.toLocaleString('en-US')} frames`);
    await expect(win.header).toContainText('no analysis runs on it');
    const last = win.row(FRAMES);
    await expect(last).toBeInViewport();
    expect(Math.max(...(await win.seqs()))).toBe(FRAMES);
    await lp.screenshot('stored-window-newest-1440');
  });

  await test.step("the timing of every request in the session, from the store's columns", async () => {
    await win.header.getByText('Timing of the whole session').click();
    const table = win.header.getByRole('table', { name: 'Latency by method, whole session' });
    // Every third frame a tools/call, answered 1 ms later by the next: 10,000 of them, none left open.
    await expect(table.getByRole('row')).toHaveCount(2);
    const cells = table.getByRole('row', { name: /tools\/call/ }).getByRole('cell');
    await expect(cells).toHaveText(['client', '10,000', '10,000', '0', '0', '1.00 ms', '1.00 ms', '1.00 ms', '1.00 ms']);
    await lp.screenshot('stored-window-timing-1440');
  });

  await test.step('the findings kept when it was stored: each one goes to its frame in the window', async () => {
    await win.header.getByText('Timing of the whole session').click();
    const total = findings!.error + findings!.warning + findings!.info;
    await win.header.getByText(`Findings (${total})`).click();
    const list = win.header.getByRole('list', { name: 'Findings of the whole session' });
    // The client's first message is a tools/call, not initialize: the one finding, on seq 1.
    await expect(list.getByRole('listitem')).toHaveCount(total);
    const first = list.getByRole('listitem').first();
    await expect(first).toContainText('lifecycle.initialize-not-first');
    await expect(first.getByRole('img', { name: 'error' })).toBeVisible();
    // Seq 1 is far from the newest rows the window holds: going there reads the rows around it.
    expect(await win.seqs()).not.toContain(1);
    await first.getByRole('button', { name: 'Go to frame 1: lifecycle.initialize-not-first' }).click();
    // The selected row is seq 1's (win.row(1) would also match seq 2, whose id cell reads 1).
    const selected = win.table.grid.getByRole('row', { selected: true });
    await expect(selected.getByRole('gridcell').first()).toHaveText('1');
    await expect(selected).toBeInViewport();
    await expect(win.detail.getByRole('region', { name: 'Raw text' })).toContainText('"call 1"');
    await lp.screenshot('stored-window-findings-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    await lp.screenshot('stored-window-findings-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  await test.step('Go to seq selects that row and shows its text', async () => {
    await win.goTo(12_345);
    await expect(win.row(12_345)).toBeInViewport();
    await expect(win.detail.getByRole('region', { name: 'Raw text' })).toContainText('"tick 12345"');
    // The keys move the selection as in the traffic table.
    await win.table.grid.focus();
    await page.keyboard.press('ArrowDown');
    await expect(win.row(12_346)).toHaveAttribute('aria-selected', 'true');
    await expect(win.detail.getByRole('region', { name: 'Raw text' })).toContainText('call 12346');
  });

  await test.step('a direction and a method filter leave only the frames that match', async () => {
    await page.getByRole('combobox', { name: 'Direction' }).selectOption({ label: 'client → server' });
    await expect(async () => {
      const rows = await win.table.all();
      expect(rows.length).toBeGreaterThan(10);
      for (const r of rows) expect(r.seq % 3).toBe(1);
    }).toPass();
    await page.getByRole('combobox', { name: 'Direction' }).selectOption({ label: 'Both directions' });
    const method = page.getByRole('combobox', { name: 'Method' });
    await method.fill('notifications/message');
    await method.press('Enter');
    await expect(async () => {
      const rows = await win.table.all();
      expect(rows.length).toBeGreaterThan(10);
      for (const r of rows) expect([r.seq % 3, r.kind]).toEqual([0, 'notification']);
    }).toPass();
    await page.setViewportSize({ width: 1280, height: 720 });
    await lp.screenshot('stored-window-filtered-1280');
  });

  await test.step('a search of the whole session finds the one frame that holds a text and goes to it', async () => {
    await win.search.getByRole('searchbox', { name: 'Search all text' }).fill(NEEDLE);
    await win.search.getByRole('button', { name: 'Search' }).click();
    await expect(win.search.getByRole('status', { name: 'Search matches' })).toHaveText(`match 1 of 1: #${MIDDLE.toLocaleString('en-US')}`);
    await expect(win.row(MIDDLE)).toHaveAttribute('aria-selected', 'true');
    await expect(win.row(MIDDLE)).toBeInViewport();
    await expect(win.detail.getByRole('region', { name: 'Raw text' })).toContainText(NEEDLE);
    // The filter that would have hidden neighbours is cleared by the jump.
    await expect(page.getByRole('combobox', { name: 'Method' })).toHaveValue('');
    await page.setViewportSize({ width: 1440, height: 900 });
    await lp.screenshot('stored-window-search-1440');
  });

  await test.step('the Sequence view draws the rows held, shares the selection, and pairs only what it holds', async () => {
    await win.show('Sequence');
    // The frame the search selected is selected and in view in the diagram too.
    await expect(win.arrow(MIDDLE)).toHaveAttribute('aria-selected', 'true');
    await expect(win.arrow(MIDDLE)).toBeInViewport();
    // A tools/call and its answer, both held: drawn as a pair, 1 ms apart.
    const [call, answer] = [MIDDLE + 1, MIDDLE + 2];
    await expect(win.arrow(call)).toHaveAccessibleName(`#${call}, client → server, request, tools/call #${Math.ceil(call / 3)}, answered by #${answer}`);
    await expect(win.arrow(answer)).toHaveAccessibleName(`#${answer}, server → client, response, tools/call result, answers #${call}, 1.00 ms`);
    // No finding is marked on a window, and the legend does not explain finding marks.
    await expect(win.diagram.locator('[data-severity-mark]')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Legend' })).not.toContainText('finding');
    await page.setViewportSize({ width: 1440, height: 900 });
    await lp.screenshot('stored-window-sequence-1440');

    await win.arrow(answer).click();
    await expect(win.arrow(answer)).toHaveAttribute('aria-selected', 'true');
    await expect(win.detail.getByRole('region', { name: 'Raw text' })).toContainText(`answer ${answer}`);

    await win.goTo(12_345, 'diagram');
    await expect(win.arrow(12_345)).toBeInViewport();
    await expect(win.detail.getByRole('region', { name: 'Raw text' })).toContainText('"tick 12345"');

    // Scrolled to its top, the diagram reads older rows, as the table does.
    const [first] = await win.heldRange();
    await expect(async () => {
      await win.diagram.evaluate((el) => (el.scrollTop = 0));
      expect((await win.heldRange())[0]).toBeLessThan(first);
    }).toPass();

    // Only the answers held: each is drawn alone, never paired with a request it does not answer.
    await page.getByRole('combobox', { name: 'Direction' }).selectOption({ label: 'server → client' });
    await expect(win.arrow(12_347)).toHaveAccessibleName(/^#12347, server → client, response, response result, its request is not among the rows held$/);
    await page.setViewportSize({ width: 1280, height: 720 });
    await lp.screenshot('stored-window-sequence-lone-1280');
    await page.getByRole('combobox', { name: 'Direction' }).selectOption({ label: 'Both directions' });

    // Back in the table, the row selected in the diagram is selected there.
    await win.show('Traffic');
    await expect(win.row(12_345)).toHaveAttribute('aria-selected', 'true');
    await expect(win.row(12_345)).toBeInViewport();
  });

  await test.step('scrolling up reads older rows, and the window lets the far end go', async () => {
    await page.getByRole('button', { name: 'Newest' }).click();
    await expect(win.row(FRAMES)).toBeInViewport();
    let oldest = Math.min(...(await win.seqs()));
    for (let i = 0; i < 9; i++) {
      const before = oldest;
      await win.scrollToTop();
      await expect(async () => {
        await win.scrollToTop();
        oldest = Math.min(...(await win.seqs()));
        expect(oldest).toBeLessThan(before);
      }).toPass();
    }
    // Nine reads of older rows passed the bound: the newest went, and the held rows stay within it.
    expect(oldest).toBeLessThan(FRAMES - MAX_KEPT_ROWS);
    expect(await win.held()).toBeLessThanOrEqual(MAX_KEPT_ROWS);
    expect(await win.held()).toBeGreaterThan(MAX_KEPT_ROWS / 2);
    await page.setViewportSize({ width: 1280, height: 720 });
    await lp.screenshot('stored-window-older-1280');
  });

  await test.step('a window tab comes back after a reload: it holds only the stored id', async () => {
    await page.reload();
    await expect(lp.sessionTabs.getByRole('tab', { selected: true })).toContainText('window-flood');
    await expect(win.row(FRAMES)).toBeInViewport();
    // The findings counted when it was stored, read again from History's list.
    await expect(win.header.getByRole('group', { name: 'Findings' })).toHaveText(describeFindingCounts(findings!));
  });
});

test('a session too long to open whole is browsed, and its tab keeps its place; Open says what to do instead', async ({ page }) => {
  const store = new SessionStore(path.join(loupe.configDir, 'sessions'));
  const w = store.create({ source: 'record', header: testHeader('past-the-limit'), startedAt: Date.now() });
  const frames = OPEN_FRAME_LIMIT + 1;
  // A line that is not JSON among the log lines: a finding once the session is judged.
  const banner = 'server ready';
  for (let seq = 1; seq <= frames; seq++)
    w.append(
      seq === 2 ? { seq, ts: 20, dir: 's2c', lane: 'message', raw: banner, size: banner.length + 1, meta: { transport: 'stdio' } } : logFrame(seq, seq * 10),
    );
  w.close();
  expect(w.counted).toBeUndefined();

  const lp = new LoupePage(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await lp.open(loupe.url);
  await lp.sidebar.getByText(/^Stored sessions/).click();
  const open = page.getByRole('button', { name: `Open stored session ${w.id}` });
  await expect(open).toBeDisabled();
  await expect(open).toHaveAttribute('title', new RegExp(`Browse it, or save it with \\\`loupe export ${w.id}\\\``));
  await page.getByRole('button', { name: `Browse stored session ${w.id}` }).click();
  const win = new StoredWindow(page);
  await expect(win.row(frames)).toBeInViewport();
  await expect(win.header).toContainText(`${frames.toLocaleString('en-US')} frames`);
  // Too long for its findings to be judged when it closed: the proxy judges them now that History
  // listed it, in a worker thread, and the page shows them once done, with no reload.
  await expect.poll(() => store.list().find((l) => l.id === w.id)?.findings, { timeout: 120_000 }).toBeDefined();
  const counts = store.list().find((l) => l.id === w.id)!.findings!;
  await expect(win.header.getByRole('group', { name: 'Findings' })).toHaveText(describeFindingCounts(counts), { timeout: 15_000 });
  await expect(page.getByRole('listitem', { name: `Stored session past-the-limit ${w.id}` })).toContainText(describeFindingCounts(counts));
  const total = counts.error + counts.warning + counts.info;
  expect(total).toBeGreaterThan(0);
  await win.header.getByText(`Findings (${total.toLocaleString('en-US')})`).click();
  const list = win.header.getByRole('list', { name: 'Findings of the whole session' });
  await expect(list.getByRole('listitem').first()).toContainText('stdio.non-json-line');

  await test.step('another tab and back: the window is where it was', async () => {
    await win.goTo(123_456);
    const other = store.create({ source: 'record', header: testHeader('short-one'), startedAt: Date.now() });
    for (let seq = 1; seq <= 50; seq++) other.append(logFrame(seq, seq * 10));
    other.close();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('button', { name: `Browse stored session ${other.id}` }).click();
    await expect(win.row(50)).toBeInViewport();
    await lp.sessionTabs.getByRole('tab', { name: /past-the-limit/ }).click();
    await expect(win.row(123_456)).toHaveAttribute('aria-selected', 'true');
    await expect(win.row(123_456)).toBeInViewport();
  });
});

test('a live session past what memory keeps is followed in Browse as it is written; scrolling up stops following', async ({ page }) => {
  test.setTimeout(120_000);
  const lp = new LoupePage(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await lp.open(loupe.url);
  // 12,000 log lines at once (past the 1 MiB of text and the 10,000 frames memory keeps), then one
  // every 50 ms; line 11,000 has a log level no revision defines, past what memory keeps.
  await lp.addConnection({
    name: 'chatty',
    command: process.execPath,
    args: [path.join(repoRoot, 'e2e/fixtures/servers/stdio-chatty.mjs')],
    env: { CHATTY_BURST: '12000', CHATTY_TICK_MS: '50', CHATTY_BAD_AT: '11000' },
  });
  await lp.connect('chatty');
  const banner = page.getByRole('status', { name: 'Dropped text' });
  await expect(banner).toContainText('frames it keeps in memory', { timeout: 60_000 });
  await lp.screenshot('traffic-frame-limit-banner-1280');
  const whole = banner.getByRole('group', { name: 'Whole-session findings' });
  const views = page.getByRole('tablist', { name: 'Session views' });

  await test.step('the banner shows findings over the whole session so far, judged from disk, which the live analysis does not have', async () => {
    await expect(whole).toContainText(/Findings over the whole session so far \(read from disk\): 1 error\b.* — through #[\d,]+/, { timeout: 60_000 });
    await whole.getByText(/^Findings \(/).click();
    await expect(whole.getByRole('list', { name: 'Findings of the whole session' })).toContainText('schema.params');
    await lp.screenshot('traffic-frame-limit-whole-findings-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
    await lp.screenshot('traffic-frame-limit-whole-findings-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
    // The page's own analysis stopped at the budget: the bad level is not among its annotations.
    await views.getByRole('tab', { name: 'Annotations' }).click();
    const expert = page.getByRole('region', { name: 'Expert info' });
    await expect(expert).toBeVisible();
    await expect(expert).not.toContainText('schema.params');
    await views.getByRole('tab', { name: 'Traffic' }).click();
  });
  const win = new StoredWindow(page);
  const follow = page.getByRole('button', { name: 'Follow', exact: true });
  const newest = async () => Math.max(...(await win.seqs()));
  const headerFrames = async () => Number(/([\d,]+) frames/.exec(await win.header.innerText())![1].replace(/,/g, ''));

  let opened = 0;
  await test.step("the banner's Browse opens the window on the newest rows, following them", async () => {
    await banner.getByRole('button', { name: 'Browse' }).click();
    await expect(win.header).toContainText('recording · following');
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    opened = (await win.heldRange())[1];
    expect(opened).toBeGreaterThan(12_000);
    // Its header counts the findings judged from disk so far, as the banner does.
    await expect(win.header.getByRole('group', { name: 'Findings' })).toHaveText('1 error so far');
    await expect(win.header).toContainText(/judged from disk as the session is recorded, through #[\d,]+/);
  });

  await test.step('rows written after it opened come in at the bottom, in view, without a click', async () => {
    const framesBefore = await headerFrames();
    await expect.poll(newest, { timeout: 15_000 }).toBeGreaterThan(opened + 20);
    await expect(win.row(await newest())).toBeInViewport();
    expect(await headerFrames()).toBeGreaterThan(framesBefore);
    await lp.screenshot('stored-window-following-1280');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(win.row(await newest())).toBeInViewport();
    await lp.screenshot('stored-window-following-1440');
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step('the Sequence view follows too', async () => {
    await win.show('Sequence');
    const drawn = () => win.diagram.evaluate((el) => Math.max(0, ...Array.from(el.querySelectorAll('[data-seq]'), (a) => Number(a.getAttribute('data-seq')))));
    const first = await drawn();
    await expect.poll(drawn, { timeout: 15_000 }).toBeGreaterThan(first + 10);
    await lp.screenshot('stored-window-following-sequence-1280');
    await win.show('Traffic');
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step('scrolling up stops following: the rows stay, and a button counts the frames written since', async () => {
    await win.table.grid.evaluate((grid) => {
      const scroller = grid.querySelector<HTMLElement>('[data-scroller]')!;
      scroller.scrollTop = Math.max(0, scroller.scrollTop - 600);
    });
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    await expect(win.header).toContainText('still recording');
    const caughtUp = page.getByRole('button', { name: /new — follow the newest$/ });
    await expect(caughtUp).toBeVisible({ timeout: 15_000 });
    const [, held] = await win.heldRange();
    const unseen = async () => Number(/([\d,]+) new/.exec(await caughtUp.innerText())![1].replace(/,/g, ''));
    const seenNew = await unseen();
    // Frames go on being written (the count grows) while the rows held stay where they were.
    await expect.poll(unseen, { timeout: 15_000 }).toBeGreaterThan(seenNew);
    expect((await win.heldRange())[1]).toBe(held);
    await lp.screenshot('stored-window-not-following-1280');

    await caughtUp.click();
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(newest, { timeout: 15_000 }).toBeGreaterThan(held + 20);
  });

  await test.step('once the session ends, the window stops following and says so', async () => {
    await lp.sessionTabs
      .getByRole('tab', { name: /chatty/ })
      .first()
      .click();
    await lp.disconnect();
    await lp.sessionTabs.getByRole('tab', { name: /chatty · / }).click();
    await expect(win.header).toContainText(' · ended');
    await expect(follow).toBeHidden();
  });

  await test.step('once closed, the banner shows the findings kept at close, and a finding opens Browse on its frame', async () => {
    await lp.sessionTabs
      .getByRole('tab', { name: /chatty/ })
      .first()
      .click();
    await expect(whole).toContainText('Findings over the whole session (read from disk when it closed)', { timeout: 30_000 });
    await whole.getByText(/^Findings \(/).click();
    const finding = whole.getByRole('button', { name: /^Go to frame \d+: schema\.params$/ });
    const seq = Number(/frame (\d+)/.exec((await finding.getAttribute('aria-label'))!)![1]);
    expect(seq).toBeGreaterThan(10_000);
    await finding.click();
    await expect(win.row(seq)).toHaveAttribute('aria-selected', 'true');
    await expect(win.row(seq)).toBeInViewport();
  });
});
