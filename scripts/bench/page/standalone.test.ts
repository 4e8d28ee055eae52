import { afterEach, describe, expect, it, vi } from 'vitest';
import { positionalCounts } from './standalone';

describe('positionalCounts', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes positive whole numbers in order and defaults the rest', () => {
    expect(positionalCounts('u', ['rounds', 'rate'], [5, 2000], ['3'])).toEqual([3, 2000]);
    expect(positionalCounts('u', ['rounds', 'rate'], [5, 2000], [])).toEqual([5, 2000]);
  });

  it.each([
    [['abc'], "rounds takes a positive whole number, got 'abc'"],
    [['0'], "rounds takes a positive whole number, got '0'"],
    [['1', '2.5'], "rate takes a positive whole number, got '2.5'"],
    [['1', '2', '3'], "unexpected '3'"],
  ])('refuses %j with the usage, exit 2', (argv, message) => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => positionalCounts('npx tsx run.ts [rounds] [rate]', ['rounds', 'rate'], [5, 2000], argv)).toThrow('exit 2');
    expect(exit).toHaveBeenCalledWith(2);
    expect(error).toHaveBeenCalledWith(`${message}\nusage: npx tsx run.ts [rounds] [rate]`);
  });
});
