/**
 * Runs only the page section of the bench: `npx tsx scripts/bench/page/run.ts [frames] [rate] [seconds]`.
 */
import { PAGE_DEFAULTS, pageBench } from './index';
import { positionalCounts } from './standalone';

const [frames, rate, seconds] = positionalCounts(
  'npx tsx scripts/bench/page/run.ts [frames] [rate] [seconds]',
  ['frames', 'rate', 'seconds'],
  [PAGE_DEFAULTS.frames, PAGE_DEFAULTS.rate, PAGE_DEFAULTS.seconds],
);
await pageBench({ frames, rate, seconds });
