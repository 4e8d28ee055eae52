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
    // One message that cannot be answered must not end the replay for the client's next ones (a
    // throw here would leave the process): it is answered with an error, as HTTP answers it.
    let out: string;
    try {
      out = answerText(matcher, line)
        .map((m) => JSON.stringify(m) + '\n')
        .join('');
    } catch (e) {
      out = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: `Loupe replay: could not answer (${(e as Error).message})` } }) + '\n';
    }
    output.write(out);
  });
  return new Promise((resolve) => lines.once('close', () => resolve()));
}
