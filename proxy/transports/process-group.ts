/**
 * Signals for a whole process group, or a process tree. The dashboard spawns a stdio server as the
 * leader of its own group (detached), so the group id is its pid and one signal reaches its
 * children and grandchildren too: a server that forks helpers leaves no orphans behind. The tap
 * keeps its server in the host's own session instead (see stdio-tap.ts), so its orphans are found
 * as the server's descendants.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Alive and not a zombie (a zombie holds nothing and waits only for its parent to reap it).
 *  Where there is no /proc to ask, a process that takes signals counts as running. */
export function processRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return !existsSync('/proc/self');
  }
}

/** True while a live (not zombie) process of the group exists. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (e) {
    // EPERM: it exists but belongs to someone else — cannot happen for our own group, treat as alive.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  // kill(0) also succeeds for zombies, which hold nothing and take no signal. Where /proc exists,
  // ask it, so that an orphaned zombie waiting for a slow init does not look like a running server.
  const members = groupMembers(pgid);
  return members === undefined || members.some((m) => m.state !== 'Z');
}

export interface GroupMember {
  pid: number;
  state: string;
}

interface ProcEntry extends GroupMember {
  ppid: number;
  pgid: number;
}

/** Every process from /proc (Linux); undefined where /proc is unavailable. */
function processTable(): ProcEntry[] | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const out: ProcEntry[] = [];
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // exited while we looked
    }
    // Fields after the command name, which is in parentheses and may itself contain spaces.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.push({ pid: Number(name), state: rest[0], ppid: Number(rest[1]), pgid: Number(rest[2]) });
  }
  return out;
}

/** The group's processes from /proc (Linux); undefined where /proc is unavailable. */
export function groupMembers(pgid: number): GroupMember[] | undefined {
  return processTable()?.filter((p) => p.pgid === pgid);
}

/** The live processes below `pid` (children, grandchildren, …), deepest last; [] without /proc. */
export function descendantsOf(pid: number): number[] {
  const table = processTable() ?? [];
  const found: number[] = [];
  let parents = new Set([pid]);
  while (parents.size > 0) {
    const next = new Set<number>();
    for (const p of table) if (parents.has(p.ppid) && p.state !== 'Z' && !found.includes(p.pid)) next.add(p.pid);
    found.push(...next);
    parents = next;
  }
  return found;
}

/**
 * Signals a process and everything below it. The descendants are listed before the first signal,
 * while they are still the root's: once it dies they belong to init and can no longer be told apart.
 */
export function signalTree(pid: number, signal: NodeJS.Signals): boolean {
  const below = descendantsOf(pid);
  let any = false;
  for (const p of [pid, ...below]) {
    try {
      process.kill(p, signal);
      any = true;
    } catch {
      // gone already
    }
  }
  return any;
}

/** Sends a signal to every process of the group; false when the group is already gone. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until the group is gone or `ms` passed; true when it is gone. */
export async function waitGroupGone(pgid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (groupAlive(pgid)) {
    if (Date.now() >= deadline) return false;
    await sleep(Math.min(25, Math.max(1, deadline - Date.now())));
  }
  return true;
}

/**
 * Groups (and tap server trees) still running. If the proxy exits without closing its sessions (a
 * crash, process.exit), the last-chance hook below kills them: a detached group would otherwise
 * outlive the proxy. An abort (out of memory, SIGKILL) skips even this hook; the group log (pid
 * files, see pid-files.ts) is what covers that case.
 */
const liveGroups = new Map<number, ProcessKind>();
let hookInstalled = false;

/** A group led by the process, or (the tap's server) a process and its descendants. */
export type ProcessKind = 'group' | 'tree';

/** Told about every group as it starts and as it ends. */
export interface GroupLog {
  added(pgid: number, command: string, kind: ProcessKind): void;
  removed(pgid: number): void;
}

let groupLog: GroupLog | undefined;

export function setGroupLog(log: GroupLog | undefined): void {
  groupLog = log;
}

export function trackGroup(pgid: number, command = '', kind: ProcessKind = 'group'): void {
  liveGroups.set(pgid, kind);
  groupLog?.added(pgid, command, kind);
  if (!hookInstalled) {
    hookInstalled = true;
    process.on('exit', () => {
      for (const [g, k] of liveGroups) {
        if (k === 'tree') signalTree(g, 'SIGKILL');
        else signalGroup(g, 'SIGKILL');
        groupLog?.removed(g);
      }
    });
  }
}

export function untrackGroup(pgid: number): void {
  liveGroups.delete(pgid);
  groupLog?.removed(pgid);
}
