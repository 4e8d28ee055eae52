/**
 * `loupe replay TRACE [--listen HOST:PORT] [--strict]`: serves a recorded session as an MCP server,
 * answering each request as the recorded server did (lib/replay). Over stdio by default (an MCP
 * host starts `loupe replay trace.ndjson` as it would start the server), over Streamable HTTP with
 * --listen. Exit 0 when the client is done, 1 when --strict saw a difference in order, 2 when the
 * replay could not start.
 */
import type { Frame } from '../../lib/mcp/frame';
import { buildReplayScript, ReplayScriptError, type ReplayScript } from '../../lib/replay/script';
import { ReplayMatcher } from '../../lib/replay/matcher';
import { serveStdio } from '../replay/stdio';
import { serveHttp } from '../replay/http';
import { parseOwnArgs, UsageError } from './shared/args';
import { readTraceFile, TraceFileError } from './shared/trace-file';
import { printError } from './shared/terminal';
import { catchShutdownSignals } from './shutdown-signals';

const USAGE = `usage: loupe replay TRACE [--listen HOST:PORT] [--strict]

Serves the recorded session in TRACE as an MCP server: each request is answered as the recorded
server answered it (matched by method and params, ids and _meta ignored; initialize by method), with
the notifications and requests it sent around that answer. An unrecorded request gets a JSON-RPC
error that names the closest recorded params.

  --listen HOST:PORT   serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio (PORT 0: any
                       free port; the URL is printed on stderr). Loopback unless HOST says otherwise.
  --strict             every request and notification must come in the recorded order; the first
                       that does not is answered with an error, and the exit status is 1`;

function parseListen(value: string): { host: string; port: number } {
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]]+):(\d{1,5})$/i.exec(value);
  const port = m ? Number(m[2]) : NaN;
  if (!m || port > 65535) throw new UsageError(`--listen takes HOST:PORT such as 127.0.0.1:3001, got '${value}'`);
  return { host: m[1].replace(/^\[|\]$/g, ''), port };
}

/** The replay script, or a TraceFileError naming the file and the frame it cannot serve. */
function scriptOf(file: string, frames: readonly Frame[]): ReplayScript {
  try {
    return buildReplayScript(frames);
  } catch (e) {
    if (e instanceof ReplayScriptError) throw new TraceFileError(`${file}: ${e.message}`);
    throw e;
  }
}

export async function run(argv: string[]): Promise<number> {
  let matcher: ReplayMatcher;
  let listen: { host: string; port: number } | undefined;
  try {
    const { values, positionals } = parseOwnArgs(argv, { listen: { type: 'string' }, strict: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError(`expected one trace file, got ${positionals.length}`);
    listen = values.listen === undefined ? undefined : parseListen(values.listen);
    const trace = await readTraceFile(positionals[0]);
    const script = scriptOf(positionals[0], trace.frames);
    if (!script.exchanges.some((e) => e.method === 'initialize' && e.replies.some((r) => r.isResponse))) {
      printError(`loupe replay: ${positionals[0]} holds no answered initialize; clients will get an error for it`);
    }
    matcher = new ReplayMatcher(script, { strict: values.strict === true });
  } catch (e) {
    if (e instanceof UsageError) printError(`loupe replay: ${e.message}\n\n${USAGE}`);
    else if (e instanceof TraceFileError) printError(`loupe replay: ${e.message}`);
    else throw e;
    return 2;
  }
  const reported = new Set<string>();
  const reportDeviations = () => {
    for (const d of matcher.deviations)
      if (!reported.has(d)) {
        reported.add(d);
        printError(`loupe replay: ${d}`);
      }
  };
  if (!listen) {
    const done = serveStdio(matcher, process.stdin, process.stdout);
    const timer = setInterval(reportDeviations, 200);
    await done;
    clearInterval(timer);
  } else {
    const http = await serveHttp(matcher, listen.host, listen.port);
    printError(`Loupe replay is serving at ${http.url}`);
    const timer = setInterval(reportDeviations, 200);
    const signals = catchShutdownSignals();
    await new Promise<void>((resolve) => signals.onStop(() => resolve()));
    signals.dispose();
    clearInterval(timer);
    await http.close();
  }
  reportDeviations();
  return matcher.deviations.length > 0 ? 1 : 0;
}
