/**
 * A standalone SVG of a range of the diagram, built as a string. Labels are server-controlled
 * text: everything is XML-escaped, and characters XML cannot carry are dropped.
 */
import { diagramWidth, laneTitle, laneXs, listenLaneX, rowShape, spanX, LANE_ORDER, type Lanes, type SequenceLayout } from '../view/sequence-layout';
import { clip, formatUs } from '../view/row-label';
import { listenLaneCaption } from '../view/listen-lanes';
import { FORWARD_COLOR, KIND_COLOR, LIFELINE_COLOR, LISTEN_LANE_COLOR, SEVERITY_COLOR, SPAN_COLOR, type Severity } from '../view/palette';

export function xmlText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

export interface SvgOptions {
  width: number;
  severityOf?: (seq: number) => Severity | undefined;
}

const HEADER = 28;

export function sequenceToSvg(layout: SequenceLayout, first: number, last: number, opts: SvgOptions): string {
  const lanes = laneXs(opts.width, layout.model.session.appChannels);
  const width = diagramWidth(opts.width);
  const h = layout.options.rowHeight;
  const top0 = last >= first ? layout.offsets.top(first) : 0;
  const body = last >= first ? layout.offsets.top(last) + h - top0 : 0;
  const y = (p: number) => HEADER + layout.offsets.top(p) - top0;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEADER + body}" font-family="ui-monospace, monospace" font-size="11">`);
  out.push(`<rect width="100%" height="100%" fill="#09090b"/>`);
  for (const lane of LANE_ORDER) {
    const x = lanes[lane];
    out.push(
      `<line x1="${x}" y1="${HEADER - 6}" x2="${x}" y2="${HEADER + body}" stroke="${LIFELINE_COLOR}" stroke-dasharray="${lane === 'client' || lane === 'server' ? '' : '2 3'}"/>`,
    );
    out.push(`<text x="${x}" y="16" fill="#e4e4e7" text-anchor="middle">${xmlText(laneTitle(lane, lanes))}</text>`);
  }
  // Each MCP App is a participant of its own, left of its host (the client).
  for (const app of lanes.apps) {
    out.push(`<line x1="${app.x}" y1="${HEADER - 6}" x2="${app.x}" y2="${HEADER + body}" stroke="${LIFELINE_COLOR}"/>`);
    out.push(`<text x="${app.x}" y="16" fill="#e4e4e7" text-anchor="middle">${xmlText(app.title)}</text>`);
  }
  for (const gap of layout.offsets.gapsIn(first, last)) {
    const gy = y(gap.position) - layout.options.gapHeight;
    out.push(`<rect x="0" y="${gy + 3}" width="${width}" height="${layout.options.gapHeight - 6}" fill="#18181b"/>`);
    out.push(
      `<text x="${(lanes.client + lanes.server) / 2}" y="${gy + layout.options.gapHeight / 2 + 4}" fill="#a1a1aa" text-anchor="middle">${xmlText(`⋯ ${formatUs(gap.us)} ⋯`)}</text>`,
    );
  }
  for (const span of layout.spans(first, last)) {
    const lane = spanX(span, lanes);
    const y1 = span.from < first ? HEADER : y(span.from) + h / 2;
    const y2 = span.to < 0 || span.to > last ? HEADER + body : y(span.to) + h / 2;
    out.push(`<rect x="${lane - 3}" y="${y1}" width="6" height="${Math.max(0, y2 - y1)}" fill="${SPAN_COLOR}"/>`);
  }
  for (const f of layout.forwards(first, last)) {
    const y1 = f.from < first ? HEADER : y(f.from) + h / 2;
    const y2 = f.to < 0 || f.to > last ? HEADER + body : y(f.to) + h / 2;
    out.push(
      `<line x1="${lanes.client + 4}" y1="${y1}" x2="${lanes.client + 4}" y2="${y2}" stroke="${FORWARD_COLOR}" stroke-width="2" stroke-dasharray="3 2"/>`,
    );
  }
  // Listen streams as lanes beside the server, as the live diagram draws them (ListenLaneLayer).
  for (const { lane, from, to, marks } of layout.listenLanes(first, last)) {
    const x = listenLaneX(lane.column, lanes);
    const color = lane.endSeq === undefined ? LISTEN_LANE_COLOR.open : LISTEN_LANE_COLOR.ended;
    const y1 = from < first ? HEADER : y(from) + h / 2;
    const y2 = to < 0 || to > last ? HEADER + body : y(to) + h / 2;
    out.push(`<rect x="${x - 2}" y="${y1}" width="4" height="${Math.max(0, y2 - y1)}" fill="${color}" opacity="0.55"/>`);
    for (const p of marks) out.push(`<circle cx="${x}" cy="${y(p) + h / 2}" r="3.5" fill="${color}"/>`);
    if (from >= first)
      out.push(`<text x="${lanes.server - 6}" y="${y1 - 4}" fill="${color}" font-size="10" text-anchor="end">${xmlText(listenLaneCaption(lane))}</text>`);
  }
  for (let p = first; p <= last; p++) out.push(rowSvg(layout, p, y(p) + h / 2, lanes, opts));
  out.push('</svg>');
  return out.join('\n');
}

function rowSvg(layout: SequenceLayout, p: number, cy: number, lanes: Lanes, opts: SvgOptions): string {
  const row = layout.rowAt(p);
  const shape = rowShape(row, lanes);
  const color = KIND_COLOR[row.kind];
  const severity = opts.severityOf?.(row.seq);
  const parts = [`<text x="6" y="${cy + 4}" fill="#71717a">${row.seq}</text>`];
  // The dot says in words what its colour means, as the live diagram's tooltip does.
  if (severity) parts.push(`<circle cx="48" cy="${cy}" r="4" fill="${SEVERITY_COLOR[severity]}"><title>${severity} finding on #${row.seq}</title></circle>`);
  if (shape.type === 'mark') {
    parts.push(`<circle cx="${shape.x1}" cy="${cy}" r="4" fill="${color}"/>`);
  } else {
    const dir = Math.sign(shape.x2 - shape.x1) || 1;
    parts.push(
      `<line x1="${shape.x1}" y1="${cy}" x2="${shape.x2}" y2="${cy}" stroke="${color}" stroke-width="1.5"${shape.dashed ? ' stroke-dasharray="5 3"' : ''}/>`,
    );
    if (shape.head === 'cross') {
      parts.push(`<path d="M${shape.x2 - 4} ${cy - 4}l8 8M${shape.x2 - 4} ${cy + 4}l8 -8" stroke="${color}" stroke-width="1.5"/>`);
    } else {
      const back = shape.x2 - dir * 7;
      parts.push(
        `<path d="M${back} ${cy - 4}L${shape.x2} ${cy}L${back} ${cy + 4}${shape.head === 'filled' ? 'Z' : ''}" fill="${shape.head === 'filled' ? color : 'none'}" stroke="${color}"/>`,
      );
    }
  }
  const latency = row.kind !== 'request' && row.latencyUs !== undefined ? `  ${formatUs(row.latencyUs)}` : '';
  parts.push(`<text x="${shape.labelX}" y="${cy - 3}" fill="${color}" text-anchor="${shape.labelAnchor}">${xmlText(clip(row.label) + latency)}</text>`);
  return `<g>${parts.join('')}</g>`;
}
