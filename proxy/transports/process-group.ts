/**
 * Signals for a whole process group. A stdio server is spawned as the leader of its own group
 * (detached), so the group id is its pid and one signal reaches its children and grandchildren
 * too: a server that forks helpers leaves no orphans behind.
 */
import { readdirSync, readFileSync } from 'node:fs';

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

/** The group's processes from /proc (Linux); undefined where /proc is unavailable. */
export function groupMembers(pgid: number): GroupMember[] | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const out: GroupMember[] = [];
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
    if (Number(rest[2]) === pgid) out.push({ pid: Number(name), state: rest[0] });
  }
  return out;
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
 * Groups still running. If the proxy exits without closing its sessions (a crash, process.exit),
 * the last-chance hook below kills them: a detached group would otherwise outlive the proxy.
 * An abort (out of memory, SIGKILL) skips even this hook; the group log (pid files, see
 * pid-files.ts) is what covers that case.
 */
const liveGroups = new Set<number>();
let hookInstalled = false;

/** Told about every group as it starts and as it ends. */
export interface GroupLog {
  added(pgid: number, command: string): void;
  removed(pgid: number): void;
}

let groupLog: GroupLog | undefined;

export function setGroupLog(log: GroupLog | undefined): void {
  groupLog = log;
}

export function trackGroup(pgid: number, command = ''): void {
  liveGroups.add(pgid);
  groupLog?.added(pgid, command);
  if (!hookInstalled) {
    hookInstalled = true;
    process.on('exit', () => {
      for (const g of liveGroups) {
        signalGroup(g, 'SIGKILL');
        groupLog?.removed(g);
      }
    });
  }
}

export function untrackGroup(pgid: number): void {
  liveGroups.delete(pgid);
  groupLog?.removed(pgid);
}
