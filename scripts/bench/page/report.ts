/** Prints the page's figures beside their targets; figures only, nothing passes or fails. */
import { renderTable, type Row } from '../table';
import type { ImportFigures } from './import';
import type { LiveFigures } from './live';
import type { ReloadFigures } from './reload';
import type { MemoryFigures } from './memory';
import type { StreamFigures } from './stream';
import type { FrameStats } from './probes';
import type { ScrollFigures } from './scroll';

/** `reloadMs`: no slower than the live reload was before the session model (issue 12's figure). */
export const PAGE_TARGETS = { firstRenderMs: 1500, reloadMs: 901, longestFrameMs: 50, memoryBytes: 400 * 2 ** 20, importMs: 2000 };

const msText = (x: number) => `${Math.round(x).toLocaleString('en-US')} ms`;
const mib = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? 'n/a' : `${(x / 2 ** 20).toFixed(0)} MiB`);
/** A size that may be well under a MiB (a deflated snapshot), in the unit that shows it. */
const bytesText = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? 'n/a' : x < 2 ** 20 ? `${(x / 1024).toFixed(0)} KiB` : mib(x));

function streamRow(label: string, s: StreamFigures) {
  const longest = Math.max(s.longestRafGapMs, s.longestLoafMs ?? 0);
  return {
    label,
    cells: [
      msText(s.longestRafGapMs),
      s.longestLoafMs === undefined ? 'n/a' : msText(s.longestLoafMs),
      `${s.rafGapsOver50}/${s.frames}`,
      msText(s.p50RafGapMs),
      s.main?.frames ? msText(s.main.longestFrameCpuMs) : 'n/a',
      s.main ? `${Math.round(s.main.busyShare * 100)}%` : 'n/a',
      `${Math.round(s.deliveredPerSecond).toLocaleString('en-US')}/s`,
    ],
    target: `longest <= ${PAGE_TARGETS.longestFrameMs} ms`,
    meets: longest <= PAGE_TARGETS.longestFrameMs,
  };
}

function memoryRow(label: string, m: MemoryFigures) {
  const worst = Math.max(m.jsHeapUsedBytes, m.rendererRssBytes ?? 0);
  return {
    label,
    cells: [mib(m.jsHeapUsedBytes), mib(m.rendererRssBytes)],
    target: `< ${mib(PAGE_TARGETS.memoryBytes)}`,
    meets: worst < PAGE_TARGETS.memoryBytes,
  };
}

/** The reload's figure and where its time went: page start, the snapshot on its way, the page's own work. */
export function reloadRows(r: ReloadFigures) {
  const rows: Row[] = [
    {
      label: 'live session, reload: traffic table shows the newest row',
      cells: [msText(r.tableFirstRenderMs)],
      target: `<= ${msText(PAGE_TARGETS.reloadMs)}`,
      meets: r.tableFirstRenderMs <= PAGE_TARGETS.reloadMs,
    },
  ];
  if (r.attachSentMs !== undefined) rows.push({ label: '  page loaded, socket open, session asked for', cells: [msText(r.attachSentMs)] });
  if (r.snapshotFirstMs !== undefined && r.attachSentMs !== undefined)
    rows.push({ label: "  then until the snapshot's first message arrived", cells: [msText(r.snapshotFirstMs - r.attachSentMs)] });
  if (r.snapshotLastMs !== undefined && r.snapshotFirstMs !== undefined)
    rows.push({
      label: `  then until its last arrived (${bytesText(r.snapshotSize)} of ${r.snapshotForm ?? 'JSON'} in all)`,
      cells: [msText(r.snapshotLastMs - r.snapshotFirstMs)],
    });
  if (r.snapshotLastMs !== undefined) rows.push({ label: '  then until the newest row was drawn', cells: [msText(r.tableFirstRenderMs - r.snapshotLastMs)] });
  return rows;
}

/** A scroll through the traffic table: frame times, and the most rows drawn at once (only those in view should be). */
export function scrollRow(label: string, s: ScrollFigures): Row {
  return {
    label,
    cells: [String(s.frames), msText(s.medianFrameMs), msText(s.longestFrameMs), String(s.mostRowsInDom)],
    target: `longest <= ${PAGE_TARGETS.longestFrameMs} ms`,
    meets: s.longestFrameMs <= PAGE_TARGETS.longestFrameMs,
  };
}

export function printPageFigures(live: LiveFigures, imported: ImportFigures, idle: FrameStats, rate: number, seconds: number): void {
  const n = live.framesHeld.toLocaleString('en-US');
  console.log(
    renderTable(
      `Page (chromium, Playwright): first render of a session of ${n} frames`,
      ['time'],
      [
        ...reloadRows(live.reload),
        {
          label: 'live session: Sequence tab opened to diagram drawn',
          cells: [msText(live.diagramFirstRenderMs)],
          target: `< ${msText(PAGE_TARGETS.firstRenderMs)}`,
          meets: live.diagramFirstRenderMs < PAGE_TARGETS.firstRenderMs,
        },
        {
          label: `trace file (${imported.frames.toLocaleString('en-US')} frames, ${mib(imported.fileBytes)}) picked to table drawn`,
          cells: [msText(imported.openMs)],
          target: `< ${msText(PAGE_TARGETS.importMs)}`,
          meets: imported.openMs < PAGE_TARGETS.importMs,
        },
        {
          label: 'trace file: Sequence tab opened to diagram drawn',
          cells: [msText(imported.diagramFirstRenderMs)],
          target: `< ${msText(PAGE_TARGETS.firstRenderMs)}`,
          meets: imported.diagramFirstRenderMs < PAGE_TARGETS.firstRenderMs,
        },
      ],
    ),
  );
  console.log();
  console.log(
    renderTable(
      `Page: animation frames while ${rate.toLocaleString('en-US')} frames/s stream in for ${seconds} s`,
      ['longest rAF gap', 'longest LoAF', 'gaps > 50 ms', 'median gap', 'longest frame CPU', 'main busy', 'delivered'],
      [
        streamRow('into a fresh session, table shown', live.streamFresh),
        streamRow(`into the ${n}-frame session, diagram shown`, live.streamIntoLargeDiagram),
        streamRow(`into the ${n}-frame session, table shown`, live.streamIntoLargeTable),
        {
          label: "for reference: an idle blank page (the machine's own noise)",
          cells: [
            msText(idle.longestRafGapMs),
            idle.longestLoafMs === undefined ? 'n/a' : msText(idle.longestLoafMs),
            `${idle.rafGapsOver50}/${idle.frames}`,
            msText(idle.p50RafGapMs),
            '',
            '',
            '',
          ],
        },
      ],
    ),
  );
  const parts = (label: string, st: StreamFigures) =>
    st.main?.longestFrameParts ? [`  longest frame ${label}: ${st.main.longestFrameParts} (ms of CPU)`] : [];
  for (const line of [
    ...parts('into a fresh session', live.streamFresh),
    ...parts('into the large session, diagram', live.streamIntoLargeDiagram),
    ...parts('into the large session, table', live.streamIntoLargeTable),
  ])
    console.log(line);
  console.log('  (rAF gap and LoAF are wall time: on a busy machine they stretch while the page waits for a core. "longest frame CPU" is the');
  console.log('   main-thread CPU of the heaviest frame (all its tasks, from a Chrome trace): what the longest frame would take on an idle machine.');
  console.log('   "main busy": CPU share of the main thread.)');
  console.log();
  console.log(
    renderTable(
      'Page: a long traffic table scrolled from the top, a screen per animation frame, for two seconds',
      ['frames', 'median frame', 'longest frame', 'most rows in DOM'],
      [scrollRow(`trace file of ${imported.frames.toLocaleString('en-US')} frames opened`, imported.scroll)],
    ),
  );
  console.log();
  console.log(
    renderTable(
      'Page: memory (JS heap after a full GC; resident set of the renderer process)',
      ['JS heap', 'renderer RSS'],
      [
        memoryRow(`live, holding ${n} frames`, live.memoryAfterBurst),
        memoryRow('live, at the end (after reload and three streams)', live.memoryAtEnd),
        memoryRow(`trace file of ${imported.frames.toLocaleString('en-US')} frames opened`, imported.memory),
      ],
    ),
  );
}
