import { describe, expect, it } from 'vitest';
import { readTraceText, traceModelOptions, writeTrace } from './index';
import { header, lines, message } from './testing';

const frames = [message(1, 'c2s', { jsonrpc: '2.0', id: 1, method: 'ping' })];

describe("the trace header's request timeout", () => {
  it('survives a round trip, and the file is judged with it', () => {
    const back = readTraceText(writeTrace({ header: header({ requestTimeoutMs: 5_000 }), frames }));
    expect(back.header.requestTimeoutMs).toBe(5_000);
    expect(traceModelOptions(back.header)).toEqual({ framing: 'lines', timeoutMs: 5_000 });
  });

  it('is optional: a file written without it reads, and gets the default, 60 s', () => {
    const back = readTraceText(writeTrace({ header: header(), frames }));
    expect(back.header.requestTimeoutMs).toBeUndefined();
    expect(traceModelOptions(back.header).timeoutMs).toBe(60_000);
  });

  it('refuses a timeout that is not a whole number of milliseconds above 0', () => {
    for (const bad of [0, -5, 1.5, '30000']) {
      expect(() => readTraceText(lines({ ...header(), requestTimeoutMs: bad }))).toThrow(/requestTimeoutMs/);
    }
  });
});
