import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes';

describe('formatBytes', () => {
  it('reads bytes, then binary multiples with their IEC names', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(2048)).toBe('2.0 KiB');
    expect(formatBytes(2150)).toBe('2.1 KiB');
    expect(formatBytes(64 * 2 ** 20)).toBe('64.0 MiB');
    expect(formatBytes(3 * 2 ** 30)).toBe('3.0 GiB');
  });
});
