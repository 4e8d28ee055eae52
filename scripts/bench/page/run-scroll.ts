/**
 * Only the page bench's trace file, opened and scrolled through several times, each with the load
 * average (the machine may be shared):
 *   npx tsx scripts/bench/page/run-scroll.ts [frames] [runs]
 * opens a trace file of `frames` frames (100,000 by default) in the viewer `runs` times (3) and
 * prints each time its table took to show, and its scroll from the top a screen per animation frame
 * for two seconds: frame times and the most rows the table held in the DOM. Needs the built page
 * (`npm run build`) and a Chromium.
 */
import os from 'node:os';
import { renderTable } from '../table';
import { positionalCounts, startStandalone } from './standalone';
import { measureImport } from './import';
import { PAGE_DEFAULTS } from './index';
import { scrollRow } from './report';

const [frames, runs] = positionalCounts('npx tsx scripts/bench/page/run-scroll.ts [frames] [runs]', ['frames', 'runs'], [PAGE_DEFAULTS.frames, 3]);
const { loupe, bb } = await startStandalone();
try {
  for (let i = 0; i < runs; i++) {
    const loadAverage = os.loadavg()[0];
    const figures = await measureImport(bb, loupe.url, frames);
    console.log(
      renderTable(
        `run ${i + 1} of ${runs}: trace file picked to table drawn in ${Math.round(figures.openMs)} ms, load average ${loadAverage.toFixed(2)} on ${os.cpus().length} cores`,
        ['frames', 'median frame', 'longest frame', 'most rows in DOM'],
        [scrollRow(`trace file of ${figures.frames.toLocaleString('en-US')} frames, from the top`, figures.scroll)],
      ),
    );
  }
} finally {
  await bb.close();
  await loupe.stop();
}
