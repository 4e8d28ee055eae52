/**
 * `loupe sessions ID --timing`: the requests and latencies of a stored session by method, over
 * every frame, from the store's timing column (proxy/store/timing-column.ts): no frame is read, so
 * a session of ten million frames answers as fast as one of ten.
 */
import { printable } from '../../lib/text/printable';
import { storedMethodStats } from '../../lib/view/latency-histogram';
import { formatUs } from '../../lib/view/row-label';
import type { StoredSession } from '../store/reader';
import { printLine, printReport } from './shared/terminal';

const us = (v: number | undefined) => (v === undefined ? '-' : formatUs(v));

export function printTiming(session: StoredSession, json: boolean): void {
  const stats = storedMethodStats(session.timing());
  if (json) {
    process.stdout.write(JSON.stringify({ id: session.meta.id, frames: session.frameCount, methods: stats }, null, 2) + '\n');
    return;
  }
  if (stats.length === 0) {
    printLine(`no request crossed on ${session.meta.id}'s own channel`);
    return;
  }
  const rows = [
    ['METHOD', 'FROM', 'COUNT', 'ANSWERED', 'ERRORS', 'P50', 'P95', 'P99', 'MAX'],
    ...stats.map((s) => [
      printable(s.method),
      s.dir === 'c2s' ? 'client' : 'server',
      String(s.count),
      String(s.answered),
      String(s.errors),
      us(s.p50),
      us(s.p95),
      us(s.p99),
      us(s.max),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  printReport(rows.map((r) => r.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')).join('\n'));
  printLine(`${session.frameCount} frames; percentiles within 4 %, the maximum exact; requests on the session's own channel`);
}
