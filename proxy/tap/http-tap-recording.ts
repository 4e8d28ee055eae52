/**
 * An HTTP tap and the session it records to (tap-output.ts: the stored session, named by the tap
 * file), started the same way by `loupe tap --url`, by the dashboard's "Tap a URL" and by the
 * listeners `loupe tap install` set up for a host's HTTP servers. Files, not a socket, carry the
 * traffic to the dashboard (TapWatcher finds the tap file and follows the session), so every way
 * of starting a tap is seen the same way, live or afterwards.
 */
import { LOUPE_VERSION } from '../../lib/version';
import { describeUrl } from '../../lib/trace/target';
import { TRACE_FORMAT, TRACE_VERSION, type TraceHeader } from '../../lib/trace/format';
import { TRANSPORT_FRAMING, type Frame } from '../../lib/mcp/frame';
import { HttpTap } from './http-tap';
import path from 'node:path';
import { tapFileName, tapsDir, type TapFile } from './tap-file';
import { openTapOutput, type TapOutput } from './tap-output';
import { tapFrameMasking } from './tap-masking';
import { redactionInputs } from '../../lib/trace/redaction-inputs';
import { sessionsDir } from '../store/layout';
import type { SessionWriter } from '../store/writer';
import type { OtlpExport } from '../telemetry/otlp-export';
import type { SessionTelemetry } from '../telemetry/session-telemetry';

export type HttpTapMode = 'streamable' | 'sse' | 'auto';

export interface HttpTapRecordingOptions {
  url: string;
  listen?: { host: string; port: number };
  mode?: HttpTapMode;
  name?: string;
  configDir: string;
  /** Who runs the listener: it says in the file whether the dashboard can stop it. */
  startedBy: 'cli' | 'dashboard' | 'install';
  /** Streams the session's spans and metrics as they happen (`loupe tap --url … --otlp`). */
  otlp?: OtlpExport;
  /** Warnings for a person (the session cannot be stored, its disk budget nears); stderr by default. */
  warn?: (text: string) => void;
}

export interface HttpTapRecording {
  tap: HttpTap;
  /** The address to give the host in place of the server's. */
  url: string;
  /** The tap file (its header, naming the stored session); absent when nothing could be written: the tap still passes traffic on. */
  file?: TapFile;
  /** Why nothing is recorded, when `file` is absent. */
  notRecording?: string;
  /** The session in the store (`loupe sessions`) that holds the frames; absent when the file holds them. */
  stored?: SessionWriter;
  stop(): Promise<void>;
}

/** Why a tap could not listen, in words a person can act on. */
export class TapListenError extends Error {
  override name = 'TapListenError';
}

export async function startHttpTapRecording(o: HttpTapRecordingOptions): Promise<HttpTapRecording> {
  const upstream = new URL(o.url);
  const name = o.name || upstream.host;
  const startedAt = new Date();
  let output: TapOutput | undefined;
  // The tap records its first frame (it listens) before the file, whose header names the address
  // it listens on, can exist: that frame waits here, or the file would start at seq 2 and a
  // reader could not keep the tap's numbering, which the exchange links are made of.
  let early: Frame[] | undefined = [];
  // Credentials are masked before anything reaches the file (tap-masking.ts).
  const mask = tapFrameMasking(o.url);
  const tap = new HttpTap({
    upstream: o.url,
    host: o.listen?.host,
    port: o.listen?.port,
    mode: o.mode,
    onFrame: (f) => {
      const masked = mask(f);
      if (early) early.push(masked);
      else output?.append(masked);
      telemetry?.push([masked]);
    },
  });
  // Frames come only once the tap listens, by when this is set.
  const telemetry: SessionTelemetry | undefined = o.otlp?.session({ name, originMs: tap.clock.startedAt, transport: 'http' });
  try {
    await tap.start();
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    void telemetry?.end();
    const where = `${o.listen?.host ?? '127.0.0.1'}:${o.listen?.port ?? 0}`;
    throw new TapListenError(
      `cannot listen on ${where}: ${err.code === 'EADDRINUSE' ? 'the port is in use (pick another port, or 0 for any free one)' : err.message}`,
    );
  }
  const header: TraceHeader & { tap: Record<string, unknown> } = {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    loupeVersion: LOUPE_VERSION,
    createdAt: startedAt.toISOString(),
    startedAt: startedAt.toISOString(),
    target: { transport: 'http', framing: TRANSPORT_FRAMING.http, name, url: describeUrl(o.url) },
    source: 'tap',
    // The local address carries the tapped URL's query, keys included: the file keeps it masked
    // (the address to give a host is printed, or shown by the Loupe that runs the tap).
    tap: { pid: process.pid, listen: describeUrl(tap.url), startedBy: o.startedBy },
  };
  let notRecording: string | undefined;
  try {
    // Stored as the stdio tap's session is: source `tap`, the tapped URL as its server.
    output = openTapOutput({
      file: path.join(tapsDir(o.configDir), tapFileName(name, startedAt, process.pid)),
      storeDir: sessionsDir(o.configDir),
      header,
      startedAt: startedAt.getTime(),
      secrets: redactionInputs({ url: o.url }),
      warn: o.warn ?? ((text) => console.error(`loupe tap: warning: ${text}`)),
    });
  } catch (e) {
    notRecording = (e as Error).message;
  }
  for (const f of early) output?.append(f);
  early = undefined;
  return {
    tap,
    url: tap.url,
    file: output?.file,
    notRecording,
    stored: output?.stored,
    async stop() {
      await tap.close();
      await output?.close();
      await output?.stored?.counted;
      await telemetry?.end();
    },
  };
}
