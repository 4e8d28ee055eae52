/**
 * One model per trace: the page, whatever pane is shown, tells the story `loupe check` tells.
 * Annotations are read with only the Traffic pane shown before them; a live hung request is
 * annotated while nobody looks at the diagram; a reused id is one story in the table, the
 * detail pane, the diagram and the annotations.
 */
import { expect, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LoupePage } from './pages/LoupePage';
import { repoRoot, startLoupe, type RunningLoupe, stopInBackground } from './support/loupe';

let loupe: RunningLoupe;

test.beforeAll(async () => {
  loupe = await startLoupe();
});

test.afterAll(async () => {
  stopInBackground(loupe);
});

async function view(page: Page, name: 'Traffic' | 'Annotations' | 'Sequence'): Promise<void> {
  await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name }).click();
}

/** Every annotation the Expert info lists, as `#seq rule message`, collapsed groups included. */
async function pageAnnotations(page: Page): Promise<string[]> {
  const expert = page.getByRole('region', { name: 'Expert info' });
  await expect(expert).toBeVisible();
  const texts = await expert
    .getByRole('button', { name: /^Go to frame \d+: /, includeHidden: true })
    .evaluateAll((all) => all.map((b) => (b.textContent ?? '').replace(/\s+/g, ' ').trim()));
  return texts.sort();
}

/** `loupe check --format json FILE`, as `#seq rule message` lines. */
function checkAnnotations(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, 'bin/loupe.mjs'), 'check', '--format', 'json', '--fail-on', 'info', file],
      { cwd: repoRoot },
      (_err, stdout) => {
        try {
          const report = JSON.parse(stdout) as { annotations: Array<{ frame: number; rule: string; message: string }> };
          resolve(report.annotations.map((a) => `#${a.frame} ${a.rule} ${a.message}`.replace(/\s+/g, ' ').trim()).sort());
        } catch (e) {
          reject(new Error(`loupe check did not print JSON: ${(e as Error).message}\n${stdout}`));
        }
      },
    );
  });
}

/** A session whose client reuses id 1 once the first request was answered. */
function idReuseTrace(): string {
  const header = {
    format: 'loupe-trace',
    version: 1,
    loupeVersion: '0.1.0',
    createdAt: '2026-01-01T00:00:00.000Z',
    target: { transport: 'stdio', name: 'id-reuse', command: 'node', args: [] },
    source: 'live',
  };
  const messages: Array<['c2s' | 's2c', number, object]> = [
    [
      'c2s',
      1_000,
      { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } },
    ],
    ['s2c', 2_000, { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } }],
    ['c2s', 3_000, { jsonrpc: '2.0', method: 'notifications/initialized' }],
    ['c2s', 4_000, { jsonrpc: '2.0', id: 1, method: 'ping' }],
    ['s2c', 5_000, { jsonrpc: '2.0', id: 1, result: {} }],
    ['c2s', 10_000, { jsonrpc: '2.0', id: 1, method: 'tools/list' }],
    ['s2c', 17_000, { jsonrpc: '2.0', id: 1, result: { tools: [] } }],
  ];
  const frames = messages.map(([dir, ts, m], i) => {
    const raw = JSON.stringify(m);
    return { seq: i + 1, ts, dir, lane: 'message', raw, size: raw.length, meta: { transport: 'stdio' } };
  });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'loupe-model-')), 'id-reuse.loupe.ndjson');
  writeFileSync(file, [header, ...frames].map((x) => JSON.stringify(x)).join('\n') + '\n');
  return file;
}

test('a trace opened with only Traffic shown has the annotations loupe check reports', async ({ page }) => {
  const file = path.join(repoRoot, 'e2e/golden/everything-stdio.v1.loupe.ndjson');
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.sidebar.getByLabel('Trace file', { exact: true }).setInputFiles(file);
  await expect(lp.traffic.row('request', 'prompts/get')).toBeVisible();
  const expected = await checkAnnotations(file);
  expect(expected.length).toBeGreaterThan(0);
  await view(page, 'Annotations');
  await expect.poll(() => pageAnnotations(page)).toEqual(expected);
});

test('a live session that ended has the annotations loupe check reports on its export', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  // A server that crashes when asked for its tools (the offer listed on Connect asks): the session
  // ends by itself, live, in the page.
  await lp.addConnection({ name: 'crashes', command: process.execPath, args: [path.join(repoRoot, 'e2e/fixtures/servers/bad-crash.mjs')] });
  await lp.connect('crashes');
  // The crash fails the session, which opens the Doctor by itself: then the Annotations tab.
  await lp.expectPhase('failed');
  await view(page, 'Annotations');
  await expect.poll(async () => (await pageAnnotations(page)).join('\n'), { timeout: 30_000 }).toContain('stdio.exit');
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export trace' });
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /^Save/ }).click();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'loupe-model-')), 'crashes.loupe.ndjson');
  await (await download).saveAs(file);
  await expect.poll(() => pageAnnotations(page)).toEqual(await checkAnnotations(file));
});

test('a reused id tells one story in the table, the detail pane, the diagram and the annotations', async ({ page }) => {
  const file = idReuseTrace();
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.sidebar.getByLabel('Trace file', { exact: true }).setInputFiles(file);

  // The second answer to id 1 answers tools/list (#6), 7 ms after it; not the answered ping.
  const answer = lp.traffic.row('response', 'tools/list');
  await expect(answer).toBeVisible();
  expect(await lp.traffic.facts(answer)).toMatchObject({ seq: 7, id: '1', latency: '7.0 ms' });
  expect(await lp.traffic.facts(lp.traffic.row('response', 'ping'))).toMatchObject({ seq: 5, latency: '1.0 ms' });
  await answer.click();
  await lp.detail.getByRole('button', { name: 'Go to request', exact: true }).click();
  await expect(lp.traffic.grid.getByRole('row', { selected: true })).toHaveCount(1);
  expect((await lp.traffic.facts(lp.traffic.grid.getByRole('row', { selected: true }))).seq).toBe(6);

  await view(page, 'Sequence');
  const diagram = page.getByRole('listbox', { name: 'Sequence diagram' });
  await expect(diagram.getByRole('option', { name: /^#6, .*answered by #7/ })).toBeVisible();
  await expect(diagram.getByRole('option', { name: /^#7, .*answers #6/ })).toBeVisible();
  await expect(diagram.getByRole('option', { name: /^#4, .*answered by #5/ })).toBeVisible();

  await view(page, 'Annotations');
  const rules = (await pageAnnotations(page)).map((t) => t.split(' ')[1]);
  expect(rules).toContain('jsonrpc.id-reused');
  expect(rules).not.toContain('jsonrpc.duplicate-response');
  expect(await pageAnnotations(page)).toEqual(await checkAnnotations(file));
});

test('a live request the server never answers is annotated with only the Traffic pane shown', async ({ page }) => {
  // The analyser's timeout is the session's (the connection's, here 5 s): the finding comes from
  // the page's clock.
  test.setTimeout(120_000);
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.addConnection({ name: 'hangs', command: process.execPath, args: [path.join(repoRoot, 'e2e/fixtures/servers/hangs.mjs'), 'tools/call'] });
  await lp.setRequestTimeout('hangs', 5000);
  await lp.connect('hangs');
  await lp.expectPhase('ready');
  await lp.showTools();
  await lp.toolOption('echo').click();
  await lp.tools.getByRole('radio', { name: 'JSON' }).check();
  await lp.tools.getByRole('textbox', { name: 'Arguments (JSON)' }).fill(JSON.stringify({ message: 'hello' }));
  await lp.tools.getByRole('button', { name: 'Call echo' }).click();

  // The request row gets its warning mark while Traffic is the pane shown, and the session is live
  // (the client gave up at the same 5 s and cancelled the call: the row says so).
  const call = lp.traffic.row('request', /^tools\/call( cancelled)?$/);
  await expect(call.getByRole('img', { name: /1 warning/ })).toBeVisible({ timeout: 60_000 });
  await expect(lp.status.getByText('ready', { exact: true })).toBeVisible();
  await view(page, 'Annotations');
  const expert = page.getByRole('region', { name: 'Expert info' });
  await expect(expert.getByRole('list', { name: 'timing warning annotations' })).toContainText('timing.no-response');
  await expect(expert).toContainText('tools/call (id');
});

test('a server that never answers initialize: the handshake banner and the annotations agree', async ({ page }) => {
  // The handshake waits the session's timeout (the connection's, here 2 s: no answer ever comes,
  // so a short one loses nothing) and is judged by it.
  test.setTimeout(120_000);
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.addConnection({ name: 'silent', command: process.execPath, args: [path.join(repoRoot, 'e2e/fixtures/servers/hangs.mjs'), 'initialize'] });
  await lp.setRequestTimeout('silent', 2000);
  await lp.connect('silent');
  await expect(page.getByText(/no response to initialize/)).toBeVisible({ timeout: 60_000 });
  await view(page, 'Annotations');
  const expert = page.getByRole('region', { name: 'Expert info' });
  await expect(expert.getByRole('list', { name: 'timing warning annotations' })).toContainText('initialize (id');
  await expect(expert).not.toContainText('No annotations');
});
