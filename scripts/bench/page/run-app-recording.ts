/**
 * Only what recording an MCP App's bridge costs a forwarded tools/call (app-recording.ts):
 *   npx tsx scripts/bench/page/run-app-recording.ts [clicks] [round]
 * times `clicks` calls (300 by default) with recording and as many without, alternating in rounds
 * of `round` (5), and prints the medians, the p90s and the difference beside the target. Needs the
 * built page (`npm run build`) and a Chromium.
 */
import { measureAppRecording, renderAppRecording } from './app-recording';
import { PAGE_DEFAULTS } from './index';
import { positionalCounts, startStandalone } from './standalone';

const [clicks, round] = positionalCounts(
  'npx tsx scripts/bench/page/run-app-recording.ts [clicks] [round]',
  ['clicks', 'round'],
  [PAGE_DEFAULTS.appClicks, PAGE_DEFAULTS.appRound],
);
const { loupe, bb } = await startStandalone();
try {
  const figures = await measureAppRecording(bb, loupe.url, { clicks, round, progress: (t) => process.stderr.write(`${t}\n`) });
  console.log(renderAppRecording(figures));
} finally {
  await bb.close();
  await loupe.stop();
}
