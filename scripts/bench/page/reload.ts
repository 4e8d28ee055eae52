/**
 * The first render of a large live session after a reload: from navigation start until the
 * traffic table shows the session's newest row (every frame is in the page: rows arrive in seq
 * order and the newest is drawn last), with where that time went on the way.
 */
import type { Page } from '@playwright/test';
import { installRenderProbe, readMarks } from './probes';

export interface ReloadFigures {
  /** Navigation start to the newest row drawn (the next animation frame after it showed). */
  tableFirstRenderMs: number;
  /** Navigation start to the page sending `session/attach` (page load, socket, hello). */
  attachSentMs?: number;
  /** Navigation start to the first and the last message of the snapshot reaching the page. */
  snapshotFirstMs?: number;
  snapshotLastMs?: number;
  /** Characters of JSON, or bytes of the compact binary form, as `snapshotForm` says. */
  snapshotSize?: number;
  snapshotForm?: 'JSON' | 'binary' | 'deflated binary';
}

export async function waitForMark(page: Page, which: 'table' | 'diagram', timeoutMs = 180_000): Promise<number> {
  await page.waitForFunction((w) => (window as { __loupeMarks?: Record<string, number | undefined> }).__loupeMarks?.[w] !== undefined, which, {
    timeout: timeoutMs,
    polling: 50,
  });
  const marks = await page.evaluate(readMarks);
  return marks![which]!;
}

/** Reloads `page`, which shows a session whose newest frame is `lastSeq`, and times its first render. */
export async function measureReload(page: Page, lastSeq: number): Promise<ReloadFigures> {
  await page.addInitScript(installRenderProbe, lastSeq);
  await page.reload();
  const tableFirstRenderMs = await waitForMark(page, 'table');
  const m = (await page.evaluate(readMarks))!;
  return {
    tableFirstRenderMs,
    attachSentMs: m.attachSentAt,
    snapshotFirstMs: m.snapshotFirstAt,
    snapshotLastMs: m.snapshotLastAt,
    snapshotSize: m.snapshotSize,
    snapshotForm: m.snapshotForm,
  };
}
