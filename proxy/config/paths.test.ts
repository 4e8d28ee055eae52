import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfigDir } from './paths';

describe('resolveConfigDir', () => {
  it('prefers the flag, then LOUPE_CONFIG_DIR, then ~/.config/loupe', () => {
    expect(resolveConfigDir('/a', { LOUPE_CONFIG_DIR: '/b' })).toBe('/a');
    expect(resolveConfigDir(undefined, { LOUPE_CONFIG_DIR: '/b' })).toBe('/b');
    expect(resolveConfigDir(undefined, {})).toBe(path.join(os.homedir(), '.config', 'loupe'));
  });
});
