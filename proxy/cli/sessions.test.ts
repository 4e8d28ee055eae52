/**
 * A session `loupe start` ran is on disk after Loupe has gone: `loupe sessions` lists it and
 * `loupe export ID` writes it back frame for frame as the page was sent it live.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { describeFindingCounts } from '../../lib/analyze/finding-counts';
import type { ProxyMessage, SessionSummary } from '../../lib/wire/protocol';
import { readTraceText } from '../../lib/trace/reader';
import { PageClient, openReadySession } from '../server/testing/harness';
import type { SessionListing } from '../store/store';
import { killStartedLoupes, runCli, startLoupe, tempDir } from './shared/run-cli';

type WireFrame = Extract<ProxyMessage, { type: 'frames/append' }>['frames'][number];

afterEach(() => killStartedLoupes());

it('lists a launched session after Loupe closed, and exports it identical to what the live session held', async () => {
  const configDir = tempDir();
  const loupe = startLoupe(configDir, ['--port', '0']);
  const page = await PageClient.at(await loupe.url);
  const ready: SessionSummary = await openReadySession(page);
  const sessionId = ready.id;
  page.send({ type: 'session/attach', rid: 'attach', sessionId });
  page.send({ type: 'session/request', rid: 'echo', sessionId, method: 'tools/call', params: { name: 'echo', arguments: { message: 'kept on disk' } } });
  await page.next('request/result', (m) => m.rid === 'echo', 15_000);
  page.send({ type: 'session/close', rid: 'close', sessionId });
  await page.next('sessions/update', (m) => m.sessions.some((s) => s.id === sessionId && s.status === 'closed'), 15_000);
  // Every frame the page was sent: the snapshot's chunks, then the appends, until the exit frame.
  const live: WireFrame[] = [];
  for (const m of page.received) {
    if ((m.type === 'frames/snapshot' || m.type === 'frames/append') && m.sessionId === sessionId) live.push(...m.frames);
  }
  const exitSeen = () => live.some((f) => f.lane === 'lifecycle' && (f.meta as { event?: string } | undefined)?.event === 'exit');
  while (!exitSeen()) live.push(...(await page.next('frames/append', (m) => m.sessionId === sessionId, 15_000)).frames);
  page.close();
  loupe.child.kill('SIGTERM');
  expect(await loupe.exited).toBe(0);

  const listed = await runCli(['sessions', '--json', '--config-dir', configDir]);
  expect(listed.code).toBe(0);
  const sessions = JSON.parse(listed.stdout) as SessionListing[];
  expect(sessions).toHaveLength(1);
  expect(sessions[0]).toMatchObject({ name: ready.name, source: 'launched', state: 'clean', frames: live.length });
  expect(sessions[0].bytes).toBeGreaterThan(0);
  const table = await runCli(['sessions', '--config-dir', configDir]);
  expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+SERVER\s+SOURCE\s+STARTED \(UTC\)\s+ENDED \(UTC\)\s+FRAMES\s+SIZE\s+STATE\s+FINDINGS\s+TARGET$/);
  // Counted by the analyser when the session closed, before Loupe ended.
  const findings = sessions[0].findings!;
  expect(findings).toEqual({ error: expect.any(Number), warning: expect.any(Number), info: expect.any(Number) });
  expect(table.stdout).toMatch(new RegExp(`${sessions[0].id}.*\\sclean\\s+${describeFindingCounts(findings)}\\s`));

  const file = path.join(tempDir(), 'stored.loupe.ndjson');
  const exported = await runCli(['export', sessions[0].id, '--config-dir', configDir, '--out', file, '--no-redact']);
  expect(exported.code).toBe(0);
  const trace = readTraceText(readFileSync(file, 'utf8'));
  expect(trace.frames).toEqual(live);
  expect(trace.frames.some((f) => f.raw.includes('kept on disk'))).toBe(true);
  expect(trace.header).toMatchObject({ source: 'live', negotiatedVersion: ready.negotiatedVersion, target: { name: ready.name } });

  const deleted = await runCli(['sessions', '--delete', sessions[0].id, '--config-dir', configDir]);
  expect(deleted.code).toBe(0);
  expect((await runCli(['sessions', '--config-dir', configDir])).stdout).toMatch(/^no sessions stored in /);
  const unknown = await runCli(['export', sessions[0].id, '--config-dir', configDir]);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain(`no session ${sessions[0].id}`);
}, 60_000);
