/**
 * The foundation, end to end: a real Loupe, a real browser, the real server-everything over stdio,
 * and a fixture server that misbehaves the common way (a banner on stdout, logs on stderr).
 */
import { expect, test } from '@playwright/test';
import path from 'node:path';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile, processExists, repoRoot } from './support/loupe';

const BUILTIN = 'server-everything (reference server)';
// A session of 20,000 frames below is held whole in the page: past the default's 10,000 frames
// the rest would be on disk only (Browse), not in the live table.
const loupe = loupePerFile(['--session-budget', '256MiB']);

test('connects to the built-in server, calls echo, survives a reload and disconnects cleanly', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.watchSockets();

  await test.step('opens with the token, then drops it from the address bar', async () => {
    await lp.open(loupe.url);
    await expect.poll(() => page.url()).not.toContain('token=');
    await expect(lp.connections.getByRole('listitem').first()).toHaveAccessibleName(BUILTIN);
    await lp.screenshot('1-start');
  });

  await test.step('connects from the built-in default with nothing typed', async () => {
    await lp.connect(BUILTIN);
    await lp.expectPhase('ready');
    await expect(lp.fact('version')).toHaveText('2025-11-25');
    await expect(lp.fact('server')).toContainText('everything');
  });

  await test.step('shows initialize, its response and notifications/initialized in order', async () => {
    const init = await lp.traffic.expectRow('request', 'initialize');
    const reply = await lp.traffic.expectRow('response', 'initialize');
    const initialized = await lp.traffic.expectRow('notification', 'notifications/initialized');
    expect(init.seq).toBeLessThan(reply.seq);
    expect(reply.seq).toBeLessThan(initialized.seq);
    expect(reply.id).toBe(init.id);
    expect(reply.latency).toMatch(/^\d+(\.\d+)? (ms|s)$/);
    await expect(lp.traffic.grid.getByRole('gridcell', { name: /^spawn pid \d+$/ })).toBeVisible();
  });

  await test.step('lists tools and calls echo: the response is paired with its request and has a latency', async () => {
    await lp.showTools();
    await lp.traffic.expectRow('response', 'tools/list');
    await lp.callTool('echo', { message: 'hi' });
    await expect(lp.tools.getByRole('region', { name: 'Call result' })).toContainText('Echo: hi');
    const call = await lp.traffic.expectRow('request', 'tools/call');
    const result = await lp.traffic.expectRow('response', 'tools/call');
    expect(result.id).toBe(call.id);
    expect(result.seq).toBeGreaterThan(call.seq);
    expect(result.latency).toMatch(/^\d+(\.\d+)? (ms|s)$/);
    expect(call.latency).toBe(result.latency);

    await lp.traffic.row('response', 'tools/call').click();
    await expect(lp.detail.getByRole('region', { name: 'Raw text' })).toContainText('Echo: hi');
    await lp.detail.getByRole('button', { name: 'Go to request' }).click();
    await expect(lp.detail.getByRole('heading', { level: 3 })).toHaveText(`#${call.seq} request tools/call`);
    await expect(lp.detail.getByRole('region', { name: 'Raw text' })).toContainText('"arguments":{"message":"hi"}');
    await expect(lp.detail.getByRole('list', { name: 'JSON tree' })).toContainText('"message": "hi"');
    await lp.screenshot('2-echo-paired');
  });

  await test.step('keyboard: up and down move the selection', async () => {
    await lp.traffic.grid.focus();
    await page.keyboard.press('ArrowDown');
    await expect(lp.detail.getByRole('heading', { level: 3 })).toContainText('response tools/call');
    await page.keyboard.press('ArrowUp');
    await expect(lp.detail.getByRole('heading', { level: 3 })).toContainText('request tools/call');
  });

  await test.step('a reload shows the same trace and the same session tab', async () => {
    const before = (await lp.traffic.all()).map(({ seq, kind, method, id }) => ({ seq, kind, method, id }));
    expect(before.length).toBeGreaterThan(8);
    await page.reload();
    expect(page.url()).not.toContain('token=');
    await expect(lp.sessionTabs.getByRole('tab', { selected: true })).toContainText('server-everything');
    await expect.poll(() => lp.traffic.rows().count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(before.length);
    const after = (await lp.traffic.all()).map(({ seq, kind, method, id }) => ({ seq, kind, method, id }));
    // The server may have sent more since; what was there must be there again, unchanged.
    expect(after.slice(0, before.length)).toEqual(before);
  });

  await test.step('a dropped link reconnects by itself and re-attaches without losing or repeating frames', async () => {
    const before = await lp.traffic.all();
    const opened = await lp.socketsOpened();
    await lp.dropLink();
    await expect.poll(() => lp.socketsOpened()).toBe(opened + 1);
    await expect(page.getByRole('alert').filter({ hasText: 'Cannot reach the Loupe proxy' })).toBeHidden({ timeout: 15_000 });
    await lp.showTools();
    await lp.callTool('echo', { message: 'after reconnect' });
    await expect(lp.tools.getByRole('region', { name: 'Call result' })).toContainText('Echo: after reconnect');
    // The answer reaches the client panel at once; its frame comes with the stream's next batch.
    const responses = async () => (await lp.traffic.all()).filter((r) => r.method === 'tools/call' && r.kind === 'response').length;
    await expect.poll(responses).toBe(2);
    const after = await lp.traffic.all();
    expect(after.slice(0, before.length).map((r) => [r.seq, r.kind, r.method])).toEqual(before.map((r) => [r.seq, r.kind, r.method]));
    const seqs = after.map((r) => r.seq);
    expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
    expect(after.filter((r) => r.method === 'tools/call' && r.kind === 'response')).toHaveLength(2);
  });

  await test.step('disconnect ends the child process', async () => {
    const pid = await lp.pid();
    expect(pid).toBeGreaterThan(0);
    expect(processExists(pid)).toBe(true);
    await lp.disconnect();
    await lp.expectPhase('closed');
    await expect.poll(() => processExists(pid), { timeout: 15_000 }).toBe(false);
    await expect(lp.traffic.grid.getByRole('gridcell', { name: /^exit/ })).toBeVisible();
    await lp.screenshot('3-closed');
  });
});

test('a server that prints a banner to stdout and logs to stderr shows both as frames', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);

  await test.step('adds the fixture through the New connection form', async () => {
    await lp.sidebar.getByRole('button', { name: 'New connection' }).click();
    const form = page.getByRole('dialog', { name: 'New connection' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('banner fixture');
    await form.getByRole('textbox', { name: 'Command', exact: true }).fill(process.execPath);
    await form.getByRole('button', { name: 'Add argument' }).click();
    await form.getByRole('textbox', { name: 'Argument 1' }).fill(path.join(repoRoot, 'e2e/fixtures/servers/stdio-banner.mjs'));
    await form.getByRole('button', { name: 'Add variable' }).click();
    await form.getByRole('textbox', { name: 'Variable 1 name' }).fill('BANNER_API_TOKEN');
    const secret = form.getByRole('textbox', { name: 'Variable 1 value', exact: true });
    await secret.fill('not-a-real-secret');
    await expect(secret).toHaveAttribute('type', 'password');
    await lp.screenshot('4-new-connection');
    await form.getByRole('button', { name: 'Save connection' }).click();
    await expect(form).toBeHidden();
  });

  await test.step('connects and shows the banner as an invalid frame and the log line in the stderr lane', async () => {
    await lp.connect('banner fixture');
    await lp.expectPhase('ready');
    const banner = lp.traffic.row('invalid', /banner-server v1 starting up/);
    await expect(banner).toBeVisible();
    const log = await lp.traffic.expectRow('stderr', '[banner] listening on stdio');
    expect(log.dir).toContain('server → client');

    await banner.click();
    await expect(lp.detail.getByRole('region', { name: 'Raw text' })).toHaveText('banner-server v1 starting up');
    await expect(lp.detail.getByRole('list', { name: 'Frame problems' })).toContainText('Not a JSON-RPC message');
    await expect(lp.detail.getByRole('list', { name: 'Frame annotations' })).toContainText('stdio.non-json-line');
    await expect(banner.getByRole('img', { name: /error/ })).toBeVisible();
    await lp.screenshot('5-banner');
  });

  await test.step('the Annotations tab lists the same finding and jumps to its frame', async () => {
    await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name: 'Annotations' }).click();
    const expert = page.getByRole('region', { name: 'Expert info' });
    await expect(expert).toContainText('stdio.non-json-line');
    await lp.screenshot('5b-annotations');
    await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name: 'Traffic' }).click();
  });

  await test.step('the lane filter shows the stderr lane alone', async () => {
    await page.getByRole('radiogroup', { name: 'Lane' }).getByRole('radio', { name: 'stderr' }).click();
    const kinds = (await lp.traffic.all()).map((r) => r.kind);
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['stderr']));
    await lp.disconnect();
    await lp.expectPhase('closed');
  });
});

test('imports mcpServers JSON and connects with an edited protocol version and client capabilities', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  const banner = path.join(repoRoot, 'e2e/fixtures/servers/stdio-banner.mjs');

  await test.step('imports a connection from the JSON MCP hosts keep', async () => {
    await lp.sidebar.getByRole('button', { name: 'Import mcpServers JSON' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import mcpServers JSON' });
    await dialog.getByRole('textbox').fill('{"mcpServers": oops');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog.getByRole('alert')).toContainText('not valid JSON');
    await dialog.getByRole('textbox').fill(JSON.stringify({ mcpServers: { imported: { command: process.execPath, args: [banner] } } }));
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog).toBeHidden();
    await expect(lp.connections.getByRole('listitem', { name: 'imported' })).toBeVisible();
  });

  await test.step('refuses client capabilities that are not a JSON object, before sending anything', async () => {
    await lp.sidebar.getByRole('button', { name: 'Connect options of imported', exact: true }).click();
    const options = lp.sidebar.getByRole('group', { name: 'Connect options of imported' });
    await options.getByRole('combobox', { name: 'Protocol version' }).fill('2025-06-18');
    await options.getByRole('textbox', { name: 'Client capabilities (JSON)' }).fill('{"roots": ');
    await expect(options.getByRole('alert')).toContainText('not valid JSON');
    await page.getByRole('button', { name: 'Connect imported', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Notices' })).toContainText('Cannot connect imported');
    await expect(lp.status).toBeHidden();
    await options.getByRole('textbox', { name: 'Client capabilities (JSON)' }).fill('{"roots": {"listChanged": true}, "experimental": {"loupe-e2e": {}}}');
    await expect(options.getByRole('alert')).toBeHidden();
  });

  await test.step('the handshake carries the edited version and capabilities', async () => {
    await lp.connect('imported');
    await lp.expectPhase('ready');
    await expect(lp.fact('version')).toHaveText('2025-06-18');
    await lp.traffic.row('request', 'initialize').click();
    const raw = lp.detail.getByRole('region', { name: 'Raw text' });
    await expect(raw).toContainText('"protocolVersion":"2025-06-18"');
    await expect(raw).toContainText('"loupe-e2e":{}');
    await lp.disconnect();
    await lp.expectPhase('closed');
  });
});

test('opens a saved trace file in a tab of its own, offline', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.sidebar.getByLabel('Trace file', { exact: true }).setInputFiles(path.join(repoRoot, 'e2e/golden/everything-stdio.v1.loupe.ndjson'));
  await expect(lp.sessionTabs.getByRole('tab', { selected: true })).toContainText('everything-stdio.v1.loupe.ndjson');
  await expect(lp.status).toContainText('imported trace');
  const init = await lp.traffic.expectRow('request', 'initialize');
  const reply = await lp.traffic.expectRow('response', 'initialize');
  expect(reply.id).toBe(init.id);
  expect(reply.latency).toMatch(/^\d+(\.\d+)? (ms|s)$/);
  await lp.screenshot('7-trace-file');
});

// A long session, functionally: its volume is the bench's (npm run bench opens and streams into
// 100,000 frames and times it). 20,000 frames are still many screens, and ten snapshot chunks.
const BURST = 20_000;

test('stays responsive with 20,000 frames and follows the newest row only while at the bottom', async ({ page }) => {
  test.setTimeout(120_000);
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.addConnection({
    name: 'chatty',
    command: process.execPath,
    args: [path.join(repoRoot, 'e2e/fixtures/servers/stdio-chatty.mjs')],
    env: { CHATTY_BURST: String(BURST) },
  });
  await lp.connect('chatty');
  await expect.poll(() => lp.frameCount(), { timeout: 60_000 }).toBeGreaterThan(BURST);

  await test.step('only the visible rows are in the DOM', async () => {
    expect(await lp.traffic.rows().count()).toBeLessThan(120);
  });

  await test.step('at the bottom, the newest rows come into view as they arrive', async () => {
    const newest = () => lp.traffic.newestSeq();
    const before = await newest();
    await expect.poll(newest, { timeout: 5_000 }).toBeGreaterThan(before);
    expect(await newest()).toBeGreaterThan(BURST);
    await lp.screenshot('6-long-session');
  });

  await test.step('a reload while frames keep arriving shows the whole session again: every frame once, in order', async () => {
    // The snapshot of 20,000 frames comes in chunks; frames recorded meanwhile follow them. Seqs
    // are dense from 1, so a table of n rows whose newest is n lost nothing and repeated nothing.
    const table = () =>
      lp.traffic.grid.evaluate((grid) => {
        const seqs = Array.from(grid.querySelectorAll('[role="row"]'), (r) => Number(/-row-(\d+)$/.exec(r.id)?.[1] ?? 0)).filter((n) => n > 0);
        return { rows: Number(grid.getAttribute('aria-rowcount')) - 1, newest: Math.max(0, ...seqs), seqs };
      });
    const before = (await table()).newest;
    await page.reload();
    await expect
      .poll(
        async () => {
          const t = await table();
          return t.newest > before && t.rows === t.newest;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    const { seqs } = await table();
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0] + i));
    // The live stream goes on after the snapshot.
    const after = (await table()).newest;
    await expect.poll(async () => (await table()).newest, { timeout: 5_000 }).toBeGreaterThan(after);
  });

  await test.step('scrolled up, the view stays put while frames keep arriving', async () => {
    await lp.traffic.grid.focus();
    await page.keyboard.press('Home');
    await expect(lp.detail.getByRole('heading', { level: 3 })).toContainText('#1 lifecycle');
    const firstRow = lp.traffic.rows().first();
    await expect(firstRow.getByRole('gridcell').first()).toHaveText('1');
    const jump = page.getByRole('button', { name: /new — jump to newest/ });
    await expect(jump).toBeVisible({ timeout: 5_000 });
    await expect(firstRow.getByRole('gridcell').first()).toHaveText('1');
    await jump.click();
    await expect.poll(() => lp.traffic.newestSeq()).toBeGreaterThan(BURST);
  });

  await test.step('scrolling through the long table keeps only the visible rows in the DOM', async () => {
    // Scrolls the grid by a screen per animation frame for two seconds and records every frame.
    const frames = await lp.traffic.grid.evaluate(async (grid) => {
      const scroller = grid.querySelector<HTMLElement>('[data-scroller]')!;
      scroller.scrollTop = 0;
      let last = performance.now();
      const times: number[] = [];
      let mostRows = 0;
      const end = last + 2000;
      while (performance.now() < end) {
        await new Promise(requestAnimationFrame);
        const now = performance.now();
        times.push(now - last);
        mostRows = Math.max(mostRows, grid.querySelectorAll('[role="row"]').length);
        last = now;
        scroller.scrollTop += scroller.clientHeight;
      }
      return { times: times.sort((a, b) => a - b), mostRows };
    });
    const median = frames.times[Math.floor(frames.times.length / 2)];
    const longest = frames.times[frames.times.length - 1];
    test.info().annotations.push({
      type: 'scrolling frame times (ms)',
      description: `median ${median.toFixed(1)}, longest ${longest.toFixed(1)}, ${frames.times.length} frames, at most ${frames.mostRows} rows in the DOM`,
    });
    // The DOM holds only the visible rows at every step of the way...
    expect(frames.mostRows).toBeLessThan(120);
    // How long the frames take is the bench's to measure (npm run bench); here it is only reported.
  });

  await lp.disconnect();
  await lp.expectPhase('closed');
});
