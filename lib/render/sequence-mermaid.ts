/**
 * Mermaid `sequenceDiagram` text for a range of the diagram. Every label is server-controlled text,
 * so each character outside a small safe set is written as a Mermaid entity code (`#35;`): no
 * directive, comment, arrow, HTML or line break can leak out of a label.
 */
import type { SequenceLayout } from '../view/sequence-layout';
import type { SeqRow } from '../view/sequence-model';
import { clip, formatUs } from '../view/row-label';
import { appNumber, channelLabel } from '../mcp/channel';

export function mermaidText(text: string): string {
  let out = '';
  for (const ch of clip(text, 120)) {
    out += /[A-Za-z0-9 _.\-/()]/.test(ch) ? ch : `#${ch.codePointAt(0)};`;
  }
  return out.trim() || '#160;';
}

const ARROWS: Record<SeqRow['kind'], string> = {
  request: '->>',
  response: '-->>',
  error: '--x',
  notification: '-)',
  invalid: '-x',
  batch: '->>',
  stderr: '--)',
  lifecycle: '',
  http: '',
};

function rowText(row: SeqRow): string {
  const latency = row.kind !== 'request' && row.latencyUs !== undefined ? ` (${formatUs(row.latencyUs)})` : '';
  const forward = row.forward === undefined ? '' : row.channel !== undefined ? ` (forwarded as ${row.forward})` : ` (for ${row.forward})`;
  return mermaidText(`${row.seq} ${row.label}${latency}${forward}`);
}

/** The participant of an app's channel: `A2` for app:2. */
const appId = (channel: string) => `A${appNumber(channel) ?? 0}`;

export function sequenceToMermaid(layout: SequenceLayout, first: number, last: number): string {
  const rows: SeqRow[] = [];
  for (let p = Math.max(0, first); p <= last && p < layout.length; p++) rows.push(layout.rowAt(p));
  const lanes = new Set(rows.map((r) => r.lane));
  // Participants in the diagram's lane order: lifecycle, the apps, client (their host), server, stderr, http.
  const lines = ['sequenceDiagram'];
  const session = rows.filter((r) => r.channel === undefined);
  if (session.some((r) => r.lane === 'lifecycle' || r.dir === 'local')) lines.push('  participant L as lifecycle');
  const apps = layout.model.session.appChannels.filter((c) => rows.some((r) => r.channel === c));
  for (const c of apps) lines.push(`  participant ${appId(c)} as ${mermaidText(channelLabel(c))}`);
  lines.push(`  participant C as ${apps.length ? 'host' : 'client'}`, '  participant S as server');
  if (lanes.has('stderr')) lines.push('  participant E as stderr');
  if (lanes.has('http')) lines.push('  participant H as http');
  const inRange = new Set(rows.map((r) => r.seq));
  const gaps = new Map(layout.offsets.gapsIn(first, last).map((g) => [g.position, g.us]));
  rows.forEach((row, i) => {
    const gap = gaps.get(first + i);
    if (gap !== undefined) lines.push(`  Note over C,S: ${mermaidText(`gap of ${formatUs(gap)}`)}`);
    lines.push(...rowLines(row, inRange));
  });
  return `${lines.join('\n')}\n`;
}

function rowLines(row: SeqRow, inRange: Set<number>): string[] {
  const app = row.channel === undefined ? undefined : appId(row.channel);
  if (app && (row.lane === 'lifecycle' || row.dir === 'local')) return [`  Note over ${app}: ${rowText(row)}`];
  if (row.lane === 'lifecycle' || row.dir === 'local') return [`  Note over L: ${rowText(row)}`];
  if (row.lane === 'http') return [`  Note over H: ${rowText(row)}`];
  if (row.lane === 'stderr') return [`  S${ARROWS.stderr}E: ${rowText(row)}`];
  const [client, server] = app ? [app, 'C'] : ['C', 'S'];
  const [from, to] = row.dir === 'c2s' ? [client, server] : [server, client];
  const out = [`  ${from}${ARROWS[row.kind]}${to}: ${rowText(row)}`];
  // Activation bars only when both ends are in the range, so every activate has its deactivate.
  const paired = row.pairSeq !== undefined && inRange.has(row.pairSeq);
  if (paired && row.kind === 'request') out.push(`  activate ${to}`);
  if (paired && (row.kind === 'response' || row.kind === 'error')) out.push(`  deactivate ${from}`);
  return out;
}
