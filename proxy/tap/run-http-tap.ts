/**
 * `loupe tap --url URL`: runs the HTTP tap until stopped (Ctrl-C, SIGTERM), recording to a trace
 * file in the config dir's taps/ folder, which a running dashboard follows like a stdio tap, and
 * storing the session in its sessions/ folder (`loupe sessions`).
 */
import { describeUrl } from '../../lib/trace/target';
import { startHttpTapRecording, TapListenError, type HttpTapMode } from './http-tap-recording';
import type { OtlpEndpoint } from '../../lib/wire/otlp-endpoint';
import { startOtlpExport } from '../telemetry/start-otlp';

export interface HttpTapRun {
  url: string;
  listen?: { host: string; port: number };
  mode?: HttpTapMode;
  name?: string;
  configDir: string;
  /** `--otlp`: where the session's spans and metrics are streamed as they happen. */
  otlp?: OtlpEndpoint;
}

export async function runHttpTap(o: HttpTapRun, stop: AbortSignal): Promise<number> {
  let recording;
  const otlp = o.otlp ? await startOtlpExport(o.otlp, (text) => console.error(`loupe tap: warning: ${text}`)) : undefined;
  try {
    recording = await startHttpTapRecording({ ...o, startedBy: 'cli', otlp });
  } catch (e) {
    if (!(e instanceof TapListenError)) throw e;
    console.error(`loupe tap: ${e.message}`);
    return 1;
  }
  if (recording.notRecording) console.error(`loupe tap: warning: not recording: ${recording.notRecording}`);
  console.log(
    `loupe tap: point the host at ${recording.url} (it reaches ${describeUrl(o.url)})${recording.file ? `; recording to ${recording.file.path}` : ''}${recording.stored ? ` (stored session ${recording.stored.id})` : ''}`,
  );
  await new Promise<void>((resolve) => (stop.aborted ? resolve() : stop.addEventListener('abort', () => resolve(), { once: true })));
  await recording.stop();
  await otlp?.shutdown();
  return 0;
}
