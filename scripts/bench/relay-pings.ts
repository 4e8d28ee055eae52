/**
 * The floor of the page's ping path: the same pings from the same client (PageClient) through a
 * bare WebSocket-to-stdio relay (ws-relay.mjs) that records nothing. What Loupe adds above it is
 * Loupe's own work; what the relay adds over a direct client is the hop itself (a socket each
 * way, two more processes woken per ping).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { EVERYTHING_ARGS, ROOT } from './paths';
import { PageClient } from './page-client';
import type { Pinger } from './stats';

export interface RelayPinger extends Pinger {
  pid: number;
}

export async function relayPinger(): Promise<RelayPinger> {
  const relay = spawn(process.execPath, [path.join(ROOT, 'scripts/bench/ws-relay.mjs'), process.execPath, ...EVERYTHING_ARGS], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    relay.stdout!.on('data', (d) => {
      out += d;
      const m = /(http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    relay.once('exit', (code) => reject(new Error(`the bench's WebSocket relay exited with code ${code} before printing its URL`)));
  });
  const page = await PageClient.connect(url);
  return {
    pid: relay.pid!,
    async ping() {
      const reply = await page.call({ type: 'session/request', sessionId: 'floor', method: 'ping' });
      if (reply.type !== 'request/result' || reply.error) throw new Error(`ping failed: ${JSON.stringify(reply)}`);
    },
    async close() {
      page.close();
      const exited = new Promise((r) => relay.once('exit', r));
      relay.kill('SIGTERM');
      await exited;
    },
  };
}
