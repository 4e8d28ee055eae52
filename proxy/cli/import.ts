/**
 * `loupe import FILE --out TRACE [--server NAME] [--no-redact]`: turns what another tool already
 * wrote (Claude Desktop's mcp-server-NAME.log or mcp.log, VS Code's MCP output channel saved to a
 * file, the MCP Inspector's Protocol export) into a Loupe trace, for sessions that ran before
 * anyone thought of tapping them. The page opens the same files through the same reader.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { InputError, UsageError, parseOwnArgs } from './shared/args';
import { writeTraceFile } from './shared/trace-file';
import { LOUPE_VERSION } from '../../lib/version';
import { IMPORTABLE, importOtherFormat } from '../../lib/trace/other-formats';
import { TraceError, type Trace } from '../../lib/trace';
import { resolveConfigDir } from '../config/paths';
import { sessionsDir } from '../store/layout';
import { SessionStore } from '../store/store';
import { DEFAULT_DISK_BUDGET, diskBudgetFrom } from '../store/disk-budget';
import { prepareExport } from '../../lib/render';

const USAGE = `usage: loupe import FILE --out TRACE [--server NAME] [--no-redact]

Reads another tool's record of an MCP session and writes it as a Loupe trace (open it in the
dashboard, or run loupe check on it). Understood: the MCP Inspector's Protocol export
(inspector-protocol-….json, from the Export button of its Protocol tab), Claude Desktop's
mcp-server-NAME.log and mcp.log, and VS Code's MCP output channel ("MCP: NAME", saved with the
trace log level). The trace's header says what the file lacks (raw bytes, transport details...).

  --out TRACE     where to write the trace
  --server NAME   which server to take from a log that holds several (Claude Desktop's mcp.log)
  --no-redact     keep secrets in the file (by default tokens, keys and passwords are replaced)
  --config-dir D  where the imported session is also stored, as it was read (loupe sessions lists
                  it; default LOUPE_CONFIG_DIR or ~/.config/loupe)`;

/** Keeps the session beside the others (\`loupe sessions\`), as read: its exports redact it. */
async function storeImported(trace: Trace, configDir: string | undefined): Promise<string | undefined> {
  try {
    const budget = diskBudgetFrom({});
    const store = new SessionStore(sessionsDir(resolveConfigDir(configDir)), typeof budget === 'string' ? DEFAULT_DISK_BUDGET : budget, (text) =>
      console.error(`loupe import: warning: ${text}`),
    );
    const startedAt = Date.parse(trace.header.startedAt ?? '') || Date.now();
    const writer = store.create({ source: 'imported', header: trace.header, startedAt });
    for (const f of trace.frames) writer.append(f);
    writer.close();
    await writer.counted;
    return writer.id;
  } catch (e) {
    console.error(`loupe import: warning: the session is not stored (${(e as Error).message}); the trace file is written as usual`);
    return undefined;
  }
}

export async function run(argv: string[]): Promise<number> {
  let log: string;
  let out: string;
  let values;
  try {
    const parsed = parseOwnArgs(argv, {
      out: { type: 'string' },
      server: { type: 'string' },
      'no-redact': { type: 'boolean' },
      'config-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    });
    values = parsed.values;
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (parsed.positionals.length !== 1) throw new UsageError('give exactly one file to import');
    if (!values.out) throw new UsageError('--out FILE is required: where should the trace be written?');
    log = parsed.positionals[0];
    out = values.out;
  } catch (e) {
    console.error(`loupe import: ${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  try {
    const text = await readFile(log, 'utf8').catch((e: NodeJS.ErrnoException) => {
      throw new InputError(`cannot read ${log} (${e.code ?? e.message})`);
    });
    const trace = importOtherFormat(text, { fileName: path.basename(log), server: values.server, loupeVersion: LOUPE_VERSION });
    if (!trace)
      throw new TraceError(0, `not a file loupe import reads (a Loupe trace needs no import: open, check or export it as it is). It reads ${IMPORTABLE}.`);
    const prepared = prepareExport({
      frames: trace.frames,
      target: trace.header.target,
      loupeVersion: LOUPE_VERSION,
      source: 'import',
      redact: values['no-redact'] ? false : {},
    });
    const header = { ...trace.header, ...prepared.header };
    await writeTraceFile(out, header, prepared.frames);
    const stored = await storeImported(trace, values['config-dir']);
    const messages = prepared.frames.filter((f) => f.lane === 'message').length;
    console.log(
      `imported ${messages} messages (${prepared.frames.length} frames) of ${JSON.stringify(header.target.name)} to ${out}${stored ? ` (stored as ${stored})` : ''}`,
    );
    return 0;
  } catch (e) {
    if (e instanceof TraceError || e instanceof InputError) {
      console.error(`loupe import: ${log}: ${e.message}`);
      return 2;
    }
    throw e;
  }
}
