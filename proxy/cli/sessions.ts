/**
 * `loupe sessions [--json] [--delete ID] [--config-dir DIR]`: the sessions stored on disk, newest
 * last, as a table or JSON; or deletes one; or, with an id and `--search`, the frames of one that
 * hold a text; with an id and `--timing`, its latency by method; with an id and `--findings`, the
 * analyser's findings (judged first if they were not when it closed). `loupe export ID` writes one as a trace file.
 */
import { describeFindingCounts } from '../../lib/analyze/finding-counts';
import { formatBytes } from '../../lib/text/bytes';
import { printable } from '../../lib/text/printable';
import { resolveConfigDir } from '../config/paths';
import { COUNT_UP_TO_FRAMES } from '../store/findings';
import { sessionsDir } from '../store/layout';
import { StoreError } from '../store/reader';
import { SessionStore, type SessionListing } from '../store/store';
import type { Frame } from '../../lib/mcp/frame';
import { MAX_STORED_FINDINGS } from '../../lib/wire/stored-window';
import { StoredSearchError } from '../store/search';
import { printSearch } from './sessions-search';
import { printTiming } from './sessions-timing';
import { printFindings } from './sessions-findings';
import { parseOwnArgs, positiveInteger, UsageError } from './shared/args';
import { printError, printLine, printReport } from './shared/terminal';

const USAGE = `usage: loupe sessions [--json] [--config-dir DIR]
       loupe sessions --delete ID [--config-dir DIR]
       loupe sessions ID --search TEXT [--lane LANE] [--channel CH] [--from-seq N] [--limit N] [--json]
       loupe sessions ID --timing [--json]
       loupe sessions ID --findings [--json]

Lists the sessions stored on disk: every session \`loupe start\` ran, every \`loupe tap\` and every
\`loupe record\`, with its id, server, source, start and end, frames, size on disk, state
(clean: closed by Loupe; recording: still being written; unclean: Loupe stopped without closing
it, and it holds every frame written until then) and the analyser's findings (counted when it
closed cleanly if it holds up to ${COUNT_UP_TO_FRAMES.toLocaleString('en-US')} frames; \`-\` when they were not
counted: --findings judges a longer one). \`loupe export ID --out FILE\` writes one as a trace file.

  --json             one JSON array instead of the table
  --delete ID        delete one stored session
  --search TEXT      the frames of session ID that hold TEXT (ASCII letters in either case), read
                     from disk at any length and printed redacted; --lane message|http|stderr|lifecycle
                     and --channel session|app:N narrow it; --limit N (default 1000) stops early and
                     says the --from-seq to go on from
  --timing           requests, answers, errors and p50/p95/p99/max latency by method over every
                     frame of session ID, from the store's index (no frame is read)
  --findings         the analyser's findings of session ID (severity, seq, rule, message), kept
                     when it closed cleanly, or judged now and kept if they were not (a longer
                     session, or one stored before they were kept): the first
                     ${MAX_STORED_FINDINGS.toLocaleString('en-US')} in seq order, printed redacted
  --config-dir DIR   where sessions are stored (default LOUPE_CONFIG_DIR or ~/.config/loupe)`;

const LANES = ['message', 'http', 'stderr', 'lifecycle'];

const time = (ms: number | undefined) => (ms === undefined ? '-' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19));

function table(list: SessionListing[]): string {
  const rows = [
    ['ID', 'SERVER', 'SOURCE', 'STARTED (UTC)', 'ENDED (UTC)', 'FRAMES', 'SIZE', 'STATE', 'FINDINGS', 'TARGET'],
    ...list.map((s) => [
      s.id,
      s.name,
      s.source,
      time(s.startedAt),
      time(s.endedAt),
      String(s.frames),
      formatBytes(s.bytes),
      s.state,
      s.findings ? describeFindingCounts(s.findings) : '-',
      s.target,
    ]),
  ].map((r) => r.map((cell) => printable(cell)));
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (i === r.length - 1 ? 0 : r[i].length))));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ')).join('\n');
}

export async function run(argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parseOwnArgs(argv, {
      json: { type: 'boolean' },
      delete: { type: 'string' },
      search: { type: 'string' },
      timing: { type: 'boolean' },
      findings: { type: 'boolean' },
      lane: { type: 'string' },
      channel: { type: 'string' },
      'from-seq': { type: 'string' },
      limit: { type: 'string' },
      'config-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    const store = new SessionStore(sessionsDir(resolveConfigDir(values['config-dir'])));
    if (values.timing) {
      if (positionals.length !== 1) throw new UsageError('--timing needs the id of one stored session (loupe sessions lists them)');
      printTiming(store.open(positionals[0]), values.json === true);
      return 0;
    }
    if (values.findings) {
      if (positionals.length !== 1) throw new UsageError('--findings needs the id of one stored session (loupe sessions lists them)');
      await printFindings(store, store.open(positionals[0]), values.json === true);
      return 0;
    }
    if (values.search !== undefined) {
      if (positionals.length !== 1) throw new UsageError('--search needs the id of one stored session (loupe sessions lists them)');
      if (values.lane !== undefined && !LANES.includes(values.lane)) throw new UsageError(`--lane must be one of ${LANES.join(', ')}; got '${values.lane}'`);
      const query = {
        text: values.search,
        lane: values.lane as Frame['lane'] | undefined,
        channel: values.channel,
        fromSeq: values['from-seq'] === undefined ? undefined : positiveInteger('--from-seq', values['from-seq'], 1),
        limit: positiveInteger('--limit', values.limit, 1000),
      };
      printSearch(store.open(positionals[0]), query, values.json === true);
      return 0;
    }
    if (positionals.length > 0) throw new UsageError(`unexpected '${positionals[0]}'`);
    if (values.delete !== undefined) {
      store.delete(values.delete);
      printLine(`deleted the stored session ${values.delete}`);
      return 0;
    }
    const list = store.list();
    if (values.json) process.stdout.write(JSON.stringify(list, null, 2) + '\n');
    else if (list.length === 0) printLine(`no sessions stored in ${store.dir}`);
    else printReport(table(list));
    return 0;
  } catch (e) {
    if (e instanceof StoreError || e instanceof StoredSearchError) printError(`loupe sessions: ${e.message}`);
    else if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))
      printError(`loupe sessions: ${(e as Error).message}\n\n${USAGE}`);
    else throw e;
    return 2;
  }
}
