/**
 * `loupe tap serve`: runs the local HTTP taps that `loupe tap install` gave hosts' HTTP servers,
 * for when the dashboard is not running (the dashboard serves them itself while it runs). Each
 * records to the taps folder like any tap, so a dashboard started later shows them live.
 */
import { parseOwnArgs, UsageError } from './shared/args';
import { resolveConfigDir } from '../config/paths';
import { UrlTaps } from '../tap/url-taps';

export const SERVE_USAGE = `usage: loupe tap serve [--config-dir DIR]

Serves, until stopped, the local addresses that loupe tap install pointed hosts' HTTP servers at,
passing every request on to the server and recording the traffic. Not needed while the dashboard
(loupe start) runs: it serves them too.`;

export async function runServe(argv: string[]): Promise<number> {
  let configDir: string;
  try {
    const { values, positionals } = parseOwnArgs(argv, { 'config-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } });
    if (values.help) {
      console.log(SERVE_USAGE);
      return 0;
    }
    if (positionals.length > 0) throw new UsageError(`unexpected '${positionals[0]}'`);
    configDir = resolveConfigDir(values['config-dir']);
  } catch (e) {
    console.error(`loupe tap serve: ${(e as Error).message}\n\n${SERVE_USAGE}`);
    return 2;
  }
  const taps = new UrlTaps(configDir);
  const { started, lines } = await taps.startInstalled();
  for (const line of lines) console.log(`loupe tap serve: ${line}`);
  if (started === 0) {
    console.error(
      lines.length === 0
        ? 'loupe tap serve: nothing to serve: loupe tap install has pointed no HTTP server at a local tap'
        : 'loupe tap serve: no address could be served',
    );
    return 1;
  }
  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => resolve());
  });
  await taps.stopAll();
  return 0;
}
