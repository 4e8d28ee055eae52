/**
 * What the golden-trace recorders share: a stdio server started as Loupe starts one, every line it
 * writes and every line sent to it recorded as a frame on the wire clock, requests paired by id,
 * and the end as Loupe ends a session (stdin closed, SIGTERM a second later), with its lifecycle
 * frames. Each recorder scripts its own session and writes its own file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Frame } from '../../lib/mcp/frame';
import { toFrame } from '../../lib/mcp/frame-check';
import { TRACE_FORMAT, TRACE_VERSION, type TraceHeader } from '../../lib/trace/format';

export const goldenDir = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(goldenDir, '../..');

type Part = Pick<Frame, 'dir' | 'lane' | 'raw' | 'meta' | 'channel'>;
export type Answer = { id?: number; method?: string; result?: unknown; error?: unknown };

function lines(stream: NodeJS.ReadableStream, onLine: (l: string) => void): void {
  let buf = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buf += chunk;
    for (let nl = buf.indexOf('\n'); nl !== -1; nl = buf.indexOf('\n')) {
      onLine(buf.slice(0, nl));
      buf = buf.slice(nl + 1);
    }
  });
}

export class GoldenSession {
  readonly frames: Frame[] = [];
  readonly child: ChildProcess;
  private readonly origin = process.hrtime.bigint();
  private readonly waiting = new Map<number, (msg: Answer) => void>();
  private nextId = 0;

  /** `script`: the server's file under node_modules; `shownArgs`: how the spawn frame names it. */
  constructor(
    script: string,
    args: string[],
    shownArgs: string[],
    /** Each message the server sends, after it is recorded (a request of the server's is answered here). */
    onMessage: (msg: Answer) => void = () => {},
  ) {
    this.child = spawn(process.execPath, [path.join(repoRoot, 'node_modules', script), ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.record({
      dir: 'local',
      lane: 'lifecycle',
      raw: 'spawn',
      meta: { transport: 'stdio', event: 'spawn', pid: this.child.pid!, command: 'node', args: shownArgs },
    });
    lines(this.child.stdout!, (line) => {
      this.record({ dir: 's2c', lane: 'message', raw: line, meta: { transport: 'stdio' } });
      const msg = JSON.parse(line) as Answer;
      if (msg.id !== undefined && !msg.method) this.waiting.get(msg.id)?.(msg);
      onMessage(msg);
    });
    lines(this.child.stderr!, (line) => this.record({ dir: 's2c', lane: 'stderr', raw: line, meta: { transport: 'stdio' } }));
  }

  record({ dir, lane, raw, meta, channel }: Part): void {
    const ts = Number((process.hrtime.bigint() - this.origin) / 1000n);
    this.frames.push(toFrame({ seq: this.frames.length + 1, ts, dir, lane, raw, size: Buffer.byteLength(raw), meta, channel }));
  }

  /** Sends one message to the server on the session's channel, recorded as it goes. */
  write(message: object): void {
    const raw = JSON.stringify({ jsonrpc: '2.0', ...message });
    this.record({ dir: 'c2s', lane: 'message', raw, meta: { transport: 'stdio' } });
    this.child.stdin!.write(raw + '\n');
  }

  /** A request; resolves with its answer, and the request's id and seq. */
  async send(method: string, params?: object): Promise<{ answer: Answer; id: number; seq: number }> {
    const id = this.nextId++;
    this.write({ id, method, params });
    const seq = this.frames.length;
    const answer = await new Promise<Answer>((resolve) => this.waiting.set(id, resolve));
    return { answer, id, seq };
  }

  notify(method: string, params?: object): void {
    this.write(params === undefined ? { method } : { method, params });
  }

  /** Ends the session as Loupe does: stdin closed, SIGTERM after a second (a server that keeps running after stdin closes). */
  async end(): Promise<void> {
    this.child.stdin!.end();
    const kill = setTimeout(() => this.child.kill('SIGTERM'), 1000);
    this.record({ dir: 'local', lane: 'lifecycle', raw: 'stdin-closed', meta: { transport: 'stdio', event: 'stdin-closed' } });
    const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => this.child.on('exit', (c, s) => resolve([c, s])));
    clearTimeout(kill);
    this.record({ dir: 'local', lane: 'lifecycle', raw: `exit ${code ?? signal}`, meta: { transport: 'stdio', event: 'exit', code, signal } });
  }
}

/** The header of a golden trace of a stdio server. */
export function goldenHeader(name: string, args: string[], negotiatedVersion: string): TraceHeader {
  return {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    loupeVersion: '0.1.0',
    createdAt: new Date().toISOString(),
    target: { transport: 'stdio', framing: 'lines', name, command: 'node', args },
    negotiatedVersion,
    source: 'live',
  };
}
