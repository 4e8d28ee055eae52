/**
 * `loupe sessions ID --findings`: the findings the analyser made of a stored session
 * (proxy/store/findings.ts), the first MAX_STORED_FINDINGS in seq order, printed redacted as every
 * output of Loupe's is, with the session's own secrets: a finding's message can quote a frame. A
 * closed session without them (too long to be judged on close, or stored before they were kept) is
 * judged here first and its findings kept, with progress on stderr when that takes more than a
 * moment. One that is still recorded or ended unclean says why it has none.
 */
import { describeFindingCounts, describeNoFindings } from '../../lib/analyze/finding-counts';
import { printable } from '../../lib/text/printable';
import { storedRedaction } from '../store/export';
import { COUNT_UP_TO_FRAMES, keepFindings } from '../store/findings';
import { redactFindings } from '../store/findings-file';
import type { StoredSession } from '../store/reader';
import type { SessionStore } from '../store/store';
import { printLine, printReport } from './shared/terminal';

/** How long judging may run before it says how far it got, and then how often. */
const PROGRESS_AFTER_MS = 1000;

/** Judges a closed session without findings and keeps them, saying how far it got on stderr if it takes a while. */
async function judgeNow(session: StoredSession): Promise<void> {
  const started = Date.now();
  let told = started;
  const total = session.frameCount;
  await keepFindings(session.dir, {
    yieldEachBatch: false,
    onProgress: (frames) => {
      const now = Date.now();
      if (now - told < PROGRESS_AFTER_MS || frames >= total) return;
      told = now;
      process.stderr.write(`loupe sessions: judging ${session.meta.id}: ${frames.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} frames\n`);
    },
  });
  if (told !== started)
    process.stderr.write(`loupe sessions: judged ${total.toLocaleString('en-US')} frames in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

export async function printFindings(store: SessionStore, session: StoredSession, json: boolean): Promise<void> {
  const id = session.meta.id;
  let found = store.findings(session);
  if (found.none === 'too-long' || found.none === 'not-kept') {
    await judgeNow(session);
    found = store.findings(store.open(id));
  }
  if (found.none) {
    if (json) {
      process.stdout.write(JSON.stringify({ id, total: 0, capped: false, findings: [], none: found.none }, null, 2) + '\n');
      return;
    }
    const instead = found.none === 'recording' || found.none === 'judging' ? '' : `; \`loupe export ${id} --out FILE\` then \`loupe check FILE\` gives them`;
    printLine(`no findings of ${id} to show: ${describeNoFindings(found.none, COUNT_UP_TO_FRAMES)}${instead}`);
    return;
  }
  const findings = redactFindings(found.findings, storedRedaction(session, {}));
  const capped = found.total > findings.length;
  if (json) {
    process.stdout.write(JSON.stringify({ id, total: found.total, capped, findings }, null, 2) + '\n');
    return;
  }
  if (findings.length === 0) {
    printLine(`no findings: nothing in ${id} breaks a rule Loupe checks`);
    return;
  }
  const rows = [
    ['SEVERITY', 'SEQ', 'RULE', 'MESSAGE'],
    ...findings.map((f) => [f.severity, f.frames.map((s) => `#${s}`).join(','), printable(f.rule), printable(f.message)]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  printReport(rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ')).join('\n'));
  const counts = session.meta.findings ? describeFindingCounts(session.meta.findings) : `${found.total} findings`;
  printLine(capped ? `${counts}; the first ${findings.length} in seq order are kept and shown` : counts);
}
