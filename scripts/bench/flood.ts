/**
 * Sustained frames per second from a flooding server to a page: the flood fixture sends N
 * notifications on one tool call; the proxy records them and streams them over the socket.
 * Timed from the request leaving this client to the last frame arriving here.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { PageClient } from './page-client';
import { FLOOD_SERVER } from './paths';
import { openSession } from './proxy-pings';

export interface FloodFigures {
  frames: number;
  seconds: number;
  framesPerSecond: number;
}

export async function floodThroughLoupe(page: PageClient, count: number): Promise<FloodFigures> {
  const id = 'bench-flood';
  await page.call({
    type: 'connections/save',
    connection: { id, name: 'flood fixture', transport: 'stdio', command: process.execPath, args: [FLOOD_SERVER], env: {} },
  });
  const { sessionId, snapshotEnd } = await openSession(page, id);
  try {
    let lastSeq = snapshotEnd;
    let lastAt = 0;
    const off = page.onFrames((sid, _n, seq) => {
      if (sid !== sessionId || seq <= lastSeq) return;
      lastSeq = seq;
      lastAt = performance.now();
    });
    // Frames after the snapshot: the request, N notifications and the response, N + 2 in all.
    const t0 = performance.now();
    const reply = await page.call(
      { type: 'session/request', sessionId, method: 'tools/call', params: { name: 'flood', arguments: { count } }, timeoutMs: 600_000 },
      600_000,
    );
    if (reply.type !== 'request/result' || reply.error) throw new Error(`flood call failed: ${JSON.stringify(reply)}`);
    const deadline = Date.now() + 120_000;
    while (lastSeq < snapshotEnd + count + 2) {
      if (Date.now() > deadline) throw new Error(`only ${lastSeq - snapshotEnd} of ${count + 2} flood frames arrived within 2 minutes`);
      await new Promise((r) => setTimeout(r, 5));
    }
    off();
    const frames = lastSeq - snapshotEnd;
    const seconds = (lastAt - t0) / 1000;
    return { frames, seconds, framesPerSecond: frames / seconds };
  } finally {
    await page.call({ type: 'session/close', sessionId });
  }
}

/** For context: how fast the fixture writes with nobody but a line counter reading. */
export async function floodAlone(count: number): Promise<FloodFigures> {
  const child = spawn(process.execPath, [FLOOD_SERVER], { stdio: ['pipe', 'pipe', 'ignore'] });
  const lines = createInterface({ input: child.stdout });
  let seen = 0;
  let t0 = 0;
  const done = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the flood fixture did not answer within 2 minutes (${seen} notifications read)`)), 120_000);
    child.once('exit', (code) => reject(new Error(`the flood fixture exited with code ${code} after ${seen} notifications`)));
    lines.on('line', (line) => {
      if (line.includes('"id":2')) clearTimeout(timer);
      if (line.includes('"id":2')) return resolve(performance.now());
      if (line.includes('notifications/message')) seen++;
    });
  });
  const send = (m: unknown) => child.stdin.write(JSON.stringify(m) + '\n');
  send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  });
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  t0 = performance.now();
  send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'flood', arguments: { count } } });
  const end = await done;
  child.stdin.end();
  const seconds = (end - t0) / 1000;
  return { frames: seen, seconds, framesPerSecond: seen / seconds };
}
