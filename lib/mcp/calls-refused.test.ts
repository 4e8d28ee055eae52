/**
 * Calls the transport refused (an HTTP POST answered 4xx or 5xx that did not answer them) are over:
 * a bounded reader's compaction lets them go, where an answered call goes into a run, so a long
 * session of refusals holds none of them; the id stays free for a resend.
 */
import { describe, expect, it } from 'vitest';
import { CallIndex } from './calls';

describe('refused calls', () => {
  it('go at the next compaction, found by no look-up, their ids free for a resend', () => {
    const calls = new CallIndex();
    for (let i = 1; i <= 5_000; i++) calls.refuse(calls.request(i, i, 'c2s', i, 'tools/call', { name: 'echo' })!);
    const open = calls.request(5_001, 5_001, 'c2s', 'still-open', 'ping')!;
    expect(calls.all.length).toBe(5_001);
    calls.compactAnswered(
      () => undefined,
      () => {},
    );
    expect(calls.all).toEqual([open]);
    expect(calls.callAt(1)).toBeUndefined();
    expect(calls.latest('c2s', 1)).toBeUndefined();
    // A resend of a refused id is a call of its own.
    const again = calls.request(5_002, 5_002, 'c2s', 1, 'tools/call', { name: 'echo' })!;
    expect(calls.latest('c2s', 1)).toBe(again);
  });

  it('stay when the caller reads them again', () => {
    const calls = new CallIndex();
    const refused = calls.request(1, 1, 'c2s', 1, 'tools/call')!;
    calls.refuse(refused);
    calls.compactAnswered(
      () => undefined,
      () => {},
      () => true,
    );
    expect(calls.all).toEqual([refused]);
  });
});
