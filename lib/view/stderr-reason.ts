/**
 * Why a stdio server died at once, from what it wrote on stderr: the line that reads like the
 * reason ("Error: Cannot find module …", "EADDRINUSE", "usage: …"), else the last line it wrote.
 * The banner shows it beside the exit code, so nobody has to find it in the table.
 */
import type { Frame } from '../mcp/frame';

const REASON = /\b(error|fatal|panic|exception|cannot|can't|could not|failed|denied|not found|no such|invalid|missing|usage|EADDRINUSE|ENOENT|EACCES)\b/i;
/** A stack frame or the runtime's own footer says nothing about the reason. */
const NOISE = /^\s*(at\s|\^+\s*$|node:internal|Node\.js v\d|throw\s)/;

export function stderrReason(frames: readonly Frame[], maxScan = 500): string | undefined {
  const lines: string[] = [];
  for (let i = Math.max(0, frames.length - maxScan); i < frames.length; i++) {
    const f = frames[i];
    if (f.lane !== 'stderr') continue;
    for (const line of f.raw.split(/\r?\n/)) if (line.trim() && !NOISE.test(line)) lines.push(line.trim());
  }
  return lines.find((l) => REASON.test(l)) ?? lines.at(-1);
}
