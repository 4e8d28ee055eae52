/**
 * A pid file per process group that `loupe start` or a stdio tap spawned, so that the next start
 * or tap can end the groups a crashed Loupe left behind. An out-of-memory abort or a SIGKILL runs no handler at all
 * (not even process.on('exit')), so the only cleanup that survives them is one written down before.
 *
 * `<config>/run/group-<pgid>.json` (mode 0600, in a 0700 folder) holds the group id, the leader's
 * start time, the command, and the Loupe that owns it. A tap's server is not a group leader (it
 * stays in the host's session, see stdio-tap.ts); its record says `kind: 'tree'`, and it is ended
 * with the processes below it, only while it is still the process that was recorded. It is written when the server spawns and
 * removed once its group is gone. A group is only ever signalled when it is provably the one
 * Loupe started: its leader has the same pid *and* the same start time, or (Linux) the leader is
 * gone but processes of that group are left, since a group id cannot be reused while any process
 * of the group exists. A pid that now belongs to another process is never signalled.
 */
import { execFileSync } from 'node:child_process';
import { makeDirs } from '../shared/make-dirs';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { descendantsOf, groupAlive, groupMembers, processRunning, setGroupLog, signalGroup, sleep, waitGroupGone, type ProcessKind } from './process-group';

export interface GroupRecord {
  pgid: number;
  /** The leader's start time as the system reports it (clock ticks since boot on Linux). */
  startTime: string;
  command: string;
  /** 'group' (the default, older files have none) or 'tree': see the file comment. */
  kind?: ProcessKind;
  /** The Loupe that spawned it: while that process still runs, the group is its business. */
  owner: { pid: number; startTime: string };
  /** ISO time of the spawn, for people reading the file. */
  spawnedAt: string;
}

/** When a process started, or undefined when there is no such process. Never runs a shell. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); fields are counted after the command name, which may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' && existsProc()) return undefined;
  }
  try {
    const out = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return out || undefined;
  } catch {
    return undefined; // ps exits 1 when there is no such process
  }
}

function existsProc(): boolean {
  try {
    readdirSync('/proc/self');
    return true;
  } catch {
    return false;
  }
}

let runDir: string | undefined;
let ownStartTime: string | undefined;

/** From now on, every spawned group gets a pid file in `dir` (used by `loupe start` and the stdio tap). */
export function recordGroupsIn(dir: string): void {
  makeDirs(dir, 0o700);
  runDir = dir;
  ownStartTime = processStartTime(process.pid) ?? '';
  setGroupLog({ added: writeGroupFile, removed: removeGroupFile });
}

function fileOf(dir: string, pgid: number): string {
  return path.join(dir, `group-${pgid}.json`);
}

/** Synchronous on purpose: the file must exist before anything else can crash the proxy. */
export function writeGroupFile(pgid: number, command: string, kind: ProcessKind = 'group'): void {
  if (!runDir) return;
  const startTime = processStartTime(pgid);
  if (startTime === undefined) return; // already gone
  const record: GroupRecord = {
    pgid,
    startTime,
    command,
    kind,
    owner: { pid: process.pid, startTime: ownStartTime ?? '' },
    spawnedAt: new Date().toISOString(),
  };
  try {
    // Written aside and renamed: taps start side by side, and one reading a half-written file
    // would take it for garbage and remove it.
    const file = fileOf(runDir, pgid);
    const aside = `${file}.${process.pid}.tmp`;
    writeFileSync(aside, JSON.stringify(record) + '\n', { mode: 0o600, flag: 'wx' });
    renameSync(aside, file);
  } catch (e) {
    console.error(
      `loupe: warning: cannot write the pid file for process group ${pgid} in ${runDir}: ${(e as Error).message}. If Loupe crashes, that server may keep running.`,
    );
  }
}

export function removeGroupFile(pgid: number): void {
  if (runDir) rmSync(fileOf(runDir, pgid), { force: true });
}

function readRecord(file: string): GroupRecord | undefined {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8')) as GroupRecord;
    return Number.isInteger(r.pgid) && r.pgid > 1 && typeof r.startTime === 'string' && typeof r.command === 'string' ? r : undefined;
  } catch {
    return undefined;
  }
}

/** Is the group still the one that was recorded? (See the file comment for why this is safe.) */
function sameGroup(r: GroupRecord): boolean {
  const leader = processStartTime(r.pgid);
  if (leader !== undefined) return leader === r.startTime;
  const members = groupMembers(r.pgid);
  return members !== undefined && members.some((m) => m.state !== 'Z');
}

function ownerRunning(r: GroupRecord): boolean {
  return r.owner !== undefined && r.owner.pid !== process.pid && processStartTime(r.owner.pid) === r.owner.startTime;
}

/**
 * Ends the groups that a Loupe which is no longer running left in `dir`: SIGTERM, then SIGKILL
 * after `graceMs`. Returns one line per group it ended, for the person starting Loupe.
 */
export async function endStaleGroups(dir: string, graceMs = 2000): Promise<string[]> {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => /^group-\d+\.json$/.test(n));
  } catch {
    return [];
  }
  const lines: string[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const r = readRecord(file);
    if (r && ownerRunning(r)) continue;
    if (r?.kind === 'tree') {
      if (processStartTime(r.pgid) === r.startTime) {
        await endTree(r.pgid, graceMs);
        lines.push(`ended process ${r.pgid} and the processes it started (${r.command}), left running by a Loupe that stopped without closing its sessions`);
      }
    } else if (r && sameGroup(r) && groupAlive(r.pgid)) {
      signalGroup(r.pgid, 'SIGTERM');
      if (!(await waitGroupGone(r.pgid, graceMs))) {
        signalGroup(r.pgid, 'SIGKILL');
        await waitGroupGone(r.pgid, 2000);
      }
      lines.push(`ended process group ${r.pgid} (${r.command}), left running by a Loupe that stopped without closing its sessions`);
    }
    rmSync(file, { force: true });
  }
  return lines;
}

/** SIGTERM to a process and its descendants, SIGKILL to whatever of them is left after `graceMs`. */
async function endTree(pid: number, graceMs: number): Promise<void> {
  const all = [pid, ...descendantsOf(pid)];
  const signal = (sig: NodeJS.Signals) => all.forEach((p) => kill(p, sig));
  const gone = async (ms: number) => {
    const deadline = Date.now() + ms;
    while (all.some(processRunning)) {
      if (Date.now() >= deadline) return false;
      await sleep(25);
    }
    return true;
  };
  signal('SIGTERM');
  if (!(await gone(graceMs))) {
    signal('SIGKILL');
    await gone(2000);
  }
}

function kill(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // gone already
  }
}
