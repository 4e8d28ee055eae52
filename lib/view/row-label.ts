/** Short plain-text labels and hover summaries for diagram rows. */
import type { Frame } from '../mcp/frame';
import { appEventText, channelDirectionLabel, channelLabel } from '../mcp/channel';
import type { Classified } from '../mcp/classify';
import { maskHttpHead } from '../mcp/secret-headers';
import type { SeqRow } from './seq-row';

export const LABEL_MAX = 80;

/** Cuts text to `max` characters on one line; control characters become spaces. */
export function clip(text: string, max = LABEL_MAX): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f]+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function formatUs(us: number): string {
  if (us < 1000) return `${Math.round(us)} µs`;
  if (us < 1_000_000) return `${(us / 1000).toFixed(us < 10_000 ? 2 : 1)} ms`;
  return `${(us / 1_000_000).toFixed(2)} s`;
}

function lifecycleLabel(f: Frame): string {
  const m = f.lane === 'lifecycle' ? f.meta : undefined;
  if (!m) return clip(f.raw);
  if (m.transport === 'app') return clip(appEventText(m));
  if (m.event === 'exit') return `exit ${m.signal ?? m.code ?? ''}`.trim();
  if (m.event === 'spawn') return `spawn${m.pid ? ` pid ${m.pid}` : ''}`;
  return 'error' in m && m.error ? `${m.event}: ${clip(m.error, 60)}` : m.event;
}

export function rowLabel(row: SeqRow, f: Frame, c: Classified, params: Record<string, unknown> | undefined): string {
  switch (row.kind) {
    case 'request':
      return `${c.method}${row.id !== undefined ? ` #${clip(String(row.id), 20)}` : ''}`;
    case 'notification':
      if (row.isProgress && params) {
        const total = typeof params.total === 'number' ? `/${params.total}` : '';
        return `progress ${String(params.progress)}${total}`;
      }
      return c.method ?? 'notification';
    case 'response':
      return `${row.method ?? 'response'} result`;
    case 'error':
      return `${row.method ?? 'response'} error${row.errorCode !== undefined ? ` ${row.errorCode}` : ''}`;
    case 'batch':
      return `batch of ${Array.isArray(c.json) ? c.json.length : '?'}`;
    case 'invalid':
      return `invalid: ${clip(c.problem ?? f.raw, 60)}`;
    case 'lifecycle':
      return lifecycleLabel(f);
    default:
      return clip(`${oauthStep(f)}${shownRaw(f)}`);
  }
}

/** `oauth token: ` before an OAuth request of Loupe's own client, so the diagram reads as the
 *  chain it is (401 → metadata → registration → authorize → token → retry). */
function oauthStep(f: Frame): string {
  const m = f.lane === 'http' && f.meta?.transport === 'http' && 'phase' in f.meta && f.meta.phase === 'request' ? f.meta : undefined;
  return m && 'oauth' in m && m.oauth ? `oauth ${m.oauth}: ` : '';
}

/** The raw text as the page may show it: an HTTP head with its credential values masked. */
function shownRaw(f: Frame): string {
  return f.lane === 'http' ? maskHttpHead(f.raw) : f.raw;
}

/** The hover text: what the row is, its timing, and the start of the raw frame. */
export function rowSummary(row: SeqRow, f: Frame | undefined): string {
  const lines = [`#${row.seq} ${row.kind} ${row.label}`, `at ${formatUs(row.ts)}`];
  if (row.channel !== undefined) lines.splice(1, 0, `on ${channelLabel(row.channel)}'s bridge (${channelDirectionLabel(row.channel, row.dir)})`);
  if (row.forward !== undefined)
    lines.push(row.channel !== undefined ? `forwarded to the server as #${row.forward}` : `forwards the app's request #${row.forward}`);
  if (row.latencyUs !== undefined) lines.push(`${row.kind === 'request' ? 'answered' : 'took'} in ${formatUs(row.latencyUs)}`);
  if (row.kind === 'request' && row.pairSeq === undefined) lines.push('no response yet');
  if (row.cancelledBy !== undefined) lines.push(`cancelled by #${row.cancelledBy}`);
  if (row.progressCount) lines.push(`${row.progressCount} progress notifications`);
  if (f) lines.push(clip(shownRaw(f), 300));
  return lines.join('\n');
}
