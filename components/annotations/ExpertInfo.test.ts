import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { analyze, type Annotation } from '../../lib/analyze';
import { script } from '../../lib/analyze/testing';
import { ExpertInfo } from './ExpertInfo';
import { SeverityMark } from './SeverityMark';

const trace = script()
  .s('Server started')
  .handshake({ server: { tools: {} } })
  .c({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
  .s({ jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'a b', inputSchema: { type: 'object' } }] } })
  .s({ jsonrpc: '2.0', id: 1, result: { tools: [] } })
  .frame('s2c', 'stderr', 'debug: ready');
const { annotations } = analyze(trace.frames);
const render = (props: Partial<Parameters<typeof ExpertInfo>[0]> = {}) =>
  renderToStaticMarkup(createElement(ExpertInfo, { annotations, onSelectFrame: () => {}, ...props }));

describe('ExpertInfo', () => {
  it('groups real annotations by severity and group, with counts', () => {
    const html = render();
    expect(html).toContain('aria-label="Expert info"');
    expect(html).toContain('Errors (2)</h3>');
    expect(html).toContain('aria-label="jsonrpc error annotations"');
    expect(html).toContain('aria-label="tools warning annotations"');
    expect(html).toContain('aria-label="Go to frame 1: a non-JSON line on the server&#x27;s stdout');
  });

  it('links each annotation to its spec section in a new tab, https only', () => {
    const forged: Annotation = { ...annotations[0], spec: 'javascript:alert(1)' };
    const html = renderToStaticMarkup(createElement(ExpertInfo, { annotations: [annotations[0], forged], onSelectFrame: () => {} }));
    expect(html).toContain('href="https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#stdio" target="_blank" rel="noopener noreferrer"');
    expect(html).not.toContain('javascript:');
  });

  it('applies a starting filter by severity, group and rule id', () => {
    const html = render({ initialFilter: { severities: ['warning'] } });
    expect(html).not.toContain('jsonrpc error annotations');
    expect(html).toContain('tools warning annotations');
    expect(render({ initialFilter: { rules: ['stdio.stderr'] } })).toContain('1 of 4 shown');
    expect(render({ initialFilter: { groups: ['nothing'] } })).toContain('No annotation matches these filters.');
  });

  it('says so when there is nothing to show', () => {
    expect(renderToStaticMarkup(createElement(ExpertInfo, { annotations: [], onSelectFrame: () => {} }))).toContain('No annotations');
  });
});

describe('SeverityMark', () => {
  it('shows the worst severity of a row with the counts as its name', () => {
    const html = renderToStaticMarkup(createElement(SeverityMark, { annotations }));
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="2 errors, 1 warning, 1 info"');
    expect(html).toContain('text-red-400');
    expect(renderToStaticMarkup(createElement(SeverityMark, { annotations: [] }))).toBe('');
  });
});
