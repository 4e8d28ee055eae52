/**
 * A tap followed in the dashboard reads its copy on disk, which the tap's own recorder writes: the
 * dashboard finds it by the header both share, and the page's search and reads answer from it.
 */
import { afterEach, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { ProxyMessage } from '../../lib/wire/protocol';
import { EVERYTHING, killStartedLoupes, LOUPE_BIN, startLoupe, tempDir } from '../cli/shared/run-cli';
import { PageClient } from '../server/testing/harness';
import { waitFor } from '../sessions/test-support';

type WireFrame = Extract<ProxyMessage, { type: 'frames/append' }>['frames'][number];
const clients: Client[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => {});
  killStartedLoupes();
});

it("searches and reads a followed tap's session in the copy its recorder stores", async () => {
  const configDir = tempDir();
  const loupe = startLoupe(configDir, ['--port', '0']);
  const page = await PageClient.at(await loupe.url);
  const client = new Client({ name: 'a-host', version: '1.0.0' });
  const args = [LOUPE_BIN, 'tap', '--config-dir', configDir, '--name', 'tapped', '--', ...EVERYTHING];
  await client.connect(new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' }));
  clients.push(client);
  await client.callTool({ name: 'echo', arguments: { message: 'Tapped-And-Stored' } });

  // The dashboard follows the tap and, once the recorder has stored it, names its copy on disk.
  const update = await page.next('sessions/update', (m) => m.sessions.some((s) => s.source === 'tap' && s.storedId !== undefined), 30_000);
  const tap = update.sessions.find((s) => s.source === 'tap')!;
  page.send({ type: 'session/attach', rid: 'attach', sessionId: tap.id });
  // Every frame the page was sent of it, once both frames of the echo are among them.
  const live = (): WireFrame[] =>
    page.received.flatMap((m) => ((m.type === 'frames/snapshot' || m.type === 'frames/append') && m.sessionId === tap.id ? m.frames : []));
  const holding = () =>
    live()
      .filter((f) => f.raw.includes('Tapped-And-Stored'))
      .map((f) => f.seq);
  await waitFor(() => holding().length >= 2, 15_000, 'the echo in the frames the page was sent');

  // The recorder writes in batches of 100 ms: the frames are there within a few.
  let found: number[] = [];
  for (let i = 0; i < 20 && found.length < 2; i++) {
    page.send({ type: 'session/search', rid: `s${i}`, sessionId: tap.id, text: 'tapped-and-stored' });
    found = (await page.next('session/search-result', (m) => m.rid === `s${i}`)).seqs;
    if (found.length < 2) await new Promise((r) => setTimeout(r, 200));
  }
  expect(found).toEqual(holding());
  page.send({ type: 'session/stored-frames', rid: 'read', sessionId: tap.id, seqs: found });
  const read = await page.next('session/stored-frames', (m) => m.rid === 'read');
  expect(read.frames).toEqual(live().filter((f) => found.includes(f.seq)));
  page.close();
});
