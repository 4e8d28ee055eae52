import { describe, expect, it } from 'vitest';
import { SequenceModel } from '../view/sequence-model';
import { SequenceLayout, DEFAULT_LAYOUT } from '../view/sequence-layout';
import { sequenceToMermaid, mermaidText } from './sequence-mermaid';
import { sequenceToSvg, xmlText } from './sequence-svg';
import { FrameScript } from '../view/frames.fixture';

const EVIL = '</text><script>alert(1)</script>%%{init: {"theme":"dark"}}%%\nC->>S: injected; #1;';

function layoutOf(s: FrameScript, time = false) {
  const m = new SequenceModel();
  m.push(s.frames);
  return new SequenceLayout(m, { ...DEFAULT_LAYOUT, mode: time ? 'time' : 'rows' });
}

function session() {
  const s = new FrameScript().handshake({ sampling: {} });
  s.request('c2s', 1, 'tools/call');
  s.request('s2c', 0, 'sampling/createMessage');
  s.result('c2s', 0);
  s.result('s2c', 1);
  s.raw('s2c', EVIL, 'stderr');
  s.notify('s2c', EVIL);
  return s;
}

describe('Mermaid export', () => {
  it('writes one arrow per message, with activations for pairs inside the range', () => {
    const layout = layoutOf(session());
    const text = sequenceToMermaid(layout, 0, 6);
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('sequenceDiagram');
    expect(lines).toContain('  C->>S: 1 initialize #35;0');
    expect(lines).toContain('  S-->>C: 2 initialize result (100 #181;s)');
    expect(lines).toContain('  C-)S: 3 notifications/initialized');
    expect(lines).toContain('  S->>C: 5 sampling/createMessage #35;0');
    const acts = lines.filter((l) => /^\s+(activate|deactivate)/.test(l));
    expect(acts).toEqual(['  activate S', '  deactivate S', '  activate S', '  activate C', '  deactivate C', '  deactivate S']);
  });

  it('leaves out activations whose other end is outside the range', () => {
    const text = sequenceToMermaid(layoutOf(session()), 1, 3);
    expect(text).not.toMatch(/activate/);
  });

  it('escapes server text so nothing leaks out of a label', () => {
    const text = sequenceToMermaid(layoutOf(session()), 0, 8);
    const labels = text
      .split('\n')
      .filter((l) => l.includes(': '))
      .map((l) => l.slice(l.indexOf(': ') + 2));
    for (const label of labels) expect(label.replace(/#\d+;/g, '')).toMatch(/^[A-Za-z0-9 _.\-/()]*$/);
    expect(text.split('\n').filter((l) => l.includes('injected'))).toHaveLength(2);
    for (const line of text.trim().split('\n').slice(1))
      expect(line).toMatch(/^ {2}(participant|activate|deactivate|Note over|[CSELH](->>|-->>|--x|-\)|-x|--\))[CSELH]:)/);
    expect(mermaidText('a;b#c\n')).toBe('a#59;b#35;c');
  });

  it('marks compressed gaps in time mode', () => {
    const s = new FrameScript().handshake();
    s.wait(5_000_000).notify('c2s', 'notifications/roots/list_changed');
    expect(sequenceToMermaid(layoutOf(s, true), 0, 3)).toContain('Note over C,S: gap of 5.00 s');
  });
});

describe('SVG export', () => {
  it('draws lanes, arrows and labels for the range only', () => {
    const svg = sequenceToSvg(layoutOf(session()), 3, 6, { width: 900 });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('>tools/call #1<');
    expect(svg).not.toContain('initialize');
    expect(svg.match(/<g>/g)).toHaveLength(4);
  });

  it('escapes server text and drops characters XML cannot hold', () => {
    const svg = sequenceToSvg(layoutOf(session()), 0, 8, { width: 900, severityOf: (seq) => (seq === 9 ? 'error' : undefined) });
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;/text&gt;&lt;script&gt;');
    expect(svg).toContain('fill="#f87171"><title>error finding on #9</title></circle>');
    expect(xmlText('a\u0001b\ud800c&')).toBe('abc&amp;');
  });
});
