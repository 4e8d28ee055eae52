/**
 * Replay, Edit and Pin from the traffic table and the sequence diagram, against server-everything:
 * replays are ordinary new requests (new id, same params), Edit fills the raw composer, pins are
 * saved with the connection and survive a reload, and what a client cannot send is refused with why.
 */
import { expect, test, type Page } from '@playwright/test';
import { LoupePage } from './pages/LoupePage';
import { ClientPanel } from './pages/ClientPanel';
import { loupePerFile } from './support/loupe';

const loupe = loupePerFile();

/**
 * The table renders a window of its rows, and server-everything's own notifications push the first
 * call out of it as the test runs: filtered to the calls, every one of them is a rendered row.
 */
async function onlyCalls(page: Page): Promise<void> {
  await page.getByRole('searchbox', { name: 'Filter by method' }).fill('tools/call');
}

async function echoRequests(lp: LoupePage): Promise<number[]> {
  await onlyCalls(lp.page);
  return (await lp.traffic.all()).filter((r) => r.kind === 'request' && r.method === 'tools/call').map((r) => r.seq);
}

async function view(page: Page, name: string): Promise<void> {
  await page.getByRole('tablist', { name: 'Session views' }).getByRole('tab', { name, exact: true }).click();
}

test('replay, edit and pin a request; a response or a server request is refused with the reason', async ({ page }) => {
  const lp = new LoupePage(page);
  const client = new ClientPanel(page);
  const again = lp.detail.getByRole('group', { name: 'Send again' });
  await lp.open(loupe.url);
  await lp.connect('server-everything (reference server)');
  await lp.expectPhase('ready');
  await client.showTools();
  await lp.callTool('echo', { message: 'replay me' });

  await test.step('Replay sends the same params under a new id, an ordinary frame of the trace', async () => {
    await lp.traffic.row('request', 'tools/call').click();
    const originalId = (await lp.traffic.facts(lp.traffic.row('request', 'tools/call'))).id;
    await again.getByRole('button', { name: 'Replay' }).click();
    await expect(again.getByRole('status')).toHaveText(/Sent again as call c\d+/);
    await expect.poll(async () => (await echoRequests(lp)).length).toBe(2);
    await again.getByRole('button', { name: /^Go to #\d+$/ }).click();
    const raw = lp.detail.getByRole('region', { name: 'Raw text' });
    await expect(raw).toContainText('"message":"replay me"');
    await expect(raw).not.toContainText(`"id":${originalId},`);
    await expect(lp.traffic.row('response', 'tools/call')).toBeVisible();
  });

  await test.step('Pin keeps it with the connection: a reload keeps it, one click sends it', async () => {
    await again.getByRole('button', { name: 'Pin' }).click();
    await client.tab('Pinned');
    const pinned = client.root.getByRole('region', { name: 'Pinned requests' }).getByRole('listitem', { name: 'tools/call echo' });
    await expect(pinned).toBeVisible();
    await page.reload();
    await client.tab('Pinned');
    await expect(pinned).toBeVisible();
    await pinned.getByRole('button', { name: 'Send tools/call echo' }).click();
    await expect(client.root.getByRole('status').filter({ hasText: /sent as call c\d+/ })).toBeVisible();
    await expect.poll(async () => (await echoRequests(lp)).length).toBe(3);
  });

  await test.step('Edit opens the request in the raw composer with a fresh id, to change and send', async () => {
    await lp.traffic.row('request', 'tools/call').click();
    await again.getByRole('button', { name: 'Edit' }).click();
    const box = client.root.getByRole('textbox', { name: 'Raw frame' });
    await expect(box).toBeFocused();
    const text = await box.inputValue();
    expect(text).toContain('"id":"edit-');
    expect(text).toContain('"message":"replay me"');
    expect(text).not.toContain('progressToken');
    await box.fill(text.replace('replay me', 'edited by hand'));
    await client.root.getByRole('button', { name: 'Send raw' }).click();
    await expect(client.root.getByRole('list', { name: 'Frames after it' })).toContainText('Echo: edited by hand');
  });

  await test.step('in the sequence diagram too', async () => {
    await view(page, 'Sequence');
    const diagram = page.getByRole('listbox', { name: 'Sequence diagram' });
    const seqDetail = page.getByRole('complementary', { name: 'Frame detail' });
    const seqAgain = seqDetail.getByRole('group', { name: 'Send again' });
    // The diagram may still be scrolling to the selected frame as it opens, and a click aimed at
    // a row then lands on another: clicked again until a call is the frame shown.
    await expect(async () => {
      await diagram
        .getByRole('option', { name: /request, tools\/call/ })
        .first()
        .click();
      await expect(seqDetail.getByRole('heading', { level: 3 })).toHaveText(/request tools\/call$/, { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await seqAgain.getByRole('button', { name: 'Replay' }).click();
    await expect(seqAgain.getByRole('status')).toHaveText(/Sent again as call c\d+/);
    await view(page, 'Traffic');
    // The original, Replay, the pinned Send, the edited raw frame, and this replay.
    await expect.poll(async () => (await echoRequests(lp)).length).toBe(5);
  });

  await test.step('a response and a server-sent frame are refused, with the reason', async () => {
    await page.getByRole('searchbox', { name: 'Filter by method' }).fill('');
    // The handshake's rows may be drawn above the view: a click that has to scroll the table
    // first would land on the row element after it took another frame (elements are reused).
    await lp.traffic.scrollToTop();
    await lp.traffic.row('response', 'initialize').click();
    await expect(again.getByRole('button', { name: 'Replay' })).toBeDisabled();
    await expect(again.getByRole('button', { name: 'Pin' })).toBeDisabled();
    await expect(again).toContainText('a response answers one request');
    await lp.traffic.row('request', 'initialize').click();
    await expect(again.getByRole('button', { name: 'Replay' })).toBeDisabled();
    await expect(again).toContainText('initialize runs once per session');
  });
});
