import { describe, expect, it } from 'vitest';
import { findingsByFrame, type ViewAnnotation } from './annotation';

const note = (severity: ViewAnnotation['severity'], frames: number[], rule: string, message: string): ViewAnnotation => ({ severity, frames, rule, message });

describe('findingsByFrame', () => {
  it('says what the mark is and lists each finding of a frame, worst first', () => {
    const m = findingsByFrame([
      note('info', [3], 'stdio.stderr-banner', 'the server wrote to stderr before its first message'),
      note('warning', [3, 4], 'jsonrpc.method-not-found', 'the server does not know x/one'),
    ]);
    expect(m.get(3)).toBe(
      'The analyser has 2 findings on this frame (the Annotations tab lists them all):\n' +
        'warning: the server does not know x/one (jsonrpc.method-not-found)\n' +
        'info: the server wrote to stderr before its first message (stdio.stderr-banner)',
    );
    expect(m.get(4)).toBe(
      'The analyser has a finding on this frame (the Annotations tab lists them all):\nwarning: the server does not know x/one (jsonrpc.method-not-found)',
    );
    expect(m.has(5)).toBe(false);
  });
});
