import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan, tooDeep } from './json-depth';

const nested = (levels: number) => JSON.parse('['.repeat(levels) + ']'.repeat(levels)) as unknown;

describe('nestsDeeperThan', () => {
  it('counts the top level as one and scalars as no level', () => {
    expect(nestsDeeperThan(1, 0)).toBe(false);
    expect(nestsDeeperThan({}, 1)).toBe(false);
    expect(nestsDeeperThan({ a: [] }, 1)).toBe(true);
    expect(nestsDeeperThan({ a: [1, 'x', null] }, 2)).toBe(false);
  });

  it('takes the limit itself and refuses one level more, on any branch', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan({ shallow: 1, list: [{}, { deep: nested(MAX_JSON_DEPTH) }] })).toBe(true);
  });

  it('measures a value far deeper than the call stack without overflowing it', () => {
    expect(nestsDeeperThan(nested(200_000), 300_000)).toBe(false);
    expect(nestsDeeperThan(nested(200_000))).toBe(true);
  });

  it('says the limit in its refusal', () => {
    expect(tooDeep()).toBe('nested more than 1000 levels deep, the limit');
  });
});
