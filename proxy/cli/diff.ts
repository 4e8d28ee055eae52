/**
 * `loupe diff A B [--format text|json]`: what changed between two traces. Exit 0 when nothing
 * differs (latency aside), 1 when something does, 2 on a usage mistake or a file that cannot be read.
 */
import { parseArgs } from 'node:util';
import { diffTraces, formatDiff } from '../../lib/diff';
import { modelOfTrace } from '../../lib/model/trace-model';
import { readTraceFile, TraceFileError } from './shared/trace-file';
import { printError, printReport } from './shared/terminal';

const USAGE = `usage: loupe diff A B [--format text|json]
  compares two trace files: tools, resources and prompts added, removed or changed, capabilities,
  new annotations, latency per method. Exit 0: no differences, 1: differences, 2: usage or bad file.`;

export async function run(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { format: { type: 'string', default: 'text' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    console.error(`loupe diff: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(USAGE);
    return 0;
  }
  const format = parsed.values.format;
  if (parsed.positionals.length !== 2 || (format !== 'text' && format !== 'json')) {
    console.error(
      `loupe diff: ${parsed.positionals.length !== 2 ? `expected two trace files, got ${parsed.positionals.length}` : `--format must be text or json, got '${format}'`}\n${USAGE}`,
    );
    return 2;
  }
  const [fileA, fileB] = parsed.positionals;
  try {
    const [a, b] = await Promise.all([readTraceFile(fileA), readTraceFile(fileB)]);
    // One model per file, judged with the framing its header declares.
    const d = diffTraces(modelOfTrace(a), modelOfTrace(b));
    printReport(format === 'json' ? JSON.stringify(d, null, 2) : formatDiff(d, [fileA, fileB]));
    return d.different ? 1 : 0;
  } catch (e) {
    if (!(e instanceof TraceFileError)) throw e;
    printError(`loupe diff: ${e.message}`);
    return 2;
  }
}
