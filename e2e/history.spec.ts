/**
 * History, end to end: a session with the real server-everything is stored on disk as it runs;
 * once it ends it is listed in the sidebar's History, opens read-only with its frames in the
 * traffic table, and is deleted from disk after a confirm. A long stored session opens whole and
 * exports as `loupe export` writes it, through messages of bounded size.
 */
import { expect, test } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describeFindingCounts } from '../lib/analyze/finding-counts';
import { exportStored } from '../proxy/store/export';
import { SessionStore } from '../proxy/store/store';
import { logFrame, testHeader } from '../proxy/store/testing';
import { HISTORY_PIECE_CHARS } from '../proxy/server/history-stream';
import { LoupePage } from './pages/LoupePage';
import { loupePerFile } from './support/loupe';

const BUILTIN = 'server-everything (reference server)';
const loupe = loupePerFile();

test('a finished session is listed in History, opens with its frames, and is deleted', async ({ page }) => {
  const lp = new LoupePage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await lp.open(loupe.url);
  const stored = () => (existsSync(path.join(loupe.configDir, 'sessions')) ? readdirSync(path.join(loupe.configDir, 'sessions')) : []);

  await test.step('connects to server-everything, lists its tools and disconnects', async () => {
    await lp.connect(BUILTIN);
    await lp.expectPhase('ready');
    await lp.showTools();
    await lp.traffic.expectRow('response', 'tools/list');
    await lp.disconnect();
    await lp.expectPhase('closed');
  });

  const history = page.getByRole('list', { name: 'Stored sessions' });
  const entry = history.getByRole('listitem').first();
  let id = '';
  await test.step('History lists it, ended cleanly, with its frames and size', async () => {
    await lp.sidebar.getByText(/^Stored sessions/).click();
    await expect(entry.getByText('clean', { exact: true })).toBeVisible();
    await expect(entry).toContainText('launched');
    await expect(entry).toContainText(/\d+ frames · \d/);
    [id] = stored();
    expect(id).toMatch(/^\d{8}-\d{6}-[0-9a-f]{6}$/);
    await expect(entry).toHaveAccessibleName(new RegExp(`${id}$`));
  });

  await test.step('Open shows it in a tab of its own with its frames in the traffic table', async () => {
    const tabs = await lp.sessionTabs.getByRole('tab').count();
    await entry.getByRole('button', { name: `Open stored session ${id}` }).click();
    await expect(lp.sessionTabs.getByRole('tab')).toHaveCount(tabs + 1);
    await expect(lp.sessionTabs.getByRole('tab', { selected: true })).toContainText('everything');
    const init = await lp.traffic.expectRow('request', 'initialize');
    const list = await lp.traffic.expectRow('response', 'tools/list');
    expect(list.seq).toBeGreaterThan(init.seq);
    await lp.screenshot('history-1440');
  });

  await test.step('Delete asks once more, then removes it from the list and the disk', async () => {
    await entry.getByRole('button', { name: `Delete stored session ${id}` }).click();
    expect(stored()).toEqual([id]);
    await entry.getByRole('button', { name: `Confirm deleting stored session ${id}` }).click();
    await expect(page.getByText('No stored sessions yet')).toBeVisible();
    expect(stored()).toEqual([]);
  });
});

test('a long stored session lists its findings, opens whole and exports line for line, in messages of bounded size', async ({ page }) => {
  const FRAMES = 20_000;
  const secret = 'sk-live-history-e2e-98765';
  const store = new SessionStore(path.join(loupe.configDir, 'sessions'));
  const w = store.create({ source: 'record', header: testHeader('long-stored'), startedAt: Date.now(), secrets: [{ rule: 'env:API_KEY', value: secret }] });
  for (let seq = 1; seq <= FRAMES; seq++) {
    const f = logFrame(seq, seq * 1000);
    w.append(seq === FRAMES ? { ...f, raw: f.raw.replace(`tick ${seq}`, `tick ${secret}`) } : f);
  }
  w.close();
  await w.counted;
  const id = w.id;
  const findings = store.list().find((l) => l.id === id)?.findings;
  expect(findings).toBeDefined();

  // Every message the page is sent, by size.
  const sizes: number[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => sizes.push(typeof f.payload === 'string' ? f.payload.length : f.payload.byteLength)));
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.sidebar.getByText(/^Stored sessions/).click();
  const entry = page.getByRole('listitem', { name: `Stored session long-stored ${id}` });
  await expect(entry).toContainText(`${FRAMES} frames`);
  // The findings counted when it closed.
  await expect(entry).toContainText(describeFindingCounts(findings!));
  await page.setViewportSize({ width: 1280, height: 720 });
  await lp.screenshot('history-findings-1280');

  await test.step('Open shows every frame', async () => {
    await entry.getByRole('button', { name: `Open stored session ${id}` }).click();
    await expect(lp.sessionTabs.getByRole('tab', { selected: true })).toContainText('long-stored');
    await expect(page.getByText(new RegExp(`^${FRAMES} frames$`))).toBeVisible({ timeout: 60_000 });
  });

  await test.step('Export saves the file loupe export writes, redacted', async () => {
    const download = page.waitForEvent('download');
    await entry.getByRole('button', { name: `Export stored session ${id}` }).click();
    const saved = readFileSync(await (await download).path(), 'utf8');
    const file = path.join(loupe.configDir, 'cli-export.ndjson');
    exportStored(store.open(id), file, { loupeVersion: '0.0.0', redact: {} });
    const [head, ...lines] = saved.split('\n');
    const [, ...cliLines] = readFileSync(file, 'utf8').split('\n');
    expect(lines.length).toBe(FRAMES + 1);
    expect(lines).toEqual(cliLines);
    const header = JSON.parse(head) as { target: { name: string }; redaction?: { count: number } };
    expect(header.target.name).toBe('long-stored');
    expect(header.redaction?.count).toBeGreaterThan(0);
    expect(saved).not.toContain(secret);
  });

  // The session's text is many MiB; no message carried more than a piece of it.
  expect(Math.max(...sizes)).toBeLessThan(2 * HISTORY_PIECE_CHARS);
});
