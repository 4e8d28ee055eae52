/** Serves a replay over stdio: one JSON-RPC message per line in, one per line out. */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { ReplayMatcher } from '../../lib/replay/matcher';
import { answerText } from './answer';

/** Resolves when the client closes its end (stdin ends). */
export function serveStdio(matcher: ReplayMatcher, input: Readable, output: Writable): Promise<void> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    for (const m of answerText(matcher, line)) output.write(JSON.stringify(m) + '\n');
  });
  return new Promise((resolve) => lines.once('close', () => resolve()));
}
