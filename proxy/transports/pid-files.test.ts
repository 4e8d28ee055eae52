import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processAlive, waitFor } from '../sessions/test-support';
import { endStaleGroups, processStartTime, type GroupRecord } from './pid-files';
import { signalTree } from './process-group';

let dir: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-run-'));
});
afterEach(() => {
  for (const c of children.splice(0)) if (c.pid) signalTree(c.pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** A process that leads its own group, as Loupe spawns servers. */
async function groupLeader(): Promise<number> {
  const c = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' });
  children.push(c);
  await new Promise((r) => c.once('spawn', r));
  return c.pid!;
}

function pidFile(r: Partial<GroupRecord> & { pgid: number }): string {
  const file = path.join(dir, `group-${r.pgid}.json`);
  const record: GroupRecord = {
    startTime: '',
    command: 'node server.js',
    owner: { pid: 999_999_999, startTime: 'gone' },
    spawnedAt: new Date().toISOString(),
    ...r,
  };
  writeFileSync(file, JSON.stringify(record), { mode: 0o600 });
  return file;
}

describe('endStaleGroups', () => {
  it('ends a group whose leader is the same process (same pid, same start time) and removes its file', async () => {
    const pid = await groupLeader();
    const file = pidFile({ pgid: pid, startTime: processStartTime(pid)! });
    const lines = await endStaleGroups(dir, 500);
    expect(lines).toEqual([`ended process group ${pid} (node server.js), left running by a Loupe that stopped without closing its sessions`]);
    await waitFor(() => !processAlive(pid), 5000, 'the group to end');
    expect(existsSync(file)).toBe(false);
  });

  it('never signals a pid that now belongs to another process (its start time differs)', async () => {
    const pid = await groupLeader();
    const startTime = processStartTime(pid)!;
    const file = pidFile({ pgid: pid, startTime: String(Number(startTime) - 1) });
    expect(await endStaleGroups(dir, 500)).toEqual([]);
    expect(processAlive(pid)).toBe(true);
    expect(existsSync(file)).toBe(false);
  });

  it('leaves the groups of a Loupe that is still running alone', async () => {
    const pid = await groupLeader();
    const file = pidFile({ pgid: pid, startTime: processStartTime(pid)!, owner: { pid, startTime: processStartTime(pid)! } });
    expect(await endStaleGroups(dir, 500)).toEqual([]);
    expect(processAlive(pid)).toBe(true);
    expect(existsSync(file)).toBe(true);
  });

  it("ends a tap's server recorded as a tree, with the process it started, only while it is the same process", async () => {
    // Not a group leader, as the tap spawns its server; it starts a child of its own.
    const c = spawn(
      process.execPath,
      [
        '-e',
        "const k = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); console.log(k.pid); setInterval(() => {}, 1000);",
      ],
      {
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    const childPid = Number(await new Promise<string>((r) => c.stdout!.once('data', (b: Buffer) => r(b.toString()))));
    const pid = c.pid!;
    children.push(c);
    const startTime = processStartTime(pid)!;
    pidFile({ pgid: pid, startTime: String(Number(startTime) - 1), kind: 'tree' });
    expect(await endStaleGroups(dir, 500)).toEqual([]);
    expect(processAlive(pid)).toBe(true);

    const file = pidFile({ pgid: pid, startTime, kind: 'tree' });
    const lines = await endStaleGroups(dir, 500);
    expect(lines).toEqual([
      `ended process ${pid} and the processes it started (node server.js), left running by a Loupe that stopped without closing its sessions`,
    ]);
    await waitFor(() => !processAlive(childPid), 5000, "the server's child to end");
    expect(existsSync(file)).toBe(false);
  });

  it('removes files it cannot read and a missing folder is nothing to do', async () => {
    writeFileSync(path.join(dir, 'group-123.json'), 'not json');
    expect(await endStaleGroups(dir)).toEqual([]);
    expect(existsSync(path.join(dir, 'group-123.json'))).toBe(false);
    expect(await endStaleGroups(path.join(dir, 'nope'))).toEqual([]);
  });
});
