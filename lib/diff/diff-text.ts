/** The human-readable form of a TraceDiff, for the terminal and the page's copy button. */
import type { Change, ItemsDiff, LatencyRow, TraceDiff } from './diff';
import { printable as p } from '../text/printable';

// Names, values and messages come from the servers: each stays on its line and shows, rather
// than performs, any terminal escape sequence it holds.
const show = (v: unknown) => {
  const s = JSON.stringify(v);
  return s === undefined ? 'undefined' : p(s.length > 80 ? `${s.slice(0, 77)}...` : s);
};

function changeLine(c: Change): string {
  const at = p(c.path) || '(whole value)';
  if (c.kind === 'added') return `${at}: + ${show(c.after)}`;
  if (c.kind === 'removed') return `${at}: - ${show(c.before)}`;
  return `${at}: ${show(c.before)} → ${show(c.after)}`;
}

function items(title: string, d: ItemsDiff, names: [string, string]): string[] {
  if (d.notListed === 'before' || d.notListed === 'after')
    return [`${title}: not listed in ${p(d.notListed === 'before' ? names[0] : names[1])} (unknown, not compared)`];
  if (!d.added.length && !d.removed.length && !d.changed.length) return [];
  const out = [`${title}: ${d.added.length} added, ${d.removed.length} removed, ${d.changed.length} changed`];
  for (const n of d.added) out.push(`  + ${p(n)}`);
  for (const n of d.removed) out.push(`  - ${p(n)}`);
  for (const c of d.changed) out.push(`  ~ ${p(c.name)}`, ...c.changes.map((x) => `      ${changeLine(x)}`));
  return out;
}

const ms = (s: LatencyRow['before']) => (s ? `${s.medianMs.toFixed(1)}/${s.maxMs.toFixed(1)} ms ×${s.count}` : '—');

export function formatDiff(d: TraceDiff, names: [string, string] = ['A', 'B']): string {
  const out = [`loupe diff: ${names[0]} → ${names[1]}`];
  if (d.negotiatedVersion) out.push(`negotiated version: ${p(d.negotiatedVersion.before ?? 'none')} → ${p(d.negotiatedVersion.after ?? 'none')}`);
  out.push(
    ...items('tools', d.tools, names),
    ...items('resources', d.resources, names),
    ...items('resource templates', d.resourceTemplates, names),
    ...items('prompts', d.prompts, names),
  );
  for (const side of ['server', 'client'] as const) {
    if (d.capabilities[side].length) out.push(`${side} capabilities:`, ...d.capabilities[side].map((c) => `  ~ ${changeLine(c)}`));
  }
  const { added, removed } = d.annotations;
  if (added.length || removed.length) {
    out.push(`annotations: ${added.length} new, ${removed.length} gone`);
    for (const a of added) out.push(`  + [${a.severity}] ${a.rule}: ${p(a.message)}${a.count > 1 ? ` (×${a.count})` : ''}`);
    for (const a of removed) out.push(`  - [${a.severity}] ${a.rule}: ${p(a.message)}${a.count > 1 ? ` (×${a.count})` : ''}`);
  }
  if (d.latency.length) {
    out.push('latency per method (median/max, informational):');
    const width = Math.max(...d.latency.map((r) => p(r.method).length));
    for (const r of d.latency) out.push(`  ${p(r.method).padEnd(width)}  ${ms(r.before)} → ${ms(r.after)}`);
  }
  out.push(d.different ? 'the traces differ' : 'no differences (latency aside)');
  return out.join('\n') + '\n';
}
