/** Renders the figures as a plain table with the targets beside them. */
export interface Row {
  label: string;
  cells: string[];
  target?: string;
  /** Whether the figure meets its target; shown as a mark, not a verdict. */
  meets?: boolean;
}

export function renderTable(title: string, header: string[], rows: Row[]): string {
  const widths = [Math.max(...rows.map((r) => r.label.length), 0), ...header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r.cells[i] ?? '').length)))];
  const line = (label: string, cells: string[], tail = '') =>
    `  ${label.padEnd(widths[0])}  ${cells.map((c, i) => c.padStart(widths[i + 1])).join('  ')}${tail ? `   ${tail}` : ''}`.trimEnd();
  const out = [title, line('', header, 'target')];
  for (const r of rows) {
    const mark = r.meets === undefined ? '' : r.meets ? ' (met)' : ' (NOT met)';
    out.push(line(r.label, r.cells, r.target ? `${r.target}${mark}` : ''));
  }
  return out.join('\n');
}

export function ms(x: number): string {
  return `${x.toFixed(3)} ms`;
}

export function perSecond(x: number): string {
  return `${Math.round(x).toLocaleString('en-US')}/s`;
}
