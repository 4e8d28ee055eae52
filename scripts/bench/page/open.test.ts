import { describe, expect, it } from 'vitest';
import { cpuSince, jsMs, type Profile } from './open';

const frame = (id: number, functionName: string) => ({ id, callFrame: { functionName, url: '' } });

describe('the page open figures', () => {
  it("counts a profile's JavaScript samples, not idle, the browser's own work or the root", () => {
    // timeDeltas[i] is the time before sample i, so each sample lasts the next delta (µs).
    const profile: Profile = {
      nodes: [frame(1, '(root)'), frame(2, '(idle)'), frame(3, '(program)'), frame(4, 'instantiateModule'), frame(5, '(garbage collector)')],
      samples: [2, 4, 4, 3, 5, 4],
      timeDeltas: [0, 1000, 2000, 500, 250, 4000, 9000],
    };
    // Samples of 4 last 2000, 500 and 9000 µs; the collector's 4000.
    expect(jsMs(profile)).toBe(15.5);
  });

  it('adds what each renderer used meanwhile: a new one whole, one that ended not at all', () => {
    const before = new Map([
      [10, 500],
      [11, 40],
    ]);
    const after = new Map([
      [10, 650],
      [12, 900],
    ]);
    expect(cpuSince(before, after)).toBe(1050);
    expect(cpuSince(undefined, after)).toBeUndefined();
  });
});
