/**
 * `loupe tap --url URL`: runs the HTTP tap until stopped (Ctrl-C, SIGTERM), recording to a trace
 * file in the config dir's taps/ folder, which a running dashboard follows like a stdio tap.
 */
import { LOUPE_VERSION } from '../../lib/version';
import { describeUrl } from '../../lib/trace/target';
import { TRACE_FORMAT, TRACE_VERSION, type TraceHeader } from '../../lib/trace/format';
import { TRANSPORT_FRAMING } from '../../lib/mcp/frame';
import { HttpTap } from './http-tap';
import { TapFile, tapFileName, tapsDir } from './tap-file';

export interface HttpTapRun {
  url: string;
  listen?: { host: string; port: number };
  mode?: 'streamable' | 'sse' | 'auto';
  name?: string;
  configDir: string;
}

export async function runHttpTap(o: HttpTapRun, stop: AbortSignal): Promise<number> {
  const upstream = new URL(o.url);
  const name = o.name ?? upstream.host;
  const startedAt = new Date();
  let file: TapFile | undefined;
  const tap = new HttpTap({ upstream: o.url, host: o.listen?.host, port: o.listen?.port, mode: o.mode, onFrame: (f) => file?.append(f) });
  try {
    await tap.start();
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    console.error(`loupe tap: cannot listen on ${o.listen?.host ?? '127.0.0.1'}:${o.listen?.port ?? 0}: ${err.code === 'EADDRINUSE' ? 'the port is in use (pick another with --listen, or 0 for any)' : err.message}`);
    return 1;
  }
  const header: TraceHeader & { tap: Record<string, unknown> } = {
    format: TRACE_FORMAT, version: TRACE_VERSION, loupeVersion: LOUPE_VERSION,
    createdAt: startedAt.toISOString(), startedAt: startedAt.toISOString(),
    target: { transport: 'http', framing: TRANSPORT_FRAMING.http, name, url: describeUrl(o.url) }, source: 'tap',
    tap: { pid: process.pid, listen: tap.url },
  };
  try {
    file = new TapFile(tapsDir(o.configDir), tapFileName(name, startedAt, process.pid), header);
  } catch (e) {
    console.error(`loupe tap: warning: not recording: ${(e as Error).message}`);
  }
  console.log(`loupe tap: point the host at ${tap.url} (it reaches ${describeUrl(o.url)})${file ? `; recording to ${file.path}` : ''}`);
  await new Promise<void>((resolve) => (stop.aborted ? resolve() : stop.addEventListener('abort', () => resolve(), { once: true })));
  await tap.close();
  await file?.close();
  return 0;
}
