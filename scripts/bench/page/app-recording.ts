/**
 * What recording an MCP App's bridge costs the app: a forwarded tools/call timed as the app sees
 * it, with the page's `app/frame` messages reaching the proxy and with them left out.
 *
 * The app is server-basic-vanillajs's, rendered in the page as a person renders it; its "Get Server
 * Time" button calls the server through the host (the bridge's tools/call, forwarded over the
 * page's socket as `session/request`). Each call is timed inside the sandbox's proxy frame, with
 * that frame's performance.now(): from the app's request passing up to the host's answer passing
 * down, paired by JSON-RPC id. So the figure holds both postMessage hops to the page, the bridge,
 * the page's socket, the proxy and the server, and whatever recording adds on that path.
 *
 * Recording is left out without a switch in Loupe: a script the bench adds to the page before its
 * own scripts run wraps WebSocket.prototype.send, and in the "off" arm it does not send a message
 * whose JSON starts `{"type":"app/frame"` (nothing else). The wrapper runs in both arms and does the
 * same test on every message, so its cost is the same in both. What the "off" arm leaves out is
 * then all of recording past the page's serialising: the socket write, the proxy parsing, stamping,
 * analysing and storing the message before it reads the next one on that socket (the forwarded
 * call comes right after the app's request), and the frames it broadcasts back to the page, which
 * takes them into the session's model and draws them. (The proxy answers an `app/frame` only when
 * it refuses it, so nothing comes back for the messages left out.) The page's serialising (the
 * bridge message to JSON, then the socket message around it) runs in both arms and is timed
 * apart, over the very messages the wrapper saw.
 *
 * Playwright's routeWebSocket was not used: a routed socket takes every message through the
 * test's process (a binding call out of the page, then an evaluate back in, binary frames as
 * base64), and a message costs that trip only in the arm that sends it, so the "on" arm would
 * pay the router's price for each recorded message on top of recording's.
 *
 * The arms alternate in rounds (on, off, on, off, …) on the same page and the same app, so a change
 * of the machine's load weighs on both alike. Between clicks the bench waits a little, as a person
 * does, so that drawing the last call's frames is not counted in the next call. performance.now()
 * in a page that is not cross-origin isolated is coarsened to 0.1 ms: the medians are over many calls.
 * On a loaded machine the difference still moves by milliseconds from run to run: run it more than
 * once and read it beside the load average it prints.
 */
import os from 'node:os';
import path from 'node:path';
import type { Frame, Page } from '@playwright/test';
import type { Frame as TraceFrame } from '../../../lib/mcp/frame';
import { PageClient as TraceReader } from '../../../proxy/server/testing/harness';
import { openAppInPage } from '../../../proxy/testkit/app';
import { PageClient } from '../page-client';
import { ROOT } from '../paths';
import { addedPerRound, summarize, type Summary } from '../stats';
import { renderTable } from '../table';
import { newBenchContext, type BenchBrowser } from './browser';

export const APP_RECORDING_TARGET_MS = 1;
const SERVER = path.join(ROOT, 'node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js');
const CONNECTION = { id: 'bench-app-recording', name: 'basic app' };
/** The wait between clicks (ms). */
const PAUSE_MS = 100;
const WARMUP_CLICKS = 10;
const APP_FRAME_PREFIX = '{"type":"app/frame"';

export interface AppRecordingOptions {
  /** Timed calls in each arm. */
  clicks: number;
  /** Calls in a round of one arm. */
  round: number;
  progress(text: string): void;
}

export interface AppRecordingFigures {
  clicks: number;
  round: number;
  /** Round trips as the app saw them (ms), recording on, in order. */
  on: Summary;
  off: Summary;
  /** Median on less median off (ms). */
  addedMs: number;
  /** The median over the rounds of the difference of their medians (ms). */
  addedPerRoundMs: number;
  /** The server's own round trip of the forwarded calls, as the proxy recorded them (ms, median). */
  server: { on: number; off: number } | undefined;
  /** Where the median call's time went in the page, each part's median (ms). */
  parts: { on: CallParts; off: CallParts };
  /** The page serialising one bridge message into its `app/frame` socket message (µs, median over the messages seen). */
  serialiseUs: number;
  /** `app/frame` messages the page sent, and those the "off" arm kept back. */
  appFramesSent: number;
  appFramesDropped: number;
  loadAverage: number[];
}

/**
 * Runs in the page before its scripts (and in its frames, where it does nothing). Besides keeping
 * back the `app/frame` messages in the "off" arm, it marks where each call's time goes in the page:
 * the app's request arriving from the proxy frame, the page sending the forwarded call on its
 * socket, the proxy's answer arriving, and the page recording the answer for the app (which it
 * does just before posting it down).
 */
const PAGE_SCRIPT = `(() => {
  if (window.top !== window) return;
  const send = WebSocket.prototype.send;
  const bench = (globalThis.__loupeBenchAppFrames = { drop: false, sent: 0, dropped: 0, sample: [], parts: [] });
  let call;
  addEventListener('message', (e) => {
    if (e.origin !== location.origin && e.data && e.data.method === 'tools/call') call = { asked: performance.now() };
  }, true);
  WebSocket.prototype.send = function (data) {
    if (typeof data === 'string') {
      if (call && call.forwarded === undefined && data.startsWith('{"type":"session/request"')) call.forwarded = performance.now();
      if (data.startsWith(${JSON.stringify(APP_FRAME_PREFIX)})) {
        if (call && call.answered !== undefined && data.includes('"dir":"s2c"')) {
          bench.parts.push([call.forwarded - call.asked, call.answered - call.forwarded, performance.now() - call.answered]);
          call = undefined;
        }
        if (bench.sample.length < 200) bench.sample.push(data);
        if (bench.drop) {
          bench.dropped++;
          return;
        }
        bench.sent++;
      }
    }
    return send.call(this, data);
  };
  const Native = WebSocket;
  globalThis.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (call && call.forwarded !== undefined && call.answered === undefined && typeof e.data === 'string' && e.data.startsWith('{"type":"request/result"'))
          call.answered = performance.now();
      });
    }
  };
})();`;

/** Where a call's time went in the page (ms): its request in the page until the page forwarded
 *  it; until the proxy's answer arrived (the socket, the proxy, the server); until the page
 *  passed the answer on. */
type CallParts = [page: number, proxy: number, back: number];

interface BenchState {
  drop: boolean;
  sent: number;
  dropped: number;
  sample: string[];
  parts: CallParts[];
}
interface Calls {
  sent: Map<unknown, number>;
  times: number[];
  /** Called after each answer is timed. */
  answered?: () => void;
}
type BenchWindow = typeof globalThis & { __loupeBenchAppFrames: BenchState; __loupeBenchCalls: Calls };

/** In the proxy frame: the app's tools/call going up, the host's answer coming down, by id. */
function listenForCalls(): void {
  const w = globalThis as BenchWindow;
  const calls: Calls = (w.__loupeBenchCalls = { sent: new Map(), times: [] });
  // Capture: at the window, before the sandbox's relay passes the message on.
  addEventListener(
    'message',
    (e: MessageEvent) => {
      const now = performance.now();
      const m = e.data as { id?: unknown; method?: unknown; result?: unknown; error?: unknown } | null;
      if (!m || typeof m !== 'object' || !('id' in m)) return;
      if (e.source === parent) {
        const t0 = calls.sent.get(m.id);
        if (t0 !== undefined && ('result' in m || 'error' in m)) {
          calls.times.push(now - t0);
          calls.sent.delete(m.id);
          calls.answered?.();
        }
      } else if (m.method === 'tools/call') calls.sent.set(m.id, now);
    },
    true,
  );
}

/** In the page: the median time to serialise the bridge messages the wrapper saw, as the page does (µs). */
function serialiseTime(): number {
  const seen = (globalThis as BenchWindow).__loupeBenchAppFrames.sample.map((s) => JSON.parse(s) as { text: string });
  const times: number[] = [];
  for (const outer of seen) {
    const bridge: unknown = JSON.parse(outer.text);
    const reps = 200;
    const t0 = performance.now();
    for (let i = 0; i < reps; i++) JSON.stringify({ ...outer, text: JSON.stringify(bridge) });
    times.push(((performance.now() - t0) * 1000) / reps);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? NaN;
}

async function contentFrame(page: Page | Frame, selector: string): Promise<Frame> {
  const handle = await page.locator(selector).elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error(`no frame at ${selector}`);
  return frame;
}

/**
 * The server's round trip of each session tools/call, in order, from the session's trace (the
 * proxy's clock): read once at the end, so no second page is sent the frames while calls are timed.
 */
async function serverRoundTrips(url: string, sessionId: string): Promise<number[]> {
  const reader = await TraceReader.at(url);
  try {
    reader.send({ type: 'session/attach', rid: 'attach', sessionId });
    await reader.next('frames/snapshot', (m) => !m.more, 30_000);
    const frames: TraceFrame[] = reader.received.flatMap((m) => (m.type === 'frames/snapshot' ? m.frames : []));
    const json = (f: TraceFrame): { id?: unknown; method?: string } => {
      try {
        return JSON.parse(f.raw) as { id?: unknown; method?: string };
      } catch {
        return {};
      }
    };
    const session = frames.filter((f) => f.channel === undefined && f.lane === 'message');
    return session
      .filter((f) => f.dir === 'c2s' && json(f).method === 'tools/call')
      .map((req) => {
        const ans = session.find((f) => f.dir === 's2c' && f.seq > req.seq && json(f).id === json(req).id);
        return ans ? (ans.ts - req.ts) / 1000 : NaN;
      });
  } finally {
    reader.close();
  }
}

function medianParts(parts: CallParts[]): CallParts {
  const median = (i: number) => summarize(parts.map((p) => p[i])).median;
  return [median(0), median(1), median(2)];
}

async function clickAndTime(app: Frame, proxy: Frame): Promise<number> {
  const before = await proxy.evaluate(() => (globalThis as BenchWindow).__loupeBenchCalls.times.length);
  await app.evaluate(() => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Get Server Time'));
    if (!button) throw new Error('the app shows no "Get Server Time" button');
    button.click();
  });
  // Not waitForFunction: it polls on animation frames, which this frame does not get while nothing in it changes.
  const ms = await proxy.evaluate(
    (n) =>
      new Promise<number>((resolve) => {
        const calls = (globalThis as BenchWindow).__loupeBenchCalls;
        calls.answered = () => {
          if (calls.times.length <= n) return;
          calls.answered = undefined;
          resolve(calls.times[n]);
        };
        calls.answered();
      }),
    before,
  );
  await new Promise((r) => setTimeout(r, PAUSE_MS));
  return ms;
}

export async function measureAppRecording(bb: BenchBrowser, url: string, opts: AppRecordingOptions): Promise<AppRecordingFigures> {
  const client = await PageClient.connect(url);
  const context = await newBenchContext(bb.browser);
  try {
    await client.call({
      type: 'connections/save',
      connection: { ...CONNECTION, transport: 'stdio', command: process.execPath, args: [SERVER, '--stdio'], env: {} },
    });
    await context.addInitScript({ content: PAGE_SCRIPT });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('button', { name: `Connect ${CONNECTION.name}`, exact: true }).click();
    await page.getByRole('region', { name: 'Session status' }).getByText('ready', { exact: true }).waitFor({ timeout: 30_000 });
    opts.progress('rendering the get-time app of server-basic-vanillajs');
    const app = await openAppInPage(page, async () => [], 'get-time', {});
    const proxyFrame = await contentFrame(page, `iframe[title="MCP App ${app.tool}"]`);
    const appFrame = await contentFrame(proxyFrame, 'iframe[title="MCP App"]');
    await proxyFrame.evaluate(listenForCalls);
    const setDrop = (drop: boolean) =>
      page.evaluate((d) => {
        (globalThis as BenchWindow).__loupeBenchAppFrames.drop = d;
      }, drop);
    const takeParts = () => page.evaluate(() => (globalThis as BenchWindow).__loupeBenchAppFrames.parts.splice(0));
    /** The arm of each call after the one that opened the app, warm-up calls included. */
    const armOf: ('on' | 'off' | 'warm-up')[] = [];
    for (const drop of [false, true]) {
      await setDrop(drop);
      for (let i = 0; i < WARMUP_CLICKS; i++) {
        await clickAndTime(appFrame, proxyFrame);
        armOf.push('warm-up');
      }
    }
    await takeParts();
    const on: number[] = [];
    const off: number[] = [];
    const partsOn: CallParts[] = [];
    const partsOff: CallParts[] = [];
    const loadAverage: number[] = [];
    const rounds = Math.ceil(opts.clicks / opts.round);
    for (let r = 0; r < rounds; r++) {
      const n = Math.min(opts.round, opts.clicks - r * opts.round);
      for (const [drop, samples, parts] of [
        [false, on, partsOn],
        [true, off, partsOff],
      ] as const) {
        await setDrop(drop);
        for (let i = 0; i < n; i++) {
          samples.push(await clickAndTime(appFrame, proxyFrame));
          armOf.push(drop ? 'off' : 'on');
        }
        parts.push(...(await takeParts()));
      }
      if (r % 10 === 9 || r === rounds - 1) opts.progress(`recording's cost: round ${r + 1} of ${rounds}, ${on.length} calls in each arm`);
      loadAverage.push(os.loadavg()[0]);
    }
    await setDrop(false);
    const counts = await page.evaluate(() => {
      const b = (globalThis as BenchWindow).__loupeBenchAppFrames;
      return { sent: b.sent, dropped: b.dropped };
    });
    // Each call is at least its request and its answer on the app's channel.
    if (counts.dropped < 2 * (opts.clicks + WARMUP_CLICKS) || counts.sent < 2 * (opts.clicks + WARMUP_CLICKS))
      throw new Error(`the arms did not do what they say: ${counts.sent} app/frame messages sent, ${counts.dropped} kept back`);
    const serialiseUs = await page.evaluate(serialiseTime);
    const sessionId = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('loupe.tabs') ?? '{}') as { activeTab?: string }).activeTab);
    // The session's first tools/call is the one that rendered the app; one follows for each click.
    const trips = sessionId ? (await serverRoundTrips(url, sessionId)).slice(1) : [];
    const server =
      trips.length === armOf.length
        ? { on: summarize(trips.filter((_, i) => armOf[i] === 'on')).median, off: summarize(trips.filter((_, i) => armOf[i] === 'off')).median }
        : undefined;
    await app.close();
    return {
      clicks: opts.clicks,
      round: opts.round,
      on: summarize(on),
      off: summarize(off),
      addedMs: summarize(on).median - summarize(off).median,
      addedPerRoundMs: addedPerRound(off, on, opts.round),
      server,
      parts: { on: medianParts(partsOn), off: medianParts(partsOff) },
      serialiseUs,
      appFramesSent: counts.sent,
      appFramesDropped: counts.dropped,
      loadAverage,
    };
  } finally {
    await context.close();
    client.close();
  }
}

const PART_LABELS = [
  "the app's request in the page, to the call forwarded",
  'the socket, the proxy and the server, to the answer',
  'the answer in the page, to its passing on',
];

export function renderAppRecording(f: AppRecordingFigures): string {
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  const meets = f.addedMs <= APP_RECORDING_TARGET_MS;
  const load = f.loadAverage.length ? `, load average ${Math.min(...f.loadAverage).toFixed(2)}–${Math.max(...f.loadAverage).toFixed(2)}` : '';
  return [
    renderTable(
      `MCP App: a forwarded tools/call as the app sees it (server-basic-vanillajs, ${f.clicks} calls in each arm, alternating in rounds of ${f.round}${load})`,
      ['median', 'p90'],
      [
        { label: "recording the bridge (the page's app/frame messages sent)", cells: [ms(f.on.median), ms(f.on.p90)] },
        { label: 'not recording it (those messages kept in the page)', cells: [ms(f.off.median), ms(f.off.p90)] },
        {
          label: 'added by recording (median)',
          cells: [ms(f.addedMs), ms(f.on.p90 - f.off.p90)],
          target: `<= ${APP_RECORDING_TARGET_MS} ms at the median`,
          meets,
        },
        { label: "added, median of the rounds' own differences", cells: [ms(f.addedPerRoundMs), ''] },
      ],
    ),
    "  where the time went, median of each part (the page's clock):",
    ...PART_LABELS.map(
      (label, i) =>
        `    ${label.padEnd(Math.max(...PART_LABELS.map((l) => l.length)))} ${ms(f.parts.on[i]).padStart(9)} on  ${ms(f.parts.off[i]).padStart(9)} off  ${ms(f.parts.on[i] - f.parts.off[i]).padStart(9)} added`,
    ),
    f.server
      ? `    ${'of which the server, as the proxy recorded it'.padEnd(Math.max(...PART_LABELS.map((l) => l.length)))} ${ms(f.server.on).padStart(9)} on  ${ms(f.server.off).padStart(9)} off  ${ms(f.server.on - f.server.off).padStart(9)} added`
      : "    (the session's trace did not hold one tools/call for each click: the server's part is left out)",
    `  (the page serialising one bridge message for the socket, in both arms: ${f.serialiseUs.toFixed(1)} us; app/frame messages sent ${f.appFramesSent}, kept back ${f.appFramesDropped})`,
  ].join('\n');
}
