/**
 * Letting go of calls that are over (CallIndex.release), as the live OpenTelemetry export does
 * after each frame that ends one: what is let go leaves every look-up at once, what is open still
 * pairs, and each release costs what it lets go of, not the number of calls still open. The cost
 * is counted in reads of `all`, the list a scan would walk, not timed.
 */
import { describe, expect, it } from 'vitest';
import { CallIndex, type Call } from './calls';

/** A CallIndex whose `all` counts the entries read from it. */
function countingIndex(): { calls: CallIndex; reads: () => number } {
  const calls = new CallIndex();
  let reads = 0;
  const all = new Proxy(calls.all, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  Object.defineProperty(calls, 'all', { value: all });
  return { calls, reads: () => reads };
}

const OPEN = 5_000;

describe('CallIndex.release', () => {
  it('lets go of each call as it ends, at a cost that does not grow with the calls still open', () => {
    const { calls, reads } = countingIndex();
    const requests: Call[] = [];
    for (let id = 1; id <= OPEN; id++) requests.push(calls.request(id, id, 'c2s', id, 'tools/call')!);
    // A progress notification and a cancellation name calls that later end.
    calls.progress(requests[0], OPEN + 1);
    calls.cancel(requests[1], OPEN + 2, 0);
    const before = reads();

    // Answered newest first, one release after each answer, as a frame at a time would.
    let seq = OPEN + 10;
    const letGo: Call[] = [];
    for (let i = OPEN - 1; i >= 0; i--) {
      const m = calls.match('s2c', requests[i].id)!;
      expect(m).toEqual({ call: requests[i], duplicate: false });
      calls.answer(m.call, seq, seq, false);
      letGo.push(...calls.release());
      expect(calls.callAt(seq)).toBeUndefined();
      expect(calls.callAt(requests[i].seq)).toBeUndefined();
      seq++;
      if (i === OPEN / 2) {
        // Half are over: those still open are held and pair as before; none of those let go is found.
        expect(calls.size).toBe(OPEN / 2);
        expect(calls.callAt(requests[0].seq)).toBe(requests[0]);
        expect(calls.all.length).toBeLessThanOrEqual(2 * calls.size);
      }
    }
    expect(letGo).toHaveLength(OPEN);
    expect(new Set(letGo).size).toBe(OPEN);
    // A scan of the open calls per release reads about OPEN² / 2 entries; this reads a few per call.
    expect(reads() - before).toBeLessThan(4 * OPEN);

    // Nothing is held once every call ended: no call, no notification's link to one, no id to pair with.
    expect(calls.size).toBe(0);
    expect(calls.all).toHaveLength(0);
    expect(calls.progressAt(OPEN + 1)).toBeUndefined();
    expect(calls.cancelledAt(OPEN + 2)).toBeUndefined();
    expect(calls.match('s2c', 1)).toBeUndefined();
    expect(calls.latest('c2s', 1)).toBeUndefined();
  });

  it('lets go of every call, open or not, once the session ended', () => {
    const calls = new CallIndex();
    const a = calls.request(1, 1, 'c2s', 1, 'tools/list')!;
    const b = calls.request(2, 2, 'c2s', 2, 'tools/list')!;
    calls.answer(a, 3, 3, false);
    expect(calls.release()).toEqual([a]);
    expect(calls.release(true)).toEqual([b]);
    expect(calls.size).toBe(0);
    expect(calls.callAt(2)).toBeUndefined();
  });
});
