/**
 * A live session read back from its copy on disk through the page's socket: frames by seq exactly
 * as the page was sent them live, and a search of every frame's text that sees a frame recorded a
 * moment ago (the writer is flushed first). A session without a copy on disk says so.
 */
import { afterEach, expect, it } from 'vitest';
import type { ProxyMessage } from '../../lib/wire/protocol';
import { killStartedLoupes, startLoupe, tempDir } from '../cli/shared/run-cli';
import { PageClient, openReadySession } from './testing/harness';

type WireFrame = Extract<ProxyMessage, { type: 'frames/append' }>['frames'][number];

afterEach(() => killStartedLoupes());

it('reads frames and searches text in the copy on disk of a live session', async () => {
  const loupe = startLoupe(tempDir(), ['--port', '0']);
  const page = await PageClient.at(await loupe.url);
  const ready = await openReadySession(page);
  expect(ready.storedId).toMatch(/^\d{8}-\d{6}-[0-9a-f]{6}$/);
  const sessionId = ready.id;
  page.send({ type: 'session/attach', rid: 'attach', sessionId });
  page.send({ type: 'session/request', rid: 'echo', sessionId, method: 'tools/call', params: { name: 'echo', arguments: { message: 'Found-On-Disk' } } });
  await page.next('request/result', (m) => m.rid === 'echo', 15_000);

  // At once, with no wait for the writer's next flush.
  page.send({ type: 'session/search', rid: 'search', sessionId, text: 'found-on-disk' });
  const found = await page.next('session/search-result', (m) => m.rid === 'search');
  // What the page was sent live: the frames batch a few ms after the result, so wait for both.
  const live: WireFrame[] = [];
  for (const m of page.received) if ((m.type === 'frames/snapshot' || m.type === 'frames/append') && m.sessionId === sessionId) live.push(...m.frames);
  const holdingSeqs = () => live.filter((f) => f.raw.includes('Found-On-Disk')).map((f) => f.seq);
  while (holdingSeqs().length < 2)
    live.push(...(await page.next('frames/append', (m) => m.sessionId === sessionId && !live.includes(m.frames[0]), 15_000)).frames);
  const holding = holdingSeqs();
  expect(found.seqs).toEqual(holding.filter((seq) => seq <= Math.max(...found.seqs)));
  expect(found.seqs.length).toBeGreaterThanOrEqual(2);
  expect(found.scannedBytes).toBeGreaterThan(0);

  page.send({ type: 'session/stored-frames', rid: 'read', sessionId, seqs: [found.seqs[1], 1, found.seqs[0]] });
  const read = await page.next('session/stored-frames', (m) => m.rid === 'read');
  const bySeq = new Map(live.map((f) => [f.seq, f]));
  expect(read.frames).toEqual([1, found.seqs[0], found.seqs[1]].map((seq) => bySeq.get(seq)));

  // Bad asks are refused by name, not guessed at.
  page.send({ type: 'session/search', rid: 'empty', sessionId, text: '   ' });
  expect(await page.next('ack', (m) => m.rid === 'empty')).toMatchObject({ ok: false, error: expect.stringMatching(/a search needs some text/) });
  page.send({ type: 'session/stored-frames', rid: 'none', sessionId: 'no-such-session', seqs: [1] });
  expect(await page.next('ack', (m) => m.rid === 'none')).toMatchObject({ ok: false, error: expect.stringMatching(/no-such-session/) });
  page.close();
});
