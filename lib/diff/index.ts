/** Two traces compared: what the server offers, capabilities, annotations and latency. */
export { diffTraces, type TraceDiff, type ItemsDiff, type Change } from './diff';
export { formatDiff } from './diff-text';
