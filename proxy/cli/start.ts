/**
 * `loupe start` (`npm start`): the dashboard on one loopback port, with a fresh token per launch.
 * Prints exactly one line on stdout, the URL to open; everything else goes to stderr.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../package-root';
import { resolveConfigDir } from '../config/paths';
import { ConnectionStore } from '../config/store';
import { endStaleGroups, recordGroupsIn } from '../transports/pid-files';
import { isLoopbackAddress, startLoupeServer, type LoupeServer } from '../server/loupe-server';
import { createToken } from '../shared/token';
import { Registry } from '../sessions/registry';
import { PageOAuthFlows } from '../oauth/page-flows';
import { TapWatcher } from '../tap/tap-watcher';
import type { SessionRegistry } from '../sessions/types';
import { parseStartOptions, START_USAGE } from './start-options';
import { catchShutdownSignals, type ShutdownSignals } from './shutdown-signals';
import { onFatalError } from './fatal-errors';
import { exportRegistrySessions } from '../telemetry/live-sessions';
import { OtlpReceivers } from '../telemetry/otlp-receivers';
import { SessionStore } from '../store/store';
import { sessionsDir } from '../store/layout';

/** How long shutdown may take before Loupe gives up waiting on a child. */
const DRAIN_LIMIT_MS = 15_000;

function listenError(e: NodeJS.ErrnoException, port: number, host: string): string {
  if (e.code === 'EADDRINUSE') return `port ${port} is in use: pass --port N or set LOUPE_PORT (--port 0 picks a free port)`;
  if (e.code === 'EACCES') return `not allowed to listen on port ${port}: pick a port above 1023 with --port N`;
  if (e.code === 'EADDRNOTAVAIL') return `${host} is not an address of this machine: check --host`;
  return `cannot listen on ${host}:${port}: ${e.message}`;
}

export async function run(argv: string[]): Promise<number> {
  const signals = catchShutdownSignals();
  try {
    return await serve(argv, signals);
  } finally {
    signals.dispose();
  }
}

async function serve(argv: string[], signals: ShutdownSignals): Promise<number> {
  // As every other command: --help prints the usage and exits 0.
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(START_USAGE);
    return 0;
  }
  const opts = parseStartOptions(argv);
  if (typeof opts === 'string') {
    console.error(`loupe start: ${opts}`);
    return 2;
  }
  // An installed Loupe ships its page in out/; only a clone can lack it, and then it is built
  // there with `npm run build` (`npm start` does that when needed). Loupe never builds at run time.
  if (!existsSync(path.join(PACKAGE_ROOT, 'out', 'index.html'))) {
    console.error(
      `loupe start: warning: no built page in ${path.join(PACKAGE_ROOT, 'out')}: the page will not load. In a clone of Loupe, run \`npm run build\` (or \`npm start\`, which builds what is missing).`,
    );
  }
  const configDir = resolveConfigDir(opts.configDir);
  const runDir = path.join(configDir, 'run');
  for (const line of await endStaleGroups(runDir)) console.error(`loupe start: ${line}`);
  try {
    recordGroupsIn(runDir);
  } catch (e) {
    console.error(
      `loupe start: warning: cannot keep pid files in ${runDir} (${(e as Error).message}): if Loupe crashes, the servers it started may keep running.`,
    );
  }
  const store = await ConnectionStore.open(configDir);
  if (store.loadError) console.error(`loupe start: warning: ${store.loadError} Until then only the built-in connection is offered and saving is refused.`);
  if (!isLoopbackAddress(opts.host)) {
    console.error(
      `loupe start: WARNING: listening on ${opts.host}, not only on this machine. Loupe starts processes for whoever holds the token: anyone who can reach this address and sees the URL can run commands as you.`,
    );
  }

  const oauth = new PageOAuthFlows();
  // Every session this Loupe runs is written to disk as it is recorded (loupe sessions lists them).
  const sessions = new SessionStore(sessionsDir(configDir), opts.disk, (text) => console.error(`loupe start: warning: ${text}`));
  // A longer session, not judged when it closed, is judged in a worker once History lists it or Browse opens it.
  sessions.judgeOnDemand();
  const registry = new Registry({ session: { budgetBytes: opts.sessionBudget, oauth: { flows: oauth, configDir }, store: sessions } });
  // Sessions go to --otlp's receiver, or to the one their connection's client settings name.
  const otlp = new OtlpReceivers(opts.otlp, (text) => console.error(`loupe start: warning: ${text}`));
  exportRegistrySessions(otlp, registry);
  if (opts.otlp) console.error(`loupe start: streaming each session's spans and metrics to ${opts.otlp.base}`);
  // Hosts' sessions recorded by `loupe tap`: running ones are followed live, finished ones listed.
  // They are judged from their stored copies past the memory budget, as the sessions this Loupe runs are.
  const taps = new TapWatcher(configDir, registry, undefined, sessions);
  await taps.start().catch((e: Error) => console.error(`loupe start: warning: not following taps: ${e.message}`));
  // Hosts' HTTP servers that `loupe tap install` pointed at a local tap reach their server through us.
  for (const line of await taps.startInstalled().catch((e: Error) => [`not serving installed HTTP taps: ${e.message}`])) console.error(`loupe start: ${line}`);
  let server: LoupeServer;
  try {
    server = await startLoupeServer({
      host: opts.host,
      port: opts.port,
      outDir: path.join(PACKAGE_ROOT, 'out'),
      token: createToken(),
      registry,
      store,
      taps,
      oauth,
      sessions,
    });
  } catch (e) {
    console.error(`loupe start: ${listenError(e as NodeJS.ErrnoException, opts.port, opts.host)}`);
    // Nothing is served: stop following taps too, or the folder watch would keep the process alive.
    taps.stop();
    await registry.closeAll();
    return 1;
  }
  const stopped = new Promise<number>((resolve) => signals.onStop((signal) => resolve(drain(signal, server, registry, taps, otlp, sessions))));
  onFatalError(() => drain('internal error', server, registry, taps, otlp, sessions));
  if (!signals.signal.aborted) console.log(`Loupe is running at ${server.url}`);
  return stopped;
}

/** Stops accepting first, so no page opens a session while the others are being closed. */
async function drain(
  reason: string,
  server: LoupeServer,
  registry: SessionRegistry,
  taps: TapWatcher,
  otlp: OtlpReceivers,
  sessions: SessionStore,
): Promise<number> {
  console.error(`loupe: ${reason}: closing sessions and stopping their servers`);
  const limit = setTimeout(() => {
    console.error('loupe: shutdown took too long: exiting');
    process.exit(1);
  }, DRAIN_LIMIT_MS);
  limit.unref();
  try {
    await server.close();
    // The HTTP taps this Loupe runs end here, each recording its end, before their sessions close.
    await taps.close();
    await registry.closeAll();
    // The stored sessions' findings are counted and kept before Loupe goes.
    await sessions.settled();
    // Every session has ended: their last spans and measurements go before Loupe does.
    await otlp.shutdown();
    return 0;
  } catch (e) {
    console.error(`loupe: shutdown: ${(e as Error).message}`);
    return 1;
  } finally {
    clearTimeout(limit);
  }
}
