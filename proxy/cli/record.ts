/**
 * `loupe record --out FILE [client options] -- COMMAND [ARGS...]`: starts the server, runs the
 * handshake and the standard discovery (and a script, if given), closes the session and writes
 * every frame to a trace file, with secrets redacted unless --no-redact says otherwise (the same
 * rules as the page's export).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { InputError, UsageError, parseOwnArgs, splitAtDoubleDash } from './shared/args';
import { CLIENT_FLAGS, CLIENT_USAGE, clientOptions } from './shared/client-options';
import { LOUPE_VERSION } from '../../lib/version';
import { redactOptionsFor, redactStrings } from '../../lib/trace';
import { headlessOpener } from './record/headless';
import { resolveConfigDir } from '../config/paths';
import { sessionsDir } from '../store/layout';
import { SessionStore } from '../store/store';
import { DEFAULT_DISK_BUDGET, diskBudgetFrom } from '../store/disk-budget';
import { exportStored, type StoredExport } from '../store/export';
import type { RedactOptions } from '../../lib/trace/redact';
import { TARGET_FLAGS, TARGET_USAGE, targetConnection } from './shared/target';
import type { Connection } from '../../lib/wire/connection';
import { runSession, type OpenSession } from './record/run-session';
import { OTLP_FLAG, OTLP_USAGE, otlpOption } from './shared/otlp-option';
import { startOtlpExport } from '../telemetry/start-otlp';
import { exportSession } from '../telemetry/live-sessions';
import type { OtlpEndpoint } from '../../lib/wire/otlp-endpoint';
import { printError, printLine } from './shared/terminal';
import { printable } from '../../lib/text/printable';

const USAGE = `usage: loupe record --out FILE [options] -- COMMAND [ARGS...]
       loupe record --out FILE [options] --url URL [--header 'Name: value']...

Starts COMMAND as a stdio MCP server (or connects to URL), runs the handshake, lists its tools, resources, resource
templates and prompts (with pagination, for each capability it declares), sends the scripted
requests, closes the session and writes the trace to FILE.

  --out FILE                  where to write the trace (NDJSON); the session is also stored as it
                              runs (loupe sessions lists it)
  --config-dir DIR            where sessions are stored (default LOUPE_CONFIG_DIR or ~/.config/loupe)
  --no-redact                 keep secrets in the file (by default tokens, keys, passwords, the
                              values given with --env and --header, secret-looking URL query
                              values and arguments are replaced by «redacted» markers)
${OTLP_USAGE}
${CLIENT_USAGE}
${TARGET_USAGE}`;

export async function run(argv: string[]): Promise<number> {
  let out: string;
  let connection: Connection;
  let client;
  let redact = true;
  let otlpEndpoint: OtlpEndpoint | undefined;
  let configDir: string | undefined;
  try {
    const split = splitAtDoubleDash(argv);
    const { values, positionals } = parseOwnArgs(split.own, {
      out: { type: 'string' },
      'config-dir': { type: 'string' },
      'no-redact': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      ...OTLP_FLAG,
      ...CLIENT_FLAGS,
      ...TARGET_FLAGS,
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (positionals.length > 0)
      throw new UsageError(`unexpected '${positionals[0]}': put the server command after --, as in: loupe record --out trace.ndjson -- node server.js`);
    if (!values.out) throw new UsageError('--out FILE is required: where should the trace be written?');
    out = values.out;
    const dir = path.dirname(path.resolve(out));
    if (!existsSync(dir)) throw new InputError(`cannot write the trace to ${out}: the folder ${dir} does not exist`);
    client = clientOptions(values);
    const target = targetConnection(split.command, values, client.env);
    if (!target) throw new UsageError('no server: give its command after --, as in: loupe record --out trace.ndjson -- node server.js (or --url URL)');
    connection = target;
    redact = !values['no-redact'];
    otlpEndpoint = otlpOption(values.otlp);
    configDir = values['config-dir'];
  } catch (e) {
    if (e instanceof InputError) printError(`loupe record: ${e.message}`);
    else if (e instanceof UsageError) printError(`loupe record: ${e.message}\n\n${USAGE}`);
    else throw e;
    return 2;
  }

  const otlp = otlpEndpoint ? await startOtlpExport(otlpEndpoint, (text) => printError(`loupe record: warning: ${text}`)) : undefined;
  // The session is written to the store as it runs, and the trace file is made from it: its
  // frames are not held in memory too, so a session of any length records in bounded memory.
  const budget = diskBudgetFrom({});
  if (typeof budget === 'string') printError(`loupe record: warning: ${budget}: the defaults apply`);
  const store = new SessionStore(sessionsDir(resolveConfigDir(configDir)), typeof budget === 'string' ? DEFAULT_DISK_BUDGET : budget, (text) =>
    printError(`loupe record: warning: ${text}`),
  );
  const openStored = headlessOpener({ store, storedAs: 'record' });
  let storedId: string | undefined;
  const open: OpenSession = (target, options) => {
    const session = openStored(target, options);
    storedId = session.storedId;
    // Not stored (the warning above says why): there is nothing to make the trace from, so the
    // server is stopped at once rather than recorded into memory.
    if (storedId === undefined) void session.close();
    else if (otlp) exportSession(otlp, session);
    return session;
  };
  const record = await runSession(open, connection, client, { name: 'loupe-record', version: LOUPE_VERSION });
  // The stored session's findings are counted (loupe sessions shows them) before the command ends.
  await store.settled();
  // The session's last spans and its histograms go before the command ends.
  await otlp?.shutdown();
  if (storedId === undefined) {
    printError(`loupe record: the session could not be stored under ${store.dir}, and the trace is written from it: give a writable --config-dir`);
    return 2;
  }
  const redaction = redact ? redactOptionsFor(connection) : false;
  // What is printed may end up in a CI log: a server's error message can quote a secret too.
  const shown = (text: string) => (redaction === false ? text : redactStrings(text, redaction).value);
  const written = fromStore(store, storedId, out, redaction, client.timeoutMs);
  if (!written) return 2;
  for (const step of record.steps) {
    if (!step.ok) printError(`loupe record: ${printable(step.method)} failed: ${printable(shown(step.error ?? ''))}`);
  }
  if (record.failure) {
    printError(`loupe record: ${shown(record.failure)}\nwrote ${written.frames} frames to ${out}`);
    return 1;
  }
  // The disk budget was reached or a write failed (a warning said so): the file is what was stored.
  const recorded = record.summary.lastSeq;
  if (written.frames < recorded) {
    printError(
      `loupe record: only ${written.frames} of the ${recorded} frames recorded were stored (the warning above says why: a session's disk budget is raised with LOUPE_DISK_BUDGET): ${out} holds those`,
    );
    return 1;
  }
  if (written.redacted > 0) printError(`loupe record: redacted ${written.redacted} secret-looking values (--no-redact keeps them)`);
  // The name and version are whatever the server sent: shown, never obeyed by the terminal.
  const server = record.summary.serverInfo as { name?: unknown; version?: unknown } | undefined;
  const name = typeof server?.name === 'string' ? printable(server.name) : connection.name;
  const version = typeof server?.version === 'string' ? printable(server.version) : '';
  printLine(`recorded ${written.frames} frames from ${name} ${version}`.trimEnd() + ` (protocol ${record.summary.negotiatedVersion}) to ${out}`);
  return 0;
}

/** The trace file made from the stored session; undefined, with the reason printed, when the
 *  store could not give it. */
function fromStore(store: SessionStore, id: string, out: string, redaction: RedactOptions | false, requestTimeoutMs: number): StoredExport | undefined {
  try {
    const session = store.open(id);
    for (const notice of session.notices) printError(`loupe record: note: ${notice}`);
    // The stored secrets are the connection's own (redactOptionsFor): the person adds no rules here.
    return exportStored(session, out, { loupeVersion: LOUPE_VERSION, redact: redaction === false ? false : {}, requestTimeoutMs });
  } catch (e) {
    printError(`loupe record: cannot write the trace to ${out} from the stored session ${id}: ${(e as Error).message}`);
    return undefined;
  }
}
