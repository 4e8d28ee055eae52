/**
 * `loupe check [FILE | -- COMMAND [ARGS...]]`: analyses a trace file, or records a live session
 * first, and reports the findings. Exit 1 when a finding is at or above --fail-on (and not in the
 * baseline), 0 otherwise, 2 when the check could not run (usage, unreadable file, a server that
 * cannot be reached or refuses the handshake, a handshake that never completed unexplained).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError, UsageError, oneOf, parseOwnArgs, splitAtDoubleDash } from './shared/args';
import { CLIENT_FLAGS, CLIENT_USAGE, clientOptions, type ClientFlagValues, type ClientOptions } from './shared/client-options';
import { APPS_CLIENT_SETTINGS, APPS_EXTENSION } from '../../lib/mcp/apps';
import { LOUPE_VERSION } from '../../lib/version';
import { TraceFileError } from './shared/trace-file';
import { checkTraceFile } from './check/check-file';
import { openHeadless } from './record/headless';
import { TARGET_FLAGS, TARGET_USAGE, targetConnection } from './shared/target';
import { appendProbes } from '../transports/http/cli-support';
import type { Connection } from '../../lib/wire/connection';
import { runSession } from './record/run-session';
import { checkModel } from './check/analyze-frames';
import { readBaseline } from './check/baseline';
import { SEVERITIES, failingCount, type CheckResult, type Severity } from './check/findings';
import { Baseline } from './check/baseline';
import { FindingTally } from './check/finding-tally';
import { formatText } from './check/format-text';
import { GATE_FLAGS, GATE_USAGE, parseGates } from './check/gates';
import { judge } from './check/judge';
import { readInterfaceBaseline, writeInterfaceBaseline } from './check/interface-file';
import { formatJson } from './check/format-json';
import { formatJunit } from './check/format-junit';
import { formatSarif } from './check/format-sarif';
import { handshakeRefusal } from './check/handshake';
import { TRANSPORT_FRAMING, type Frame } from '../../lib/mcp/frame';
import { describeTarget, redactFrames, redactOptionsFor, redactStrings, type FrameLines, type RedactOptions } from '../../lib/trace';
import type { JudgedModel } from '../../lib/model/bounded-model';
import { printError, printReport } from './shared/terminal';
import { diagnose, type Verdict } from '../../lib/doctor';
import { formatDoctor } from './check/format-doctor';

const FORMATS = ['text', 'json', 'junit', 'sarif'] as const;

const USAGE = `usage: loupe check [options] FILE
       loupe check [options] -- COMMAND [ARGS...]
       loupe check [options] --url URL [--header 'Name: value']... [--probe]

Analyses a trace file, or records a session with COMMAND or URL (handshake, discovery, a read of
each MCP Apps UI resource the tools point at, script) and analyses that, then reports what the
server (or client) does against the MCP specification and its MCP Apps extension. Unless
--client-capabilities is given, the client also declares the MCP Apps extension
(extensions["io.modelcontextprotocol/ui"]), so a server shows the tools it gives UI hosts only.
Exit status: 1 when a finding at or above --fail-on is not in the baseline, 0 when none is,
2 when the check could not run (a bad option or file, a server that cannot be reached or that
refuses the handshake: HTTP 401, an initialize error).
A report lists the first 50 findings of each rule and counts them all (the exit status too).

  --format text|json|junit|sarif   the report format (default text)
  --fail-on error|warning|info     the lowest severity that fails the check (default error)
  --baseline FILE                  a previous --format json report: its findings (same rule and
                                   message) are accepted
  --probe                          with --url: also send the active probes (a foreign Origin, an
                                   unknown session id) that a well-behaved client never would
  --no-redact                      keep secrets in the report (by default it is redacted as an
                                   export is: --env and --header values, URL and argument secrets,
                                   tokens, keys and passwords quoted from the traffic)
${GATE_USAGE}
${CLIENT_USAGE}
${TARGET_USAGE}`;

interface Source {
  /** How many frames were judged. */
  frameCount: number;
  /** The one model of the frames as the report may quote them (redacted unless --no-redact): the
   *  findings, the doctor, the gates and the interface baseline all read it. A file's holds only
   *  what they read (lib/model/bounded-model.ts), so a trace of any length fits in memory. */
  model: JudgedModel;
  label: string;
  traceFile?: string;
  frameLines?: FrameLines;
  negotiatedVersion?: string;
  /** Set when a live session never got through the handshake. */
  handshakeFailure?: string;
  /** The tally took the model's annotations as it was judged (a file's). */
  tallied: boolean;
}

/** The check could not judge the server; the doctor still says which layer stopped it. */
class CouldNotRun extends InputError {
  constructor(
    message: string,
    readonly verdict: Verdict,
  ) {
    super(`could not run: ${message}`);
  }
}

function fileUri(file: string): string {
  return path.isAbsolute(file) ? pathToFileURL(file).href : file.split(path.sep).map(encodeURIComponent).join('/');
}

/** Reports go to CI logs and code scanning. The analyser reads the frames as a redacted export
 *  would hold them, so no finding can quote a secret, not even one cut short by the quote's length
 *  limit; the findings are the same but for the «redacted:…» markers in quotes. */
type Redact = (frames: Frame[]) => Frame[];

/** The source's one model, judged with the source's framing (the trace's declared one, or the
 *  live transport's) and, live, the client's timeout. A file's frames stream through a bounded
 *  model; a live session's recorded frames are few and are held. */
async function load(
  file: string | undefined,
  connection: Connection | undefined,
  values: ClientFlagValues,
  probe: boolean,
  redaction: RedactOptions | false,
  compactCalls: boolean,
  tally: FindingTally,
): Promise<Source> {
  if (file !== undefined) {
    let checked;
    try {
      checked = await checkTraceFile(file, redaction, tally, compactCalls);
    } catch (e) {
      if (e instanceof TraceFileError) throw new InputError(e.message);
      throw e;
    }
    const { model, header, frameLines } = checked;
    const negotiated = typeof header.negotiatedVersion === 'string' ? header.negotiatedVersion : undefined;
    return { frameCount: model.frameCount, model, label: file, traceFile: fileUri(file), frameLines, negotiatedVersion: negotiated, tallied: true };
  }
  const redact: Redact = (frames) => (redaction === false ? frames : redactFrames(frames, redaction).frames);
  if (!connection) throw new UsageError('nothing to check: give a trace FILE, a server command after --, or --url');
  const client = checkClientOptions(values);
  const record = await runSession(openHeadless, connection, client, { name: 'loupe-check', version: LOUPE_VERSION }, { readAppResources: true });
  const options = { timeoutMs: client.timeoutMs, framing: TRANSPORT_FRAMING[connection.transport] };
  let frames = redact(record.frames);
  // Nothing came back at all, or the server refused the handshake (credentials, versions): there
  // is no MCP behaviour to judge, so the check did not run. It must never read as "passed".
  // A server that took a request and never answered it is a finding (timing.no-response), not
  // that: the model that tells is the one the report reads.
  let model = record.failure && !record.frames.some(fromServer) ? checkModel(frames, options) : undefined;
  if (model && !model.annotations.some((a) => a.rule === 'timing.no-response'))
    throw new CouldNotRun(`could not reach the server: ${record.failure}`, diagnose(model));
  const refused = record.failure ? handshakeRefusal(record.frames) : undefined;
  if (refused) {
    model ??= checkModel(frames, options);
    throw new CouldNotRun(`the handshake was refused: ${refused} (${record.frames.length} frames recorded; \`loupe record\` keeps them)`, diagnose(model));
  }
  if (record.failure) printError(`loupe check: ${record.failure} (the frames recorded so far are analysed)`);
  const probed = probe && connection.transport === 'http';
  if (probed) {
    await appendProbes(record.frames, connection, client.timeoutMs);
    // The probes are part of the session judged: its model is the one with them (a silent
    // server's model above is then not reused, the only case with two).
    frames = redact(record.frames);
    model = undefined;
  }
  const label = connection.transport === 'http' ? connection.url : [connection.command, ...connection.args].join(' ');
  return {
    frameCount: frames.length,
    model: model ?? checkModel(frames, options),
    label,
    negotiatedVersion: record.summary.negotiatedVersion,
    handshakeFailure: record.failure,
    tallied: false,
  };
}

/**
 * The client a check runs: the shared client options, and, unless --client-capabilities names
 * them all, the MCP Apps extension declared as a host that renders apps would, so a server that
 * offers its UI tools only to such hosts shows them and the apps.* rules can judge them.
 */
function checkClientOptions(values: ClientFlagValues): ClientOptions {
  const client = clientOptions(values);
  if (values['client-capabilities'] !== undefined) return client;
  return { ...client, clientCapabilities: { ...client.clientCapabilities, extensions: { [APPS_EXTENSION]: APPS_CLIENT_SETTINGS } } };
}

/** The command line or URL with secret-looking arguments and query values masked. */
function targetLabel(connection: Connection): string {
  const t = describeTarget(connection);
  return t.transport === 'http' ? (t.url ?? connection.name) : [t.command, ...(t.args ?? [])].join(' ');
}

/** A frame the server itself produced (an HTTP `end` frame with a network error is Loupe's note). */
function fromServer(f: Frame): boolean {
  if (f.dir !== 's2c') return false;
  if (f.lane !== 'http') return true;
  const phase = f.meta?.phase;
  return phase === 'response' || phase === 'event';
}

export async function run(argv: string[]): Promise<number> {
  try {
    const split = splitAtDoubleDash(argv);
    const { values, positionals } = parseOwnArgs(split.own, {
      format: { type: 'string' },
      'fail-on': { type: 'string' },
      baseline: { type: 'string' },
      probe: { type: 'boolean' },
      'no-redact': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      ...CLIENT_FLAGS,
      ...TARGET_FLAGS,
      ...GATE_FLAGS,
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    const format = oneOf('--format', values.format, FORMATS, 'text');
    const failOn = oneOf<Severity>('--fail-on', values['fail-on'], SEVERITIES, 'error');
    if (positionals.length > 1) throw new UsageError(`one trace file at a time; got ${positionals.length}: ${positionals.join(', ')}`);
    const file = positionals[0];
    if (file !== undefined && (split.command.length > 0 || values.url !== undefined))
      throw new UsageError('give either a trace FILE or a server (a command after --, or --url), not both');
    if (file === undefined && split.command.length === 0 && values.url === undefined)
      throw new UsageError('nothing to check: give a trace FILE, a server command after --, or --url');
    if (
      file !== undefined &&
      (values.script || values['client-capabilities'] || values['protocol-version'] || values.era || values.timeout || values.env || values.probe)
    ) {
      throw new UsageError(
        'client options (--protocol-version, --era, --client-capabilities, --timeout, --script, --env, --probe) apply to a live server, not to a trace file',
      );
    }
    if (values.probe && values.url === undefined) throw new UsageError('--probe tests an HTTP server: use it with --url');
    // Bad client or server options are reported before anything starts.
    const connection = file === undefined ? targetConnection(split.command, values, clientOptions(values).env) : undefined;
    const baseline = values.baseline === undefined ? new Baseline([]) : readBaseline(values.baseline);
    const gates = parseGates(values, values['interface-baseline'] === undefined ? undefined : readInterfaceBaseline(values['interface-baseline']));

    const redaction: RedactOptions | false = values['no-redact'] ? false : redactOptionsFor(connection ?? {});
    // A trace file streams through a bounded model, redacted batch by batch unless Loupe wrote it
    // redacted by every rule this check runs (check/check-file.ts).
    // A latency budget reads every call; without one, answered calls the report does not read again are let go of.
    // Every finding is counted against the baseline as it is judged; the first of each rule are listed.
    const tally = new FindingTally(baseline);
    const source = await load(file, connection, values, values.probe === true, redaction, gates.budgets.length === 0, tally);
    const { model } = source;
    // The gates and the interface baseline (a file to commit) read the findings' own model.
    if (values['write-interface-baseline'] !== undefined) writeInterfaceBaseline(values['write-interface-baseline'], model);
    for (const note of judge(model, gates, tally, !source.tallied)) printError(`loupe check: ${note}`);
    const label = redaction === false || !connection ? source.label : redactStrings(targetLabel(connection), redaction).value;
    const result: CheckResult = {
      source: label,
      traceFile: source.traceFile,
      frameLines: source.frameLines,
      negotiatedVersion: source.negotiatedVersion,
      frameCount: source.frameCount,
      ...tally.report(),
      failOn,
      doctor: diagnose(model),
    };
    const report =
      format === 'json'
        ? formatJson(result, LOUPE_VERSION)
        : format === 'junit'
          ? formatJunit(result)
          : format === 'sarif'
            ? formatSarif(result, LOUPE_VERSION)
            : formatText(result);
    const fails = failingCount(result) > 0;
    // A handshake that never completed, with no finding that explains it, is not a pass.
    if (source.handshakeFailure && !fails)
      throw new CouldNotRun(
        `the handshake did not complete (${source.handshakeFailure}), and nothing recorded breaks a rule at or above ${failOn}`,
        result.doctor,
      );
    // Every format: findings quote what the server sent (JSON and SARIF stay the same JSON).
    printReport(report);
    return fails ? 1 : 0;
  } catch (e) {
    // Which layer stopped the check comes first, as it does in a report.
    if (e instanceof CouldNotRun) printError(formatDoctor(e.verdict));
    if (e instanceof InputError) printError(`loupe check: ${e.message}`);
    else if (e instanceof UsageError) printError(`loupe check: ${e.message}\n\n${USAGE}`);
    else throw e;
    return 2;
  }
}
