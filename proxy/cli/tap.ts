/**
 * `loupe tap [--name NAME] [--config-dir DIR] -- COMMAND [ARGS...]`: what a host runs in place of
 * its stdio server. The server runs exactly as the host would run it; the traffic is recorded to a
 * trace file in the config dir's `taps/` folder, which a running dashboard shows live and lists
 * under "Recorded taps" afterwards.
 *
 * Exit status: the server's (a server ended by a signal ends the tap by the same signal). The
 * tap's own failures use codes a server rarely does, and say why on stderr: 64 for a usage
 * mistake, 126 when the command cannot be run, 127 when it is not found, 125 otherwise.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { oneOf, parseOwnArgs, splitAtDoubleDash, UsageError } from './shared/args';
import { resolveConfigDir } from '../config/paths';
import type { HttpTapRun } from '../tap/run-http-tap';
import { runStdioTap } from '../tap/run-stdio-tap';
import { sessionsDir } from '../store/layout';
import { tapFileName, tapsDir } from '../tap/tap-file';
import type { OtlpEndpoint } from '../../lib/wire/otlp-endpoint';
import { OTLP_FLAG, otlpOption } from './shared/otlp-option';

const USAGE = `usage: loupe tap [--name NAME] [--config-dir DIR] [--otlp URL] -- COMMAND [ARGS...]
       loupe tap --url URL [--listen HOST:PORT] [--mode auto|streamable|sse] [--name NAME] [--config-dir DIR] [--otlp URL]
       loupe tap install --host HOST [--server NAME]... [--config FILE] [--yes]
       loupe tap uninstall --host HOST [--config FILE] [--yes]
       loupe tap serve [--config-dir DIR]

Runs COMMAND as a stdio MCP server on behalf of the host that started this tap, passing every
byte both ways unchanged, and records the traffic for the Loupe dashboard. Put it in front of a
server in a host's MCP config: "command": "loupe", "args": ["tap", "--", "<command>", "<args>"...].

  --name NAME        how the dashboard names this server (default: the command's name, or the URL's host)
  --url URL          tap a remote server instead: a local address to point the host at, passing
                     every request on to URL (Streamable HTTP, or legacy HTTP+SSE with --mode sse)
  --listen HOST:PORT where that address listens (default 127.0.0.1 and any free port)
  --config-dir DIR   where taps are recorded (default: LOUPE_CONFIG_DIR or ~/.config/loupe);
                     the dashboard must use the same one to see them
  --otlp URL         also stream the session's spans and metrics, live, to this OTLP/HTTP receiver
                     (a Collector, Jaeger, Tempo), e.g. http://127.0.0.1:4318; see docs/opentelemetry.md`;

export const EXIT_USAGE = 64;
export const EXIT_CANNOT_RUN = 126;
export const EXIT_NOT_FOUND = 127;
export const EXIT_TAP_FAILED = 125;

/** The host's process name, when the platform tells it: it names the session in the dashboard. */
function hostProcess(): { pid: number; name?: string } {
  const pid = process.ppid;
  try {
    return { pid, name: readFileSync(`/proc/${pid}/comm`, 'utf8').trim() || undefined };
  } catch {
    return { pid };
  }
}

function defaultName(command: string, args: string[]): string {
  const base = path.basename(command).replace(/\.(cmd|exe|bat)$/i, '');
  // `npx -y @scope/server`, `node dist/server.js`, `uvx pkg`: the package or script says more than the runner.
  if (['npx', 'node', 'uvx', 'bunx', 'deno', 'python', 'python3', 'uv', 'pnpm', 'yarn'].includes(base)) {
    const subject = args.find((a) => !a.startsWith('-') && !['run', 'exec', 'dlx'].includes(a));
    // A script inside an installed package is named by its package (`…/node_modules/@scope/pkg/dist/index.js`).
    const pkg = subject && /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(subject.replace(/\\/g, '/'));
    if (pkg) return pkg[1];
    if (subject) return path.basename(subject).replace(/\.(m?js|ts|py)$/, '');
  }
  return base;
}

export async function run(argv: string[]): Promise<number> {
  // The other forms are loaded only when asked for: a host starts the stdio tap with every server,
  // so it loads no more than it runs (no config editing, no HTTP proxy, no schemas).
  if (argv[0] === 'install' || argv[0] === 'uninstall') return (await import('./tap-install')).runInstall(argv[0], argv.slice(1));
  if (argv[0] === 'serve') return (await import('./tap-serve')).runServe(argv.slice(1));
  const split = splitAtDoubleDash(argv);
  let name: string | undefined;
  let configDir: string;
  let http: HttpTapRun | undefined;
  let backlogBytes: number | undefined;
  let abandonMs: number | undefined;
  let otlp: OtlpEndpoint | undefined;
  try {
    const { values, positionals } = parseOwnArgs(split.own, {
      name: { type: 'string' },
      'config-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      url: { type: 'string' },
      listen: { type: 'string' },
      mode: { type: 'string' },
      ...OTLP_FLAG,
    });
    if (values.help) {
      process.stderr.write(USAGE + '\n');
      return 0;
    }
    if (positionals.length > 0) throw new UsageError(`unexpected '${positionals[0]}': put the server's command after --`);
    name = values.name;
    configDir = resolveConfigDir(values['config-dir']);
    backlogBytes = positiveEnv('LOUPE_TAP_BACKLOG_BYTES', 'bytes');
    abandonMs = positiveEnv('LOUPE_TAP_ABANDON_MS', 'milliseconds');
    otlp = otlpOption(values.otlp);
    if (values.url !== undefined) {
      if (split.command.length > 0) throw new UsageError('give either --url or a command after --, not both');
      http = {
        url: httpUrl(values.url),
        listen: listenAddress(values.listen),
        mode: oneOf('--mode', values.mode, ['auto', 'streamable', 'sse'] as const, 'auto'),
        name,
        configDir,
        ...(otlp ? { otlp } : {}),
      };
    } else if (values.listen !== undefined || values.mode !== undefined) {
      throw new UsageError('--listen and --mode are for an HTTP tap: add --url URL');
    } else if (split.command.length === 0) throw new UsageError('no server command: put it after -- (or tap a remote server with --url URL)');
  } catch (e) {
    // Only stderr: stdout belongs to the protocol even when the tap cannot start.
    process.stderr.write(`loupe tap: ${(e as Error).message}\n${USAGE}\n`);
    return EXIT_USAGE;
  }

  if (http) {
    // An HTTP tap runs until stopped; Ctrl-C or SIGTERM ends it cleanly, with its trace complete.
    const stop = new AbortController();
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => stop.abort());
    return (await import('../tap/run-http-tap')).runHttpTap(http, stop.signal);
  }

  const [command, ...args] = split.command;
  const startedAt = new Date();
  const targetName = name ?? defaultName(command, args);
  const file = path.join(tapsDir(configDir), tapFileName(targetName, startedAt, process.pid));
  // This thread loads nothing it does not need to start the relay: the header is made in the
  // recorder's worker (it needs the trace schemas).
  const header = { name: targetName, command, args, startedAt: startedAt.toISOString(), tap: { pid: process.pid, host: hostProcess(), cwd: process.cwd() } };
  const outcome = await runStdioTap({
    command,
    args,
    file,
    header,
    backlogBytes,
    abandonMs,
    // The folder where `loupe start` keeps its pid files: either one ends what the other left.
    groupsDir: path.join(configDir, 'run'),
    // The session is stored too, as every session Loupe records is (loupe sessions lists it).
    storeDir: sessionsDir(configDir),
    ...(otlp ? { otlp } : {}),
    warn: (text) => process.stderr.write(`loupe tap: warning: ${text}\n`),
    note: (text) => process.stderr.write(`loupe tap: ${text}\n`),
  });
  if (outcome.kind === 'spawn-failed') {
    process.stderr.write(`loupe tap: ${outcome.error}\n`);
    return outcome.errno === 'ENOENT' ? EXIT_NOT_FOUND : outcome.errno === 'EACCES' ? EXIT_CANNOT_RUN : EXIT_TAP_FAILED;
  }
  await drained(process.stdout);
  if (outcome.signal) {
    // End the way the server ended, so the host sees the same thing it would without the tap.
    process.removeAllListeners(outcome.signal);
    process.kill(process.pid, outcome.signal);
    await new Promise((r) => setTimeout(r, 1000));
    return EXIT_TAP_FAILED;
  }
  // The host may keep our stdin open after the server is gone; nothing is left to do.
  process.exit(outcome.code ?? EXIT_TAP_FAILED);
}

/**
 * LOUPE_TAP_BACKLOG_BYTES: how far recording may lag the wire in memory before the rest goes
 * through a spool file on disk. LOUPE_TAP_ABANDON_MS: how long a signal during catch-up gives the
 * recorder to close clean before the tap ends regardless (docs/tap.md).
 */
function positiveEnv(name: string, unit: string): number | undefined {
  const text = process.env[name];
  if (!text) return undefined;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n <= 0) throw new UsageError(`${name} must be a positive whole number of ${unit}, got '${text}'`);
  return n;
}

function drained(stream: NodeJS.WritableStream & { writableNeedDrain?: boolean }): Promise<void> {
  if (!stream.writableNeedDrain) return Promise.resolve();
  return new Promise((r) => stream.once('drain', () => r()));
}

function httpUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--url ${text} is not a URL: give the server's MCP endpoint, e.g. https://server.example/mcp`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--url must be http or https, got ${url.protocol}`);
  return url.href;
}

/** `PORT`, `HOST:PORT` or `[v6]:PORT`; loopback unless the person names another address. */
function listenAddress(text: string | undefined): { host: string; port: number } | undefined {
  if (text === undefined) return undefined;
  const m = /^(?:\[([^\]]+)\]|([^:]+))?:?(\d+)$/.exec(text);
  const port = m ? Number(m[3]) : NaN;
  if (!m || !Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--listen takes PORT or HOST:PORT, got '${text}'`);
  return { host: m[1] ?? m[2] ?? '127.0.0.1', port };
}
