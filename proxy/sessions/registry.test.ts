import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveSession } from './types';
import { Registry } from './registry';
import { everythingServer, fixtureServer, processAlive, processGone, waitFor } from './test-support';

const options = { protocolVersion: '2025-11-25', clientCapabilities: {} };
const registries: Registry[] = [];
afterEach(async () => {
  await Promise.all(registries.splice(0).map((r) => r.closeAll()));
});

function registry(keepAliveMs = 60_000) {
  const r = new Registry({ keepAliveMs, session: { transport: { closeGraceMs: 200, killGraceMs: 300 } } });
  registries.push(r);
  return r;
}

const ready = (s: LiveSession) => waitFor(() => s.summary().status === 'ready', 10_000, `${s.id} ready`);

describe('Registry', () => {
  it('runs several sessions at once, each with its own process and trace', async () => {
    const r = registry();
    const changes: number[] = [];
    r.onChange((list) => changes.push(list.length));
    const a = r.open(everythingServer(), options);
    const b = r.open(fixtureServer('stdio-banner.mjs'), options);
    await Promise.all([ready(a), ready(b)]);
    expect(a.id).not.toBe(b.id);
    expect(r.list().map((s) => s.id)).toEqual([a.id, b.id]);
    expect(r.get(a.id)).toBe(a);
    expect(a.summary().pid).not.toBe(b.summary().pid);
    expect(a.summary().serverInfo?.name).toBe('mcp-servers/everything');
    expect(b.summary().serverInfo?.name).toBe('banner-server');
    expect(changes.length).toBeGreaterThan(0);
  });

  it('streams frames in batches that add up to the whole trace, in order', async () => {
    const r = registry();
    const s = r.open(everythingServer(), options);
    const seqs: number[] = [];
    let batches = 0;
    s.on('frames', (fs) => {
      batches++;
      seqs.push(...fs.map((f) => f.seq));
    });
    await ready(s);
    await s.request('tools/list', undefined);
    await waitFor(() => seqs.length === s.frames().length);
    expect(seqs).toEqual(s.frames().map((f) => f.seq));
    expect(batches).toBeLessThanOrEqual(seqs.length);
  });

  it('counts attached pages and closes a session nobody watches after the keep-alive, keeping its frames', async () => {
    const r = registry(300);
    const s = r.open(everythingServer(), options);
    r.attach(s.id);
    r.attach(s.id);
    await ready(s);
    expect(s.summary().attached).toBe(2);
    r.detach(s.id);
    await new Promise((res) => setTimeout(res, 500));
    expect(s.summary().status).toBe('ready'); // one page still watches
    r.detach(s.id);
    expect(s.summary().attached).toBe(0);
    await waitFor(() => s.summary().status === 'closed', 5000, 'keep-alive close');
    expect(processGone(s.summary().pid!)).toBe(true);
    expect(r.get(s.id)?.frames().length).toBeGreaterThan(3);
    r.forget(s.id);
    expect(r.get(s.id)).toBeUndefined();
  });

  it('a re-attach within the keep-alive keeps the session open', async () => {
    // A keep-alive long enough that a loaded machine cannot run it out between detach and
    // re-attach; then the test waits past it.
    const r = registry(1500);
    const s = r.open(fixtureServer('stdio-banner.mjs'), options);
    r.attach(s.id);
    await ready(s);
    r.detach(s.id);
    await new Promise((res) => setTimeout(res, 50));
    r.attach(s.id);
    await new Promise((res) => setTimeout(res, 1700));
    expect(s.summary().status).toBe('ready');
  });

  it('closeAll ends every process, a stubborn one and its grandchild included', async () => {
    const r = registry();
    const a = r.open(everythingServer(), options);
    const b = r.open(fixtureServer('stdio-stubborn.mjs'), options);
    await Promise.all([ready(a), ready(b)]);
    const line = await waitFor(() => b.frames().find((f) => f.lane === 'stderr' && f.raw.startsWith('grandchild ')));
    const grandchild = Number(line.raw.split(' ')[1]);
    await r.closeAll();
    expect(processGone(a.summary().pid!)).toBe(true);
    expect(processGone(b.summary().pid!)).toBe(true);
    expect(processAlive(grandchild)).toBe(false);
    expect([a.summary().status, b.summary().status]).toEqual(['closed', 'closed']);
  });

  it('a session closed while its process is still starting leaves nothing running', async () => {
    const r = registry();
    const s = r.open(everythingServer(), options);
    await s.close();
    expect(s.summary().status).toBe('closed');
    const pid = s.summary().pid;
    expect(pid).toBeGreaterThan(0);
    expect(processGone(pid!)).toBe(true);
    expect(s.summary().error).toBeUndefined();
  });

  it('forget on a running session ends its process', async () => {
    const r = registry();
    const s = r.open(fixtureServer('stdio-banner.mjs'), options);
    await ready(s);
    const pid = s.summary().pid!;
    r.forget(s.id);
    await waitFor(() => processGone(pid), 5000, 'the process to end');
    expect(r.list()).toEqual([]);
  });

  it('a proxy that exits without closing its sessions still ends their process groups', async () => {
    const script = fileURLToPath(new URL('./exit-hook.fixture.ts', import.meta.url));
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['--import', 'tsx', script], { timeout: 30_000 }, (err, out) => (err ? reject(err) : resolve(out)));
    });
    const { pid, grandchild } = JSON.parse(stdout) as { pid: number; grandchild: number };
    await waitFor(() => processGone(pid) && !processAlive(grandchild), 3000, 'the orphaned group to end');
  });
});
