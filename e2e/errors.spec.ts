/**
 * Errors a new user meets read as one clear line each: a wrong HTTP path shows the status and a
 * short excerpt (not the server's HTML error pages), and a server that exits at once shows the
 * stderr line with its reason in the banner, beside the exit.
 */
import { expect, test } from '@playwright/test';
import { LoupePage } from './pages/LoupePage';
import { everythingHttp, loupeWithServers } from './support/servers';

const { loupe, servers } = loupeWithServers({ everything: everythingHttp });

test('a wrong HTTP path reads one line per attempt with its status, no HTML', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  const wrong = new URL('/not-mcp', servers.everything.url).toString();
  await lp.importServers({ 'wrong-path': { type: 'http', url: wrong } });
  await lp.connect('wrong-path');
  await lp.expectPhase('failed');
  const banner = lp.status.getByRole('alert');
  await expect(banner).toContainText('404');
  const text = await banner.innerText();
  expect(text).not.toMatch(/<(html|body|pre|!doctype)/i);
  // The Streamable HTTP attempt and the HTTP+SSE fallback: one line each, with an excerpt.
  const lines = text.split('\n').filter((l) => l.trim());
  expect(lines.length).toBeLessThanOrEqual(3);
  for (const l of lines) expect(l.length).toBeLessThan(400);
  expect(text).toMatch(/POST \S+ was answered 404 Not Found \(Cannot POST \/not-mcp\)/);
});

test('a server that exits at once shows the reason from its stderr in the banner', async ({ page }) => {
  const lp = new LoupePage(page);
  await lp.open(loupe.url);
  await lp.importServers({ 'exits-at-once': { command: process.execPath, args: ['/nonexistent/loupe-missing-server.mjs'] } });
  await lp.connect('exits-at-once');
  const banner = lp.status.getByRole('alert');
  await expect(banner.getByRole('group', { name: 'Server stderr' })).toContainText("Cannot find module '/nonexistent/loupe-missing-server.mjs'", {
    timeout: 20_000,
  });
});
