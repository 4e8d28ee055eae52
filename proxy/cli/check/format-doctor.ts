/**
 * The connection doctor's verdict as text: the first thing `loupe check` prints, and what it
 * prints on stderr when the check could not run at all (the server never started, refused the
 * handshake): which layer failed, the frames that prove it, and the next step.
 */
import type { LayerStatus, Verdict } from '../../../lib/doctor';
import { printable } from '../../../lib/text/printable';

const MARK: Record<LayerStatus, string> = { passed: '✓', failed: '✗', 'not-reached': '·' };
const WORD: Record<LayerStatus, string> = { passed: 'passed', failed: 'failed', 'not-reached': 'not reached' };

export function formatDoctor(verdict: Verdict): string {
  const width = Math.max(...verdict.layers.map((l) => l.title.length));
  const lines = [`Doctor: ${printable(verdict.summary)}`];
  for (const l of verdict.layers) {
    const warnings = l.warnings ? ` (${l.warnings} warning${l.warnings === 1 ? '' : 's'})` : '';
    lines.push(`  ${MARK[l.status]} ${l.title.padEnd(width)}  ${WORD[l.status]}${warnings}`);
    for (const e of l.evidence) {
      const where = e.seqs.length > 1 ? `frames #${e.seqs.join(', #')}` : `frame #${e.seqs[0]}`;
      lines.push(`      ${where}${e.rule ? `  ${e.rule}` : ''}  ${printable(e.what)}`, `      next: ${printable(e.next)}`);
    }
  }
  return lines.join('\n');
}
