/**
 * findings.ndjson: a stored session's findings, kept beside its counts when its writer closes it
 * (findings.ts). Its first line says how many findings the analyser made, then come the first
 * MAX_STORED_FINDINGS of them in seq order, one a line; the counts in session.json stay exact. They are
 * the analyser's words about the frames as recorded, so a message can quote a frame's text and a
 * secret with it: whatever shows them passes them through redactFindings first, with the options
 * the frames beside them get (an export's, or only the OAuth credentials masked).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Annotation } from '../../lib/analyze';
import type { NoFindingsReason } from '../../lib/analyze/finding-counts';
import { redactStrings, type RedactOptions } from '../../lib/trace/redact';
import { MAX_STORED_FINDINGS } from '../../lib/wire/stored-window';
import { FINDINGS_FILE, type StoredFinding } from './layout';
import { StoreError } from './reader';
import { writeTextAtomically } from './writer';

export interface KeptFindings {
  /** The first MAX_STORED_FINDINGS in seq order (of the frame each sits on). */
  findings: StoredFinding[];
  /** How many the analyser made: more than `findings.length` when some were not kept. */
  total: number;
}

/** What a stored session's findings are: those kept, or why none are (SessionStore.findings). */
export type StoredFindings = (KeptFindings & { none?: undefined }) | { none: NoFindingsReason };

const at = (a: { frames: readonly number[] }) => a.frames[0] ?? 0;

/** Writes the first MAX_STORED_FINDINGS findings in seq order and how many there were, `total`
 *  when more were made than are handed here (atomically, mode 0600). */
export function writeFindings(dir: string, annotations: readonly Annotation[], total = annotations.length): void {
  // Sorted: the end-of-trace rules add findings about early frames last. Array.sort is stable,
  // so findings on one frame keep the analyser's order.
  const kept = [...annotations]
    .sort((a, b) => at(a) - at(b))
    .slice(0, MAX_STORED_FINDINGS)
    .map(({ rule, severity, frames, message, spec }): StoredFinding => ({ rule, severity, frames, message, spec }));
  const lines = [JSON.stringify({ total, kept: kept.length }), ...kept.map((f) => JSON.stringify(f))];
  writeTextAtomically(path.join(dir, FINDINGS_FILE), lines.join('\n') + '\n');
}

/** The findings kept for the session in `dir`; undefined when none were (see findings.ts). */
export function readFindings(dir: string): KeptFindings | undefined {
  const file = path.join(dir, FINDINGS_FILE);
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  try {
    const head = JSON.parse(lines[0] ?? '') as { total?: unknown; kept?: unknown };
    const findings = lines.slice(1).map((line) => JSON.parse(line) as StoredFinding);
    if (typeof head.total !== 'number' || head.kept !== findings.length) throw new Error(`it says ${String(head.kept)} findings and holds ${findings.length}`);
    return { findings, total: head.total };
  } catch (e) {
    throw new StoreError(`the findings kept in ${file} cannot be read (${(e as Error).message}): \`loupe export\` the session and \`loupe check\` the file`);
  }
}

/** The findings with their messages redacted as text beside frames is: the same rules, one pass. */
export function redactFindings(findings: readonly StoredFinding[], opts: RedactOptions | undefined): StoredFinding[] {
  if (!opts || findings.length === 0) return [...findings];
  const messages = redactStrings(
    findings.map((f) => f.message),
    opts,
  ).value;
  return findings.map((f, i) => ({ ...f, message: messages[i] }));
}
