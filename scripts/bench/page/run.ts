/**
 * Runs only the page section of the bench: `npx tsx scripts/bench/page/run.ts [frames] [rate] [seconds]`.
 */
import { PAGE_DEFAULTS, pageBench } from './index';

const [frames, rate, seconds] = process.argv.slice(2).map(Number);
await pageBench({ frames: frames || PAGE_DEFAULTS.frames, rate: rate || PAGE_DEFAULTS.rate, seconds: seconds || PAGE_DEFAULTS.seconds });
