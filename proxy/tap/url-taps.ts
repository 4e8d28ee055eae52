/**
 * HTTP taps that this Loupe runs itself: the ones a person starts from the page ("Tap a URL")
 * and the listeners `loupe tap install` recorded for a host's HTTP servers. Each records to a tap
 * file like any other tap, so the dashboard follows it through TapWatcher; this class only owns
 * the listeners, so they can be stopped from the page and end with Loupe.
 */
import path from 'node:path';
import { startHttpTapRecording, type HttpTapMode, type HttpTapRecording, type HttpTapRecordingOptions } from './http-tap-recording';
import { installedListeners } from './install/install';
import { localTapUrl } from './install/wrap';

export interface UrlTapRequest {
  url: string;
  /** The local port the host is pointed at; 0 or absent: any free port. */
  port?: number;
  name?: string;
  mode?: HttpTapMode;
}

export interface StartedUrlTap {
  /** The tap's trace file, in the taps folder. */
  file: string;
  /** The address to give the host in place of the server's. */
  listen: string;
}

/** A tap a page may start: the server's URL must be http(s); the listener is always loopback. */
export function checkTapUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${JSON.stringify(text)} is not a URL: give the server's MCP endpoint, e.g. https://server.example/mcp`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`the server's URL must be http or https, got ${url.protocol}`);
  return url.href;
}

export class UrlTaps {
  private readonly running = new Map<string, HttpTapRecording>();

  constructor(private readonly configDir: string) {}

  async start(r: UrlTapRequest, startedBy: HttpTapRecordingOptions['startedBy']): Promise<StartedUrlTap> {
    const url = checkTapUrl(r.url);
    // Loopback only, whatever the page asks: the tap forwards the host's credentials upstream.
    const recording = await startHttpTapRecording({
      url,
      listen: { host: '127.0.0.1', port: r.port ?? 0 },
      mode: r.mode,
      name: r.name?.trim() || undefined,
      configDir: this.configDir,
      startedBy,
    });
    if (!recording.file) {
      await recording.stop();
      throw new Error(`the tap cannot record (${recording.notRecording}), so it was not started`);
    }
    const file = path.basename(recording.file.path);
    this.running.set(file, recording);
    return { file, listen: recording.url };
  }

  /**
   * Starts the listeners `loupe tap install` recorded for hosts' HTTP servers. One whose port is
   * taken is left alone: another Loupe or `loupe tap serve` is already serving it. Returns one
   * line per listener, saying what happened.
   */
  async startInstalled(): Promise<{ started: number; lines: string[] }> {
    const lines: string[] = [];
    let started = 0;
    for (const l of await installedListeners(this.configDir)) {
      const local = localTapUrl(l.upstream, l.port);
      try {
        await this.start({ url: l.upstream, port: l.port, name: l.server, mode: l.mode }, 'install');
        started++;
        lines.push(`tapping ${l.server} at ${local} -> ${l.upstream}`);
      } catch (e) {
        lines.push(
          `not serving ${local} for ${l.server}: ${(e as Error).message}${/in use/.test((e as Error).message) ? ' (another Loupe or loupe tap serve may be serving it already)' : ''}`,
        );
      }
    }
    return { started, lines };
  }

  has(file: string): boolean {
    return this.running.has(file);
  }

  /** The local address of a tap this Loupe runs, as the host must be given it (the tap file's
   *  header holds it with its secret query values masked). */
  listen(file: string): string | undefined {
    return this.running.get(file)?.url;
  }

  async stop(file: string): Promise<void> {
    const recording = this.running.get(file);
    if (!recording) throw new Error(`no tap this Loupe runs records to ${JSON.stringify(file)} (it may have stopped already)`);
    this.running.delete(file);
    await recording.stop();
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.running.keys()].map((file) => this.stop(file)));
  }
}
