import { describe, expect, it } from 'vitest';
import golden from '../../e2e/golden/everything-stdio.v2.loupe.ndjson?raw';
import { diffTraces } from '../diff';
import { readTraceText, traceModelOptions, type Trace } from '../trace';
import { SessionModel } from './session-model';
import { finishedCopyOf, modelOfTrace } from './trace-model';

/** The golden session (initialize took 369 ms) recorded by a client that waited `timeoutMs`. */
function recorded(timeoutMs?: number): Trace {
  const trace = readTraceText(golden);
  return { ...trace, header: { ...trace.header, ...(timeoutMs === undefined ? {} : { requestTimeoutMs: timeoutMs }) } };
}

/** A model as the page builds one for a file it opened (lib/browser/trace.ts), frames appended as they are read. */
function opened(trace: Trace): SessionModel {
  const model = new SessionModel({ source: 'file', ...traceModelOptions(trace.header) });
  model.append(trace.frames);
  return model;
}

const rules = (m: SessionModel) => m.annotations.map((a) => a.rule);

describe('finishedCopyOf', () => {
  it('judges a copy as the original judges it: the header’s timeout and framing', () => {
    const strict = opened(recorded(100));
    const copy = finishedCopyOf(strict);
    expect(copy.timeoutMs).toBe(100);
    expect(copy.framing).toBe('lines');
    expect(rules(copy)).toContain('timing.no-response');
    expect(rules(finishedCopyOf(opened(recorded())))).not.toContain('timing.no-response');
  });

  it('compares two open files as loupe diff compares them', () => {
    const [a, b] = [recorded(), recorded(100)];
    const inPage = diffTraces(finishedCopyOf(opened(a)), finishedCopyOf(opened(b)));
    expect(inPage).toEqual(diffTraces(modelOfTrace(a), modelOfTrace(b)));
    expect(inPage.annotations.added.map((x) => x.rule)).toEqual(['timing.no-response']);
  });
});
