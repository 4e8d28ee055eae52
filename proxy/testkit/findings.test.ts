import { describe, expect, it } from 'vitest';
import { findingsOf } from './findings';
import { modelOfTrace } from '../../lib/model/trace-model';
import { header } from '../../lib/trace/testing';
import type { Frame } from '../../lib/mcp/frame';

const text = (seq: number, raw: string): Frame => ({ seq, ts: seq * 1000, dir: 'c2s', lane: 'message', raw, size: raw.length });

describe('the test kit reads findings from the model', () => {
  // A request split over two frames with no meta: a multi-line message on stdio, two invalid
  // messages over HTTP. The kit must tell the story the export's header (its framing) tells.
  const frames = [text(1, '{"jsonrpc":"2.0","id":1,'), text(2, '"method":"ping"}')];
  const trace = (framing: 'lines' | 'messages') => ({
    frames,
    header: header({ target: { transport: 'stdio', framing, name: 't', command: 'node', args: [] } }),
  });

  it('judges with the framing the trace declares, exactly as the model holds it', () => {
    const lines = modelOfTrace(trace('lines'));
    expect(findingsOf(lines).map((f) => f.rule)).toContain('stdio.multiline-json');
    expect(findingsOf(lines)).toEqual(lines.annotations.map((a) => ({ rule: a.rule, severity: a.severity, frame: a.frames[0], message: a.message })));
    expect(findingsOf(modelOfTrace(trace('messages'))).map((f) => f.rule)).toContain('jsonrpc.invalid-json');
    expect(findingsOf(modelOfTrace(trace('messages'))).map((f) => f.rule)).not.toContain('stdio.multiline-json');
  });

  it('keeps the findings at or above a severity', () => {
    const model = modelOfTrace(trace('messages'));
    expect(findingsOf(model, { severity: 'error' }).every((f) => f.severity === 'error')).toBe(true);
    expect(findingsOf(model, { severity: 'error' }).length).toBeGreaterThan(0);
  });

  it("holds the Apps rules' findings on an app's channel, with the session's", () => {
    // The View asks the host to open a link before its ui/initialize: app.initialize-first.
    const app = (seq: number, raw: string): Frame => ({ ...text(seq, raw), channel: 'app:1' });
    const model = modelOfTrace({
      frames: [app(1, '{"jsonrpc":"2.0","id":1,"method":"ui/open-link","params":{"url":"https://example.com/"}}')],
      header: header({ target: { transport: 'stdio', framing: 'lines', name: 't', command: 'node', args: [] } }),
    });
    expect(findingsOf(model, { severity: 'error' })).toContainEqual(expect.objectContaining({ rule: 'app.initialize-first', frame: 1 }));
  });
});
