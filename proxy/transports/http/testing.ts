/** Test support: a recorder that numbers frames like the real one, and real servers on free ports. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freeLoopbackPort } from '../../shared/free-port';
import { headerValue, type Frame } from '../../../lib/mcp/frame';
import type { Crossing } from '../types';
import type { MicroClock } from './options';

export const testClock: MicroClock = { now: () => Math.round(performance.now() * 1000) };

export class FrameLog {
  readonly frames: Frame[] = [];
  readonly sink = (c: Crossing): Frame => {
    const frame: Frame = { seq: this.frames.length + 1, ...c };
    this.frames.push(frame);
    return frame;
  };

  http(phase?: string): Frame[] {
    return this.frames.filter((f) => f.lane === 'http' && (!phase || f.meta?.phase === phase));
  }

  messages(dir?: 'c2s' | 's2c'): Frame[] {
    return this.frames.filter((f) => f.lane === 'message' && (!dir || f.dir === dir));
  }
}

/** A frame's meta as a plain record, for `toMatchObject` checks on any of its shapes. */
export function meta(f: Frame | undefined): Record<string, unknown> {
  return { ...f?.meta };
}

/** A header of the request or response a frame records, by name (case-insensitive). */
export function sentHeader(f: Frame | undefined, name: string): string | undefined {
  const m = f?.lane === 'http' ? f.meta : undefined;
  return m?.phase === 'request' || m?.phase === 'response' ? headerValue(m.headers, name) : undefined;
}

/** A loopback port nothing listens on right now. */
export const freePort = freeLoopbackPort;

export interface RunningServer {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Starts a Node script with PORT set and waits until its output matches `ready`. */
export async function startNodeServer(script: string, args: string[], ready: RegExp, path: string): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [script, ...args], { cwd: root, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    // Generous: on a machine busy with other test steps, server-everything has taken over 15 s. A
    // server that did not start is killed, not left running after the test that gave up on it.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start within 30 s: ${out}`));
    }, 30_000);
    const check = (d: Buffer) => {
      out += d.toString();
      if (ready.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}): ${out}`));
    });
  });
  child.removeAllListeners('exit');
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    child,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

const everything = 'node_modules/@modelcontextprotocol/server-everything/dist/index.js';

export function startEverything(mode: 'streamableHttp' | 'sse'): Promise<RunningServer> {
  return mode === 'streamableHttp'
    ? startNodeServer(everything, [mode], /listening on port/, '/mcp')
    : startNodeServer(everything, [mode], /running on port/, '/sse');
}

export function startFixture(name: string, args: string[] = []): Promise<RunningServer> {
  return startNodeServer(`e2e/fixtures/servers/${name}.mjs`, args, /listening \d+/, '/mcp');
}

/** Just enough of an MCP client to drive a transport in tests: requests by id, notifications. */
export class MiniClient {
  private nextId = 1;
  private readonly waiting = new Map<number, (msg: Record<string, unknown>) => void>();
  readonly received: Record<string, unknown>[] = [];

  constructor(private readonly t: { send(text: string): Promise<void>; onMessage?: (frame: Frame, json: unknown) => void }) {
    t.onMessage = (_frame, json) => {
      const msg = json as Record<string, unknown>;
      this.received.push(msg);
      if (typeof msg.id === 'number' && !('method' in msg)) this.waiting.get(msg.id)?.(msg);
    };
  }

  async request(method: string, params: Record<string, unknown> = {}, ms = 10_000): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const answer = new Promise<Record<string, unknown>>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer to ${method} within ${ms} ms`)), ms);
      this.waiting.set(id, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
    try {
      await this.t.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    } catch (e) {
      // The request never left: no answer is awaited, and no timer may outlive the test to fail a later one.
      clearTimeout(timer);
      this.waiting.delete(id);
      throw e;
    }
    return answer;
  }

  notify(method: string, params?: Record<string, unknown>): Promise<void> {
    return this.t.send(JSON.stringify({ jsonrpc: '2.0', method, ...(params ? { params } : {}) }));
  }

  async handshake(protocolVersion = '2025-11-25'): Promise<Record<string, unknown>> {
    const res = await this.request('initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 'loupe-test', version: '0' } });
    await this.notify('notifications/initialized');
    return res;
  }
}
