/**
 * The session views against a real Loupe (exported page + proxy) and the real server-everything:
 * the sequence diagram's handshake, request/response pairs and a sampling request nested under
 * the tools/call that caused it; the capability tables; the timing view. Needs `next build` (out/).
 */
import { test, expect, type Page, type Locator } from '@playwright/test';
import WebSocket from 'ws';
import { startLoupe, type RunningLoupe, stopInBackground } from './support/loupe';
import { LoupePage } from './pages/LoupePage';

test.use({ viewport: { width: 1500, height: 900 } });
test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);

let loupe: RunningLoupe;
let info: { url: string; port: number; token: string };

test.beforeAll(async () => {
  // The 20,000-frame diagram below is held whole in the page: past the default's 10,000 frames
  // the rest would be on disk only (Browse), not in the live views.
  loupe = await startLoupe(['--session-budget', '256MiB']);
  const url = new URL(loupe.url);
  info = { url: loupe.url, port: Number(url.port), token: url.searchParams.get('token')! };
});

test.afterAll(async () => {
  stopInBackground(loupe);
});

/** A second page socket, standing in for the person answering the server's sampling request. */
async function answerSampling(): Promise<void> {
  const ws = new WebSocket(`ws://127.0.0.1:${info.port}/ws?token=${info.token}`, { headers: { Origin: `http://127.0.0.1:${info.port}` } });
  try {
    await new Promise<void>((resolve, reject) => {
      // Earlier tests' sessions may still be open: watch every ready one, answer where it asks.
      const attached = new Set<string>();
      ws.on('message', (data) => {
        const msg = JSON.parse(String(data));
        if (msg.type === 'hello' || msg.type === 'sessions/update') {
          for (const s of msg.sessions as { id: string; status: string }[]) {
            if (s.status !== 'ready' || attached.has(s.id)) continue;
            attached.add(s.id);
            ws.send(JSON.stringify({ type: 'session/attach', sessionId: s.id }));
          }
        }
        if (msg.type === 'server-requests/update') {
          const p = msg.pending.find((x: { method: string }) => x.method === 'sampling/createMessage');
          if (!p) return;
          ws.send(
            JSON.stringify({
              type: 'server-request/answer',
              sessionId: msg.sessionId,
              key: p.key,
              result: { role: 'assistant', content: { type: 'text', text: 'Paris <b>bold</b>' }, model: 'e2e-model', stopReason: 'endTurn' },
            }),
          );
          resolve();
        }
      });
      ws.once('error', reject);
      setTimeout(() => reject(new Error('no sampling request arrived within 20 s')), 20_000);
    });
  } finally {
    setTimeout(() => ws.close(), 500);
  }
}

/** Sends a request through the proxy's own client, as a raw composer would. */
async function sendThroughProxy(sessionName: string, method: string): Promise<void> {
  const ws = new WebSocket(`ws://127.0.0.1:${info.port}/ws?token=${info.token}`, { headers: { Origin: `http://127.0.0.1:${info.port}` } });
  try {
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (data) => {
        const msg = JSON.parse(String(data));
        if (msg.type === 'hello') {
          const s = msg.sessions.find((x: { name: string; status: string }) => x.name === sessionName && x.status === 'ready');
          if (!s) return reject(new Error(`no ready session named ${sessionName}`));
          ws.send(JSON.stringify({ type: 'session/request', rid: 'r1', sessionId: s.id, method }));
        }
        if (msg.type === 'request/result' && msg.rid === 'r1') resolve();
      });
      ws.once('error', reject);
      setTimeout(() => reject(new Error(`no answer to ${method} within 10 s`)), 10_000);
    });
  } finally {
    ws.close();
  }
}

async function connectWithSampling(page: Page): Promise<void> {
  await page.goto(info.url);
  await page.getByRole('button', { name: /Connect options/ }).click();
  await page.getByRole('group', { name: 'Connect options' }).getByRole('textbox', { name: 'Client capabilities (JSON)' }).fill('{"sampling":{}}');
  await page.getByRole('button', { name: /^Connect server-everything/ }).click();
  await expect(page.getByRole('button', { name: 'List tools' })).toBeEnabled({ timeout: 20_000 });
}

async function callSamplingTool(page: Page): Promise<void> {
  const loupe = new LoupePage(page);
  await loupe.showTools();
  const answered = answerSampling();
  await loupe.callTool('trigger-sampling-request', { prompt: 'capital of France?', maxTokens: 20 });
  await answered;
  await expect(loupe.tools.getByRole('region', { name: 'Call result' })).toContainText('LLM sampling result', { timeout: 20_000 });
}

async function callLongOperation(page: Page, args: unknown): Promise<void> {
  const loupe = new LoupePage(page);
  if (!(await loupe.tools.isVisible())) await loupe.showTools();
  await loupe.callTool('trigger-long-running-operation', args);
  await expect(loupe.tools.getByRole('region', { name: 'Call result' })).toContainText('Long running operation completed', { timeout: 20_000 });
}

async function seqOf(row: Locator): Promise<number> {
  return Number(await row.getAttribute('data-seq'));
}

test('the sequence diagram draws the handshake, pairs and nesting of a live server-everything session', async ({ page }) => {
  await connectWithSampling(page);
  await callSamplingTool(page);
  await page.getByRole('tab', { name: 'Sequence' }).click();
  const diagram = page.getByRole('listbox', { name: 'Sequence diagram' });
  const row = (name: RegExp) => diagram.getByRole('option', { name });

  // Handshake: initialize, its result, notifications/initialized, in this order and linked.
  const init = row(/client → server, request, initialize #/);
  const initResult = row(/server → client, response, initialize result/);
  const initialized = row(/client → server, notification, notifications\/initialized/);
  await expect(init).toHaveCount(1);
  const [a, b, c] = [await seqOf(init), await seqOf(initResult), await seqOf(initialized)];
  expect(a).toBeLessThan(b);
  expect(b).toBeLessThan(c);
  await expect(init).toHaveAccessibleName(new RegExp(`answered by #${b}`));
  await expect(initResult).toHaveAccessibleName(new RegExp(`answers #${a}, [0-9.]+ (µs|ms|s)`));

  // tools/call paired with its response, which carries the latency.
  const call = row(/client → server, request, tools\/call #/).last();
  const callSeq = await seqOf(call);
  const name = (await call.getAttribute('aria-label'))!;
  const responseSeq = Number(/answered by #(\d+)/.exec(name)![1]);
  const response = diagram.locator(`[data-seq="${responseSeq}"]`);
  await expect(response).toHaveAccessibleName(new RegExp(`tools/call result, answers #${callSeq}, [0-9.]+ (µs|ms|s)`));

  // The server's sampling request is nested under the tools/call that triggered it, and answered.
  const sampling = row(/server → client, request, sampling\/createMessage/);
  await expect(sampling).toHaveAccessibleName(new RegExp(`answered by #\\d+, nested under #${callSeq}`));
  const samplingSeq = await seqOf(sampling);
  expect(samplingSeq).toBeGreaterThan(callSeq);
  expect(samplingSeq).toBeLessThan(responseSeq);

  // Click selects (and opens the detail), the keyboard moves through frames.
  await sampling.click();
  await expect(sampling).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('complementary', { name: 'Frame detail' })).toContainText('sampling/createMessage');
  await diagram.press('ArrowDown');
  await expect(diagram.locator(`[data-seq="${samplingSeq + 1}"]`)).toHaveAttribute('aria-selected', 'true');
  await diagram.press('Home');
  await expect(diagram.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: 'test-results/views/sequence.png' });

  // Hover shows a summary.
  await call.hover();
  await expect(page.getByRole('tooltip')).toContainText(`#${callSeq} request tools/call`);

  // Export the visible range as Mermaid and as SVG.
  await page.getByRole('button', { name: 'Export Mermaid' }).click();
  const mermaid = page.getByRole('dialog', { name: 'Mermaid export' });
  const text = await mermaid.getByRole('textbox', { name: 'Mermaid text' }).inputValue();
  expect(text.startsWith('sequenceDiagram\n')).toBe(true);
  expect(text).toMatch(/C->>S: \d+ initialize/);
  expect(text).toMatch(/S->>C: \d+ sampling\/createMessage/);
  await page.screenshot({ path: 'test-results/views/mermaid.png' });
  await mermaid.getByRole('button', { name: 'Close' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export SVG' }).click();
  const file = await (await download).path();
  const svg = (await import('node:fs')).readFileSync(file, 'utf8');
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg).toContain('sampling/createMessage');

  // Real-time mode keeps the same rows.
  await page.getByRole('button', { name: 'Real time' }).click();
  await expect(row(/sampling\/createMessage/).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/views/sequence-real-time.png' });
});

test('capability tables and timing show server-everything', async ({ page }) => {
  await connectWithSampling(page);
  await callSamplingTool(page);
  await page.getByRole('button', { name: 'Close client panel' }).click();

  await page.getByRole('tab', { name: 'Capabilities' }).click();
  const server = page.getByRole('table', { name: 'Server capabilities' });
  for (const cap of ['tools', 'resources', 'prompts', 'logging', 'tasks']) {
    await expect(server.getByRole('row', { name: new RegExp(`^${cap} yes`) })).toHaveCount(1);
  }
  await expect(server.getByRole('row', { name: /^resources.subscribe yes/ })).toHaveCount(1);
  // Every capability 2025-11-25 defines is listed, declared or not (16, plus the header row).
  await expect(server.getByRole('row')).toHaveCount(17);
  await expect(server.getByRole('row', { name: /^experimental no/ })).toHaveCount(1);
  await expect(server.getByRole('row', { name: /^tasks.requests.tools.call yes/ })).toHaveCount(1);
  const client = page.getByRole('table', { name: 'Client capabilities' });
  await expect(client.getByRole('row', { name: /^sampling yes/ })).toHaveCount(1);
  await expect(client.getByRole('row', { name: /^roots no/ })).toHaveCount(1);
  await expect(page.getByLabel('Handshake', { exact: true })).toContainText('mcp-servers/everything');
  const used = page.getByRole('table', { name: 'Methods used' });
  await expect(used.getByRole('row', { name: /tools\/call client → server request \d+ yes/ })).toHaveCount(1);
  await expect(used.getByRole('row', { name: /sampling\/createMessage server → client request 1 yes/ })).toHaveCount(1);
  await page.screenshot({ path: 'test-results/views/capabilities.png' });
  await used.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/views/capabilities-used.png' });

  await page.getByRole('tab', { name: 'Timing' }).click();
  const latency = page.getByRole('table', { name: 'Latency by method' });
  await expect(latency.getByRole('row', { name: /^tools\/call client 1 0 0/ })).toHaveCount(1);
  await expect(latency.getByRole('row', { name: /^sampling\/createMessage server 1 0 0/ })).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Request waterfall' }).getByRole('listitem', { name: /tools\/call answered/ })).toHaveCount(1);
  await page.screenshot({ path: 'test-results/views/timing.png' });
});

test('progress is grouped under its request, and the diagram follows the live end until scrolled away', async ({ page }) => {
  await page.setViewportSize({ width: 1500, height: 600 });
  await connectWithSampling(page);
  await page.getByRole('tab', { name: 'Sequence' }).click();
  const diagram = page.getByRole('listbox', { name: 'Sequence diagram' });
  const lastRow = async () => diagram.locator('[data-seq]').last();

  // New frames arrive while the person watches: the newest stays in view.
  await callLongOperation(page, { duration: 1, steps: 10 });
  const call = diagram.getByRole('option', { name: /request, tools\/call #/ }).last();
  await expect(call).toHaveAccessibleName(/10 progress notifications/);
  const callSeq = await seqOf(call);
  const progress = diagram.getByRole('option', { name: new RegExp(`notification, progress \\d+/10, nested under #${callSeq}`) });
  await expect(progress).toHaveCount(10);
  await expect(await lastRow()).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Follow live' })).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: 'test-results/views/sequence-progress.png' });

  // Folding progress hides the notifications; the request keeps their count.
  await page.getByRole('checkbox', { name: 'Fold progress into its request' }).check();
  await expect(progress).toHaveCount(0);
  await expect(diagram.locator(`[data-seq="${callSeq}"]`)).toHaveAccessibleName(/10 progress notifications/);
  await page.getByRole('checkbox', { name: 'Fold progress into its request' }).uncheck();

  // Scrolled away from the end, the view stays put while frames keep coming.
  await diagram.evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(page.getByRole('button', { name: 'Follow live' })).toHaveAttribute('aria-pressed', 'false');
  const rowCount = page.getByRole('toolbar', { name: 'Sequence diagram controls' }).getByText(/^[\d,]+ rows$/);
  const before = parseInt((await rowCount.textContent())!.replace(/,/g, ''), 10);
  await callLongOperation(page, { duration: 0.5, steps: 5 });
  await expect.poll(async () => parseInt((await rowCount.textContent())!.replace(/,/g, ''), 10)).toBeGreaterThanOrEqual(before + 7);
  expect(await diagram.evaluate((el) => el.scrollTop)).toBe(0);
  await expect(await lastRow()).not.toBeInViewport();

  // Follow live jumps back to the end.
  await page.getByRole('button', { name: 'Follow live' }).click();
  await expect(await lastRow()).toBeInViewport();
});

// How quickly the diagram first draws 100,000 frames is the bench's figure (npm run bench); here
// 20,000 frames, many screens of them, show that only the rows in view are drawn wherever it is.
test('the diagram stays virtualized with 20,000 frames', async ({ page }) => {
  test.setTimeout(120_000);
  const loupe = new LoupePage(page);
  await loupe.open(info.url);
  await loupe.addConnection({ name: 'views-flood', command: process.execPath, args: [`${process.cwd()}/e2e/fixtures/servers/views-flood.mjs`] });
  await loupe.connect('views-flood');
  await expect(page.getByRole('button', { name: 'List tools' })).toBeEnabled({ timeout: 20_000 });
  await loupe.showTools();
  // Not callTool(): its wait for the result is a short one, and 20,000 frames take longer on a busy machine.
  await loupe.toolOption('flood').click();
  await loupe.tools.getByRole('radio', { name: 'JSON' }).check();
  await loupe.tools.getByRole('textbox', { name: 'Arguments (JSON)' }).fill(JSON.stringify({ count: 20_000 }));
  await loupe.tools.getByRole('button', { name: 'Call flood' }).click();
  await expect(loupe.tools.getByRole('region', { name: 'Call result' })).toContainText('flooded 20000', { timeout: 60_000 });
  // The call's answer can overtake the last batches of frames: wait until the page holds them all.
  await expect(page.getByText(/^200\d\d frames$/)).toBeVisible({ timeout: 60_000 });

  await page.getByRole('tab', { name: 'Sequence' }).click();
  const diagram = page.getByRole('listbox', { name: 'Sequence diagram' });
  const rowCount = page.getByRole('toolbar', { name: 'Sequence diagram controls' }).getByText(/^[\d,]+ rows$/);
  await expect(rowCount).toHaveText(/^20,0\d\d rows$/, { timeout: 30_000 });
  await expect(diagram.getByRole('option', { name: /tools\/call result/ })).toBeVisible();

  // Only the rows in view are in the DOM, wherever the view is.
  expect(await diagram.getByRole('option').count()).toBeLessThan(80);
  await diagram.evaluate((el) => {
    el.scrollTop = el.scrollHeight / 2;
  });
  await expect(diagram.getByRole('option', { name: /notifications\/message|progress/ }).first()).toBeVisible();
  expect(await diagram.getByRole('option').count()).toBeLessThan(80);
  await diagram.press('End');
  await expect(diagram.getByRole('option').last()).toHaveAttribute('aria-selected', 'true');
  await expect(diagram.getByRole('option', { name: /tools\/call result/ })).toHaveCount(1);
  await page.screenshot({ path: 'test-results/views/sequence-20k.png' });

  await page.getByRole('tab', { name: 'Timing' }).click();
  await expect(page.getByRole('table', { name: 'Latency by method' }).getByRole('row', { name: /^tools\/call client 1 0 0/ })).toHaveCount(1);

  // A request the server never declared: the used view says so and links to the annotation.
  await sendThroughProxy('views-flood', 'prompts/list');
  await page.getByRole('tab', { name: 'Capabilities' }).click();
  const used = page.getByRole('table', { name: 'Methods used' });
  await used.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/views/capabilities-violation.png' });
  const violation = used.getByRole('row', { name: /^prompts\/list client → server request 1 no the server did not declare prompts/ });
  await expect(violation).toHaveCount(1);
  // The link appears once the analyser has judged every frame (it works in slices).
  await violation.getByRole('button', { name: 'capability.receiver-undeclared' }).click({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Sequence' }).click();
  await expect(diagram.getByRole('option', { name: /request, prompts\/list #/ })).toHaveAttribute('aria-selected', 'true');
  await expect(diagram.getByRole('option', { name: /request, prompts\/list #.*error$/ })).toHaveCount(1);
});
