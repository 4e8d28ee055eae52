/**
 * An MCP App in the page, timed from the session's own trace (every time below is the proxy's wire
 * clock, so the page's and the bridge's work is counted as a person waits for it):
 *   npx tsx scripts/bench/app-paint.ts [opens=5] [clicks=20]
 * - first paint: from the tools/call result of server-basic-vanillajs's get-time (session channel)
 *   to the app's ui/notifications/initialized, which the View sends once its document has loaded
 *   and run its script (target: <= 1 s). Each open reads the ui:// resource and renders it anew.
 * - the host's share of a forwarded tools/call: the app's round trip (its request to the host's
 *   answer, on its channel) less the server's (the host's request to the server's answer, on the
 *   session's). It holds the bridge's postMessage hops, the page <-> proxy socket and recording
 *   both channels: an upper bound of what recording the bridge costs (target for recording: <= 1 ms;
 *   scripts/bench/page/run-app-recording.ts times the call with and without recording).
 * Figures only: nothing passes or fails. Needs the built page (npm run build) and Debian's chromium.
 */
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import { PageClient } from '../../proxy/server/testing/harness';
import { openAppInPage } from '../../proxy/testkit/app';
import { startLoupe } from './loupe-process';
import { launchChromium } from './page/browser';
import { ROOT } from './paths';
import { summarize } from './stats';

const opens = Number(process.argv[2] ?? 5);
const clicks = Number(process.argv[3] ?? 20);
const SERVER = path.join(ROOT, 'node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js');

const parsed = (f: Frame): { id?: unknown; method?: string; result?: unknown } => {
  try {
    return JSON.parse(f.raw) as { id?: unknown; method?: string };
  } catch {
    return {};
  }
};

async function main(): Promise<void> {
  const loupe = await startLoupe();
  const chromium = await launchChromium(process.env.LOUPE_CHROMIUM ?? '/usr/bin/chromium');
  const socket = await PageClient.at(loupe.url);
  try {
    await socket.next('hello');
    socket.send({
      type: 'connections/save',
      rid: 'save',
      connection: { id: 'basic', name: 'basic app', transport: 'stdio', command: process.execPath, args: [SERVER, '--stdio'], env: {} },
    });
    await socket.next('ack', (a) => a.rid === 'save');
    const page = await (await chromium.browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await page.goto(loupe.url);
    await page.getByRole('button', { name: /^Connect basic app$/ }).click();
    await page.getByRole('region', { name: 'Session status' }).getByText('ready', { exact: true }).waitFor({ timeout: 30_000 });
    const hello = socket.received.find((m) => m.type === 'sessions/update' && m.sessions.length > 0);
    const sessionId = hello && hello.type === 'sessions/update' ? hello.sessions[0].id : undefined;
    if (!sessionId) throw new Error('no session was opened');
    socket.send({ type: 'session/attach', rid: 'attach', sessionId });
    const frames = (): Frame[] => socket.received.flatMap((m) => (m.type === 'frames/snapshot' || m.type === 'frames/append' ? m.frames : []));
    const trace = async () => frames();

    const paints: number[] = [];
    for (let i = 0; i < opens; i++) {
      const app = await openAppInPage(page, trace, 'get-time', {});
      const running = await app.waitForMessage('ui/notifications/initialized', { direction: 'app-to-host', timeout: 30_000 });
      const all = frames();
      const mounted = all.find((f) => f.channel === app.channel && f.lane === 'lifecycle');
      const callSeq = mounted?.meta && 'requestSeq' in mounted.meta ? mounted.meta.requestSeq : undefined;
      const call = all.find((f) => f.seq === callSeq);
      const result = call && all.find((f) => f.channel === undefined && f.dir === 's2c' && f.seq > call.seq && parsed(f).id === parsed(call).id);
      const paint = all.find((f) => f.seq === running.seq);
      if (result && paint) paints.push((paint.ts - result.ts) / 1000);
      if (i === opens - 1) {
        const before = frames().length;
        for (let c = 0; c < clicks; c++) {
          await app.frame.getByRole('button', { name: 'Get Server Time' }).click();
          await app.waitForMessage('tools/call', { direction: 'app-to-host' });
        }
        while (frames().filter((f) => f.channel === app.channel && f.dir === 's2c' && parsed(f).result !== undefined).length < clicks + 1) {
          await new Promise((r) => setTimeout(r, 50));
        }
        const after = frames().slice(before);
        const shares: number[] = [];
        for (const req of after.filter((f) => f.channel === app.channel && parsed(f).method === 'tools/call')) {
          const ans = after.find((f) => f.channel === app.channel && f.dir === 's2c' && f.seq > req.seq && parsed(f).id === parsed(req).id);
          const hostReq = after.find((f) => f.channel === undefined && f.seq > req.seq && parsed(f).method === 'tools/call');
          const srvAns = hostReq && after.find((f) => f.channel === undefined && f.dir === 's2c' && f.seq > hostReq.seq && parsed(f).id === parsed(hostReq).id);
          if (ans && hostReq && srvAns) shares.push((ans.ts - req.ts - (srvAns.ts - hostReq.ts)) / 1000);
        }
        console.log(
          `host's share of a forwarded tools/call: median ${summarize(shares).median.toFixed(2)} ms over ${shares.length} clicks (an upper bound of recording's cost; target for recording <= 1 ms)`,
        );
      }
      await app.close();
    }
    console.log(
      `the app running (initialized) after the tool result: median ${summarize(paints).median.toFixed(0)} ms over ${paints.length} opens (target <= 1000 ms)`,
    );
  } finally {
    socket.close();
    await chromium.close();
    await loupe.stop();
  }
}

await main();
